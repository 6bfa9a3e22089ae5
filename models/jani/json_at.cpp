#include "models/jani/json_at.hpp"

#include <algorithm>

#include "core/errors.hpp"

namespace sgplan::models::jani {

namespace {

// The 1-based line and column of byte `at` of `text`.
SourceLocation place_of_byte(const std::string& text, std::size_t at, const std::string& file) {
  at = std::min(at, text.size());
  int line = 1, column = 1;
  for (std::size_t k = 0; k < at; ++k) {
    if (text[k] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return SourceLocation{file, line, column};
}

// nlohmann's text is "[json.exception.parse_error.101] parse error at line 2, column 11: what":
// the place is said already, so only the what is kept.
std::string reason(const std::string& what) {
  std::string why = what;
  if (const std::size_t column = why.find("column "); column != std::string::npos) {
    if (const std::size_t colon = why.find(": ", column); colon != std::string::npos)
      return why.substr(colon + 2);
  }
  if (const std::size_t bracket = why.find("] "); bracket != std::string::npos)
    return why.substr(bracket + 2);
  return why;
}

}  // namespace

Json parse_json_text(const std::string& text, const std::string& file) {
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    // e.byte is the 1-based offset of the byte where parsing stopped.
    throw InputError(place_of_byte(text, e.byte == 0 ? 0 : e.byte - 1, file),
                     "not valid JSON: " + reason(e.what()));
  } catch (const Json::exception& e) {
    // A number beyond a double ("number overflow parsing '1e3082'"): nlohmann names the literal,
    // not its place, so the place is where the literal first occurs.
    const std::string why = reason(e.what());
    std::size_t at = 0;
    if (const std::size_t q = why.find('\''); q != std::string::npos) {
      const std::size_t end = why.find('\'', q + 1);
      if (end != std::string::npos) at = std::min(text.find(why.substr(q + 1, end - q - 1)), text.size());
    }
    throw InputError(place_of_byte(text, at, file), "not valid JSON: " + why);
  }
}

void fail_at(const std::string& file, const std::string& pointer, const std::string& message) {
  throw InputError(SourceLocation{file, 0, 0},
                   (pointer.empty() ? std::string("/") : pointer) + ": " + message);
}

std::string pointer_key(std::string_view key) {
  std::string out;
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

std::string JsonAt::what() const {
  const Json& v = *value_;
  if (v.is_object()) return "an object";
  if (v.is_array()) return "an array";
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    return "the string \"" + (s.size() > 40 ? s.substr(0, 40) + "..." : s) + "\"";
  }
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_null()) return "null";
  return "the number " + v.dump();
}

void JsonAt::require_object(const std::string& what) const {
  if (!value_->is_object()) fail("expected " + what + " (a JSON object), found " + this->what());
}

JsonAt JsonAt::at(const std::string& key) const {
  require_object("an object with the member \"" + key + "\"");
  const auto it = value_->find(key);
  if (it == value_->end()) fail("the member \"" + key + "\" is missing");
  return JsonAt(*it, *file_, pointer_ + "/" + pointer_key(key));
}

std::optional<JsonAt> JsonAt::find(const std::string& key) const {
  require_object("an object");
  const auto it = value_->find(key);
  if (it == value_->end()) return std::nullopt;
  return JsonAt(*it, *file_, pointer_ + "/" + pointer_key(key));
}

std::vector<JsonAt> JsonAt::items() const {
  if (!value_->is_array()) fail("expected an array, found " + what());
  std::vector<JsonAt> out;
  out.reserve(value_->size());
  for (std::size_t k = 0; k < value_->size(); ++k)
    out.emplace_back((*value_)[k], *file_, pointer_ + "/" + std::to_string(k));
  return out;
}

void JsonAt::check_keys(std::initializer_list<std::string_view> allowed) const {
  require_object("an object");
  for (const auto& [key, value] : value_->items()) {
    if (key == "comment" || key.rfind("x-", 0) == 0) continue;
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string list;
    for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    fail_at(*file_, pointer_ + "/" + pointer_key(key),
            "unknown member \"" + key + "\" (expected " + (list.empty() ? "none" : list) + ")");
  }
}

std::string JsonAt::string() const {
  if (!value_->is_string()) fail("expected a string, found " + what());
  return value_->get<std::string>();
}

std::string JsonAt::identifier() const {
  const std::string s = string();
  if (s.empty()) fail("expected a name, found the empty string");
  return s;
}

std::int64_t JsonAt::integer() const {
  if (value_->is_number_integer()) {
    if (value_->is_number_unsigned() && value_->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
      fail("the integer " + value_->dump() + " does not fit in 64 bits");
    return value_->get<std::int64_t>();
  }
  fail("expected an integer, found " + what());
}

bool JsonAt::boolean() const {
  if (!value_->is_boolean()) fail("expected true or false, found " + what());
  return value_->get<bool>();
}

}  // namespace sgplan::models::jani
