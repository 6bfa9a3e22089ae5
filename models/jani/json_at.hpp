// A JSON value read together with its place: the file and the JSON pointer (RFC 6901) from the
// document's root. Every error on a JANI file names that place, as `model.jani: /automata/0/
// edges/3/guard/exp: what was found, what was expected` (the JSON analogue of file:line:col).
// Members and elements are reached through at()/find()/items(), which extend the pointer, so a
// reader never loses track of where it is.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgplan::models::jani {

using Json = nlohmann::json;

// Parses a whole JANI file; InputError at file:line:col where the text is not JSON.
Json parse_json_text(const std::string& text, const std::string& file);

// The error of a place: "file: /pointer: message" (the root's pointer is written "/").
[[noreturn]] void fail_at(const std::string& file, const std::string& pointer, const std::string& message);

// RFC 6901: a key inside a pointer writes '~' as "~0" and '/' as "~1".
std::string pointer_key(std::string_view key);

class JsonAt {
 public:
  JsonAt(const Json& value, const std::string& file, std::string pointer)
      : value_(&value), file_(&file), pointer_(std::move(pointer)) {}

  const Json& json() const { return *value_; }
  const std::string& file() const { return *file_; }
  const std::string& pointer() const { return pointer_; }
  [[noreturn]] void fail(const std::string& message) const { fail_at(*file_, pointer_, message); }

  // An object's member: at() requires it, find() may miss it. Both require an object.
  JsonAt at(const std::string& key) const;
  std::optional<JsonAt> find(const std::string& key) const;
  // An array's elements (required to be an array).
  std::vector<JsonAt> items() const;
  // The object's members must be among `allowed`; "comment" and extension members ("x-...")
  // are always allowed. An unknown member is an error (a typo must not be silently ignored).
  void check_keys(std::initializer_list<std::string_view> allowed) const;

  bool is_object() const { return value_->is_object(); }
  std::string string() const;    // a string, else an error naming what it is
  std::int64_t integer() const;  // an integer that fits in 64 bits
  bool boolean() const;
  std::string identifier() const;  // a non-empty string
  std::string what() const;        // "an object", "the number 3", ... for messages
  void require_object(const std::string& what) const;

 private:
  const Json* value_;
  const std::string* file_;
  std::string pointer_;
};

}  // namespace sgplan::models::jani
