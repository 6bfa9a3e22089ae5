// The one place that turns yaml-cpp's nodes into checked values with file:line:col errors.
// Every YAML loader in models/ uses these helpers; nothing outside models/ includes yaml-cpp.
//
// yaml-cpp's Node::Mark() is 0-based; errors print it 1-based, as editors do.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.hpp"

namespace sgplan::models::formats {

class YamlDocument {
 public:
  // Parses the file; a syntax error becomes an InputError at the offending position.
  static YamlDocument load_file(const std::string& path);
  static YamlDocument load_string(const std::string& text, const std::string& name);

  const YAML::Node& root() const { return root_; }
  // The text of 1-based line `line` of the source ("" when out of range).
  std::string source_line(int line) const;
  const std::string& file() const { return file_; }
  // The document's source text (to locate positions inside a scalar, e.g. in a formula).
  const std::string& text() const { return text_; }
  // The file position of character `offset` of the plain or quoted one-line scalar `node`; the
  // scalar's own position when its text cannot be found verbatim in the source.
  SourceLocation where_in_scalar(const YAML::Node& node, std::size_t offset) const;

  SourceLocation where(const YAML::Node& node) const;
  [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const;

  // The node must be a map whose keys are all in `allowed` (a typo must not be silently
  // ignored); reports the first unknown key with the list of accepted ones.
  void require_map(const YAML::Node& node, std::string_view what) const;
  void check_keys(const YAML::Node& node, std::initializer_list<std::string_view> allowed,
                  std::string_view what) const;
  // A key that must be present in map `node`.
  YAML::Node required(const YAML::Node& node, const char* key, std::string_view what) const;

  std::string scalar(const YAML::Node& node, std::string_view what) const;
  std::int64_t integer(const YAML::Node& node, std::string_view what, std::int64_t min,
                       std::int64_t max) const;
  bool boolean(const YAML::Node& node, std::string_view what) const;
  // One of `choices`; the error lists them.
  std::string one_of(const YAML::Node& node, std::initializer_list<std::string_view> choices,
                     std::string_view what) const;
  std::string one_of(const YAML::Node& node, std::span<const std::string_view> choices,
                     std::string_view what) const;

 private:
  YamlDocument(YAML::Node root, std::string file, std::string text)
      : root_(std::move(root)), file_(std::move(file)), text_(std::move(text)) {}
  YAML::Node root_;
  std::string file_;
  std::string text_;
};

// "a, b or c"
std::string join_alternatives(std::initializer_list<std::string_view> items);
std::string join_alternatives(std::span<const std::string_view> items);

}  // namespace sgplan::models::formats
