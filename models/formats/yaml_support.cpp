#include "models/formats/yaml_support.hpp"

#include <yaml-cpp/depthguard.h>

#include <charconv>
#include <fstream>
#include <sstream>

namespace sgplan::models::formats {

namespace {

std::string describe(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Null:
      return "nothing";
    case YAML::NodeType::Scalar:
      return "'" + node.Scalar() + "'";
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Map:
      return "a map";
    default:
      return "an undefined value";
  }
}

}  // namespace

std::string join_alternatives(std::initializer_list<std::string_view> items) {
  return join_alternatives(std::span<const std::string_view>(items.begin(), items.size()));
}

std::string join_alternatives(std::span<const std::string_view> items) {
  std::string out;
  std::size_t i = 0;
  for (std::string_view item : items) {
    if (i > 0) out += i + 1 == items.size() ? " or " : ", ";
    out += item;
    ++i;
  }
  return out;
}

YamlDocument YamlDocument::load_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourceLocation{path, 0, 0}, "cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return load_string(text.str(), path);
}

YamlDocument YamlDocument::load_string(const std::string& text, const std::string& name) {
  try {
    return YamlDocument(YAML::Load(text), name, text);
  } catch (const YAML::DeepRecursion& e) {
    // yaml-cpp parses nested collections recursively and stops at a fixed depth (its own guard
    // against a stack overflow), reporting only "bad file".
    throw InputError(SourceLocation{name, e.mark.line + 1, e.mark.column + 1},
                     "YAML nesting too deep: more than " + std::to_string(e.depth() - 1) +
                         " levels of nested maps and lists, the YAML parser's limit (a deeper game tree "
                         "can be written as a Gambit .efg file, which does not nest)");
  } catch (const YAML::ParserException& e) {
    throw InputError(SourceLocation{name, e.mark.line + 1, e.mark.column + 1}, "YAML syntax error: " + e.msg);
  }
}

std::string YamlDocument::source_line(int line) const {
  std::size_t start = 0;
  for (int i = 1; i < line; ++i) {
    start = text_.find('\n', start);
    if (start == std::string::npos) return {};
    ++start;
  }
  if (line < 1 || start > text_.size()) return {};
  const std::size_t end = text_.find('\n', start);
  return text_.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

SourceLocation YamlDocument::where(const YAML::Node& node) const {
  YAML::Mark mark = node.Mark();
  if (mark.is_null()) return SourceLocation{file_, 0, 0};
  return SourceLocation{file_, mark.line + 1, mark.column + 1};
}

SourceLocation YamlDocument::where_in_scalar(const YAML::Node& node, std::size_t offset) const {
  SourceLocation at = where(node);
  const YAML::Mark mark = node.Mark();
  if (mark.is_null() || !node.IsScalar() || mark.pos < 0) return at;
  const std::string& value = node.Scalar();
  std::size_t start = static_cast<std::size_t>(mark.pos);
  if (start < text_.size() && (text_[start] == '"' || text_[start] == '\'')) ++start;
  if (text_.compare(start, value.size(), value) != 0 || value.find('\n') != std::string::npos) return at;
  at.column += static_cast<int>(start - static_cast<std::size_t>(mark.pos) + offset);
  return at;
}

void YamlDocument::fail(const YAML::Node& node, const std::string& message) const {
  throw InputError(where(node), message);
}

void YamlDocument::require_map(const YAML::Node& node, std::string_view what) const {
  if (&node == &root_ && root_.IsNull()) {
    // The root of an empty file, one of only comments, or of a bare '---', has no position.
    throw InputError(
        SourceLocation{file_, 1, 1},
        "no YAML document (the file is empty, or holds only comments, '---' or null): expected " +
            std::string(what) + " as a map");
  }
  if (!node.IsMap()) fail(node, "expected " + std::string(what) + " as a map, found " + describe(node));
}

void YamlDocument::check_keys(const YAML::Node& node, std::initializer_list<std::string_view> allowed,
                              std::string_view what) const {
  require_map(node, what);
  for (const auto& kv : node) {
    if (!kv.first.IsScalar()) fail(kv.first, "expected a key name in " + std::string(what));
    const std::string& key = kv.first.Scalar();
    bool known = false;
    for (std::string_view a : allowed) known = known || key == a;
    if (!known) {
      fail(kv.first, "unknown key '" + key + "' in " + std::string(what) + " (expected " +
                         join_alternatives(allowed) + ")");
    }
  }
}

YAML::Node YamlDocument::required(const YAML::Node& node, const char* key, std::string_view what) const {
  YAML::Node value = node[key];
  if (!value.IsDefined()) fail(node, "missing key '" + std::string(key) + "' in " + std::string(what));
  return value;
}

std::string YamlDocument::scalar(const YAML::Node& node, std::string_view what) const {
  if (!node.IsScalar()) fail(node, "expected " + std::string(what) + ", found " + describe(node));
  return node.Scalar();
}

std::int64_t YamlDocument::integer(const YAML::Node& node, std::string_view what, std::int64_t min,
                                   std::int64_t max) const {
  const std::string text = scalar(node, what);
  std::int64_t value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size()) {
    fail(node, "expected " + std::string(what) + " (an integer), found '" + text + "'");
  }
  if (value < min || value > max) {
    fail(node, std::string(what) + " " + text + " is out of range (expected " + std::to_string(min) + " to " +
                   std::to_string(max) + ")");
  }
  return value;
}

bool YamlDocument::boolean(const YAML::Node& node, std::string_view what) const {
  const std::string text = scalar(node, what);
  if (text == "true") return true;
  if (text == "false") return false;
  fail(node, "expected " + std::string(what) + " (true or false), found '" + text + "'");
}

std::string YamlDocument::one_of(const YAML::Node& node, std::initializer_list<std::string_view> choices,
                                 std::string_view what) const {
  return one_of(node, std::span<const std::string_view>(choices.begin(), choices.size()), what);
}

std::string YamlDocument::one_of(const YAML::Node& node, std::span<const std::string_view> choices,
                                 std::string_view what) const {
  const std::string text = scalar(node, what);
  for (std::string_view c : choices) {
    if (text == c) return text;
  }
  fail(node,
       "unknown " + std::string(what) + " '" + text + "' (expected " + join_alternatives(choices) + ")");
}

}  // namespace sgplan::models::formats
