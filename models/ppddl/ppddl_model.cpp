#include "models/ppddl/ppddl_model.hpp"

#include "core/errors.hpp"

namespace sgplan::models::ppddl {

mdp::Owner PpddlModel::owner(const State& s) const {
  const mdp::Owner o = model_.owner(s);
  if (o == mdp::Owner::Terminal) return o;
  // The compiled model's one choice in a state without any is its "deadlock" self-loop.
  bool dead_end = false;
  model_.for_each_choice(
      s, [&](mdp::LabelId label, auto) { dead_end = model_.label_name(label) == "deadlock"; });
  return dead_end ? mdp::Owner::Terminal : o;
}

std::uint64_t PpddlModel::exact_denominator() const {
  if (report_.denominator == 0) {
    throw InputError(
        "--exact: this PPDDL problem's probabilities have no common denominator up to 2^53, so their "
        "doubles cannot give the fractions back");
  }
  return report_.denominator;
}

std::string PpddlModel::label_name(mdp::LabelId id) const {
  std::string name = model_.label_name(id);
  if (name.size() >= 2 && name.front() == '[' && name.back() == ']') name = name.substr(1, name.size() - 2);
  return name;
}

std::string PpddlModel::describe(const State& s) const {
  std::string out;
  for (std::size_t k = 0; k < atoms_.size(); ++k) {
    if (!model_.variable_value(s, k).b) continue;
    out += (out.empty() ? "" : " ") + atoms_[k];
  }
  return out.empty() ? "(none)" : out;
}

std::vector<ReportTable> report_tables(const PpddlModel& model, const mdp::BuiltGraph&,
                                       const mdp::Solution&) {
  const GroundingReport& g = model.grounding();
  ReportTable t;
  t.key = "grounding";
  t.title = "grounding";
  t.columns = {"atoms", "static_facts", "ground_actions", "commands", "outcomes", "seconds"};
  t.rows.push_back({static_cast<double>(g.atoms), static_cast<double>(g.static_facts),
                    static_cast<double>(g.ground_actions), static_cast<double>(g.commands),
                    static_cast<double>(g.outcomes), g.seconds});
  std::string note;
  for (const std::string& w : g.warnings) note += (note.empty() ? "" : "; ") + w;
  t.notes.push_back(note);
  return {t};
}

}  // namespace sgplan::models::ppddl
