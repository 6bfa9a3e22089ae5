#include "models/prism_language/explicit_export.hpp"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include "core/errors.hpp"
#include "models/formats/prism_number.hpp"

namespace sgplan::models::prism_language {

namespace {

// PRISM's names of the model types (prism/ModelType.java), as the .tra header writes them.
const char* type_name(ModelType type) {
  switch (type) {
    case ModelType::kDtmc:
      return "DTMC";
    case ModelType::kMdp:
      return "MDP";
    case ModelType::kSmg:
      return "SMG";
  }
  return "?";
}

std::string value_text(const Value& v) {
  return v.type == Value::Type::kBool ? (v.b ? "true" : "false") : std::to_string(v.i);
}

// Opens `path` for writing, or says why it cannot be written.
std::ofstream open_for_writing(const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) return out;
  const int error = errno;
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty() && !std::filesystem::is_directory(parent, ec)) {
    throw InputError("cannot write " + path + ": the folder " + parent.string() +
                     " does not exist (--out PREFIX)");
  }
  throw InputError("cannot write " + path + ": " + std::strerror(error) + " (--out PREFIX)");
}

// Names as PRISM's files can hold them: an identifier ([A-Za-z_][A-Za-z0-9_]*, as the PRISM
// language's names are) stays; another name (a PPDDL atom "(vehicle-at n2)" or ground action
// "move-car n2 n1", whose spaces would split a .tra row) has each run of other characters written
// '_' ("vehicle_at_n2"), and a name already taken gets "_2", "_3", ... .
std::vector<std::string> file_names(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  std::set<std::string> taken;
  for (const std::string& name : names) {
    std::string n;
    bool gap = false;
    for (const char c : name) {
      const bool word = std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
      if (word) {
        if (gap && !n.empty()) n += '_';
        n += c;
      }
      gap = !word;
    }
    if (n.empty() || std::isdigit(static_cast<unsigned char>(n[0])) != 0) n = "_" + n;
    std::string unique = n;
    for (int k = 2; !taken.insert(unique).second; ++k) unique = n + "_" + std::to_string(k);
    out.push_back(unique);
  }
  return out;
}

}  // namespace

void write_prism_tra(const CompiledModel& model, const ExploredModel& e, std::ostream& out) {
  const bool dtmc = e.type == ModelType::kDtmc, smg = e.type == ModelType::kSmg;
  out << "# Transitions (" << type_name(e.type) << ")\n" << e.num_states();
  if (smg) out << ':' << model.model().players.size();
  if (!dtmc) out << ' ' << e.num_choices();
  out << ' ' << e.num_transitions() << '\n';
  const std::vector<std::string> actions = file_names(model.actions());
  std::string line;
  for (std::size_t s = 0; s < e.num_states(); ++s) {
    std::string source = std::to_string(s);
    if (smg) source += ':' + std::to_string(e.player[s]);
    for (std::uint64_t c = e.choice_start[s]; c < e.choice_start[s + 1]; ++c) {
      for (std::uint64_t k = e.entry_start[c]; k < e.entry_start[c + 1]; ++k) {
        line = source;
        if (!dtmc) line += ' ' + std::to_string(c - e.choice_start[s]);
        line += ' ' + std::to_string(e.target[k]) + ' ' + formats::prism_double_text(e.probability[k]);
        const int action = dtmc ? e.entry_action[k] : e.choice_action[c];
        if (action >= 0) line += ' ' + actions[static_cast<std::size_t>(action)];
        line += '\n';
        out << line;
      }
    }
  }
}

void write_prism_lab(const CompiledModel& model, const ExploredModel& e, std::ostream& out) {
  const std::vector<NamedExpression>& labels = model.model().labels;
  out << "# Labels\n0=\"init\" 1=\"deadlock\"";
  for (std::size_t k = 0; k < labels.size(); ++k) out << ' ' << k + 2 << "=\"" << labels[k].name << '"';
  out << '\n';
  std::string line;
  for (std::size_t s = 0; s < e.num_states(); ++s) {
    line.clear();
    if (s == e.initial) line += " 0";
    if (e.deadlock[s]) line += " 1";
    for (std::size_t k = 0; k < labels.size(); ++k)
      if (model.label_holds(k, e.states[s])) line += ' ' + std::to_string(k + 2);
    if (!line.empty()) out << s << ':' << line << '\n';
  }
}

void write_prism_sta(const CompiledModel& model, const ExploredModel& e, std::ostream& out) {
  out << "# States\n(";
  std::vector<std::string> names;
  for (std::size_t k = 0; k < model.num_variables(); ++k) names.push_back(model.variable_name(k));
  names = file_names(names);
  for (std::size_t k = 0; k < names.size(); ++k) out << (k == 0 ? "" : ",") << names[k];
  out << ")\n";
  std::string line;
  for (std::size_t s = 0; s < e.num_states(); ++s) {
    line = std::to_string(s) + ":(";
    for (std::size_t k = 0; k < model.num_variables(); ++k) {
      if (k > 0) line += ',';
      line += value_text(model.variable_value(e.states[s], k));
    }
    line += ")\n";
    out << line;
  }
}

ExplicitExport export_prism_model(const CompiledModel& model, const std::string& prefix,
                                  std::uint64_t max_states) {
  ExplicitExport result;
  result.written = {prefix + ".tra", prefix + ".lab", prefix + ".sta"};
  // The files are opened first, so a wrong --out is reported before a long exploration; they are
  // removed again if the exploration fails.
  std::ofstream tra = open_for_writing(result.written[0]);
  std::ofstream lab = open_for_writing(result.written[1]);
  std::ofstream sta = open_for_writing(result.written[2]);
  ExploredModel explored;
  try {
    explored = explore_like_prism(model, max_states);
    write_prism_tra(model, explored, tra);
    write_prism_lab(model, explored, lab);
    write_prism_sta(model, explored, sta);
    tra.close();
    lab.close();
    sta.close();
    if (!tra || !lab || !sta)
      throw InputError("error while writing the PRISM files " + prefix + ".{tra,lab,sta}");
  } catch (...) {
    tra.close();
    lab.close();
    sta.close();
    std::error_code ec;
    for (const std::string& path : result.written) std::filesystem::remove(path, ec);
    throw;
  }
  result.states = explored.num_states();
  result.choices = explored.num_choices();
  result.transitions = explored.num_transitions();
  result.deadlocks = explored.num_deadlocks();
  return result;
}

}  // namespace sgplan::models::prism_language
