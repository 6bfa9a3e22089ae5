#include "models/formats/dot_export.hpp"

#include <cstdio>
#include <fstream>

#include "core/errors.hpp"

namespace sgplan::models::formats {

namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "\"";
}

std::string number(double p) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", p);
  return buffer;
}

}  // namespace

void write_dot(const mdp::StateGraph& g, const std::function<std::string(mdp::StateIndex)>& state_name,
               const std::string& path) {
  std::ofstream out(path);
  if (!out) throw InputError("cannot write " + path);
  out << "digraph sgplan {\n  rankdir=LR;\n  node [fontname=\"Helvetica\"];\n";
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    std::string attributes;
    switch (g.owner(s)) {
      case mdp::Owner::Max:
        attributes = "shape=box";
        break;
      case mdp::Owner::Min:
        attributes = "shape=diamond";
        break;
      case mdp::Owner::Chance:
        attributes = "shape=circle";
        break;
      case mdp::Owner::Terminal:
        attributes = "shape=doublecircle";
        if (g.terminal_value(s) == 1.0) attributes += ", color=darkgreen";
        if (g.terminal_value(s) == 0.0) attributes += ", color=red";
        break;
    }
    std::string label = state_name(s);
    if (g.is_terminal(s) && g.terminal_value(s) != 0.0 && g.terminal_value(s) != 1.0) {
      label += '\n';
      label += number(g.terminal_value(s));
    }
    if (s == g.initial_state()) attributes += ", penwidth=2.5";
    out << "  s" << s << " [label=" << quoted(label) << ", " << attributes << "];\n";
  }
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    for (mdp::ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
      const std::string label = g.choice_label(c);
      const std::size_t entries = g.end_entry(c) - g.first_entry(c);
      if (entries == 1) {
        out << "  s" << s << " -> s" << g.target(g.first_entry(c));
        if (!label.empty()) out << " [label=" << quoted(label) << "]";
        out << ";\n";
        continue;
      }
      out << "  c" << c << " [shape=point, label=\"\"];\n";
      out << "  s" << s << " -> c" << c << " [arrowhead=none";
      if (!label.empty()) out << ", label=" << quoted(label);
      out << "];\n";
      for (mdp::EntryIndex e = g.first_entry(c); e < g.end_entry(c); ++e) {
        out << "  c" << c << " -> s" << g.target(e) << " [label=" << quoted(number(g.probability(e)))
            << ", style=dashed];\n";
      }
    }
  }
  out << "}\n";
  if (!out) throw InputError("error while writing " + path);
}

}  // namespace sgplan::models::formats
