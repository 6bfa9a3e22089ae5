#include "tools/sgplan/report.hpp"

#include <algorithm>
#include <ostream>

namespace sgplan::cli {

Report& Report::add(std::string key, Json value, std::string label, std::string text) {
  entries_.push_back({Kind::Both, std::move(key), std::move(value), std::move(label), std::move(text)});
  return *this;
}

Report& Report::json(std::string key, Json value) {
  entries_.push_back({Kind::JsonOnly, std::move(key), std::move(value), {}, {}});
  return *this;
}

Report& Report::line(std::string label, std::string text) {
  entries_.push_back({Kind::Line, {}, {}, std::move(label), std::move(text)});
  return *this;
}

Report& Report::block(std::string text) {
  entries_.push_back({Kind::Block, {}, {}, {}, std::move(text)});
  return *this;
}

Json Report::to_json() const {
  Json out = Json::object();
  for (const Entry& e : entries_) {
    if (e.kind == Kind::Both || e.kind == Kind::JsonOnly) out[e.key] = e.value;
  }
  return out;
}

void Report::print_text(std::ostream& out) const {
  for (const Entry& e : entries_) {
    if (e.kind == Kind::Block) {
      out << e.text;
    } else if (e.kind != Kind::JsonOnly) {
      // A label as long as the column, or longer, keeps one space before its text.
      std::string label = e.label;
      label.resize(std::max(label.size() + 1, label_width_), ' ');
      out << label << e.text << "\n";
    }
  }
}

void Report::print_json(std::ostream& out) const {
  out << to_json().dump() << std::endl;  // flushed, as a reply a program waits for
}

}  // namespace sgplan::cli
