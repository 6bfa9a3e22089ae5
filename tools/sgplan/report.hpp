// One report per command: an ordered list of entries, each a JSON member, a labelled text line, or
// both, so a command states what it answers once and two printers write it: the text for people
// and one JSON object for programs. Keys and their order are documented in the README and pinned
// by the CLI tests; a text line may carry several JSON keys' worth ("nodes 12 entered, 3 leaves"),
// so the text of an entry is formatted by the command, and the printers only lay it out.
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sgplan::cli {

using Json = nlohmann::ordered_json;

class Report {
 public:
  static constexpr std::size_t kLabelWidth = 13;  // "first choice " is the longest common label
  // A command with longer labels (count's "reachable states") widens its column.
  explicit Report(std::size_t label_width = kLabelWidth) : label_width_(label_width) {}

  // `key: value` in the JSON and "label        text" in the text.
  Report& add(std::string key, Json value, std::string label, std::string text);
  // Only in the JSON (a figure the text line of another entry already shows, or a null).
  Report& json(std::string key, Json value);
  // Only in the text: a labelled line.
  Report& line(std::string label, std::string text);
  // Only in the text, as is (a table or a drawing that ends with its own newline).
  Report& block(std::string text);

  // Every entry in JSON, in order (a later entry with the same key replaces the value in place).
  Json to_json() const;
  // Every entry in text: the label padded to the label width, then the text.
  void print_text(std::ostream& out) const;
  // to_json() on one line, as print_json does.
  void print_json(std::ostream& out) const;
  void print(std::ostream& out, bool as_json) const { as_json ? print_json(out) : print_text(out); }

 private:
  enum class Kind { Both, JsonOnly, Line, Block };
  struct Entry {
    Kind kind;
    std::string key;
    Json value;
    std::string label;
    std::string text;
  };
  std::size_t label_width_;
  std::vector<Entry> entries_;
};

}  // namespace sgplan::cli
