#include "models/formats/explicit_model.hpp"

#include <unordered_map>
#include <unordered_set>

#include "mdp/graph_as_model.hpp"
#include "mdp/state_graph_builder.hpp"
#include "models/formats/probability.hpp"
#include "models/model_partial_search.hpp"
#include "models/model_tree_search.hpp"

namespace sgplan::models::formats {

namespace {

struct Distribution {
  std::vector<std::pair<mdp::StateIndex, Probability>> entries;
};

// A distribution {successor: probability, ...}, checked.
Distribution read_distribution(const YamlDocument& doc, const YAML::Node& node,
                               const std::unordered_map<std::string, mdp::StateIndex>& index,
                               const std::string& what, bool keep_exact) {
  if (!node.IsMap() || node.size() == 0) {
    doc.fail(node, "expected " + what + " as a map {successor: probability, ...}");
  }
  Distribution d;
  Rational sum = 0;
  std::unordered_set<std::string> seen;
  for (const auto& kv : node) {
    const std::string name = doc.scalar(kv.first, "a successor state name");
    if (!seen.insert(name).second) doc.fail(kv.first, "successor '" + name + "' appears twice in " + what);
    auto it = index.find(name);
    if (it == index.end())
      doc.fail(kv.first, "unknown successor '" + name + "' in " + what + " (not a declared state)");
    const std::string text = doc.scalar(kv.second, "a probability");
    auto p = parse_probability(text);
    if (!p)
      doc.fail(
          kv.second,
          "expected a probability (a decimal such as 0.25 or a fraction such as 1/4), found '" + text + "'");
    if (p->exact < 0) doc.fail(kv.second, "negative probability " + text + " in " + what);
    if (p->exact > 1) doc.fail(kv.second, "probability " + text + " is greater than 1 in " + what);
    if (p->exact > 0 && p->value == 0.0) {
      doc.fail(kv.second,
               "probability " + text + " in " + what +
                   " is below the smallest positive double (about 4.9e-324): write it as 0 or larger");
    }
    sum += p->exact;
    if (p->exact > 0) d.entries.emplace_back(it->second, *p);
  }
  if (!sums_to_one(sum)) {
    doc.fail(node, what + " sums to " + to_string(sum) + ", expected 1");
  }
  if (keep_exact && sum != 1) {
    doc.fail(node,
             what + " sums to " + to_string(sum) +
                 ", not exactly 1: an exact solve needs exact distributions (write fractions such as 1/3)");
  }
  return d;
}

}  // namespace

mdp::StateGraph load_explicit_graph(const YamlDocument& doc, bool keep_exact) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root, {"model", "description", "initial", "states"}, "an explicit model");
  const YAML::Node states = doc.required(root, "states", "an explicit model");
  doc.require_map(states, "'states'");
  if (states.size() == 0) doc.fail(states, "an explicit model needs at least one state");

  // Pass 1: the state names, in the order written.
  std::unordered_map<std::string, mdp::StateIndex> index;
  std::vector<std::string> names;
  for (const auto& kv : states) {
    const std::string name = doc.scalar(kv.first, "a state name");
    if (name.empty()) doc.fail(kv.first, "a state name must not be empty");
    if (!index.emplace(name, static_cast<mdp::StateIndex>(names.size())).second) {
      doc.fail(kv.first, "state '" + name + "' is declared twice");
    }
    names.push_back(name);
  }
  const YAML::Node initial = doc.required(root, "initial", "an explicit model");
  const std::string initial_name = doc.scalar(initial, "the initial state's name");
  auto init = index.find(initial_name);
  if (init == index.end()) doc.fail(initial, "initial state '" + initial_name + "' is not a declared state");

  // Pass 2: each state's owner and choices. Terminal values that no double equals (1/3) are marked
  // inexact, so the solvers bound them on both sides.
  mdp::StateGraphBuilder builder;
  auto add_state = [&](mdp::Owner owner, const Rational& value) {
    if (keep_exact) {
      builder.add_exact_state(owner, value);
    } else {
      const double v = to_double(value);
      builder.add_state(owner, v, from_double(v) == value);
    }
  };
  auto add_entry = [&](mdp::StateIndex t, const Probability& p) {
    if (keep_exact) {
      builder.add_exact_entry(t, p.exact);
    } else {
      builder.add_entry(t, p.value);
    }
  };
  std::unordered_map<std::string, mdp::LabelId> label_ids;
  std::vector<std::string> labels;
  for (const auto& kv : states) {
    const std::string name = kv.first.Scalar();
    const YAML::Node& body = kv.second;
    const std::string where = "state '" + name + "'";
    if (body.IsScalar()) {
      const std::string text = body.Scalar();
      if (text == "success" || text == "failure") {
        add_state(mdp::Owner::Terminal, Rational(text == "success" ? 1 : 0));
      } else {
        doc.fail(body,
                 "unknown terminal '" + text + "' for " + where +
                     " (expected success, failure, {terminal: VALUE} or a map with max, min or chance)");
      }
      continue;
    }
    if (!body.IsMap() || body.size() != 1) {
      doc.fail(body, "expected " + where +
                         " to be success, failure, or a map with exactly one of max, min, chance, terminal");
    }
    const auto entry = *body.begin();
    const std::string owner = doc.scalar(entry.first, "max, min, chance or terminal");
    if (owner == "terminal") {
      const std::string text = doc.scalar(entry.second, "a terminal value");
      auto v = parse_probability(text);
      if (!v || v->exact < 0 || v->exact > 1)
        doc.fail(entry.second, "expected a terminal value in [0, 1], found '" + text + "'");
      add_state(mdp::Owner::Terminal, v->exact);
    } else if (owner == "chance") {
      add_state(mdp::Owner::Chance, Rational(0));
      builder.add_choice();
      for (const auto& [t, p] :
           read_distribution(doc, entry.second, index, "the chance distribution of " + where, keep_exact)
               .entries) {
        add_entry(t, p);
      }
    } else if (owner == "max" || owner == "min") {
      add_state(owner == "max" ? mdp::Owner::Max : mdp::Owner::Min, Rational(0));
      if (!entry.second.IsMap() || entry.second.size() == 0) {
        doc.fail(entry.second,
                 "expected the choices of " + where + " as a map {choice: {successor: probability}}");
      }
      std::unordered_set<std::string> seen;
      for (const auto& choice : entry.second) {
        const std::string label = doc.scalar(choice.first, "a choice label");
        if (!seen.insert(label).second)
          doc.fail(choice.first, "choice '" + label + "' appears twice in " + where);
        auto [it, fresh] = label_ids.emplace(label, static_cast<mdp::LabelId>(labels.size()));
        if (fresh) labels.push_back(label);
        builder.add_choice(it->second);
        for (const auto& [t, p] :
             read_distribution(doc, choice.second, index, "choice '" + label + "' of " + where, keep_exact)
                 .entries) {
          add_entry(t, p);
        }
      }
    } else {
      doc.fail(entry.first,
               "unknown owner '" + owner + "' for " + where + " (expected max, min, chance or terminal)");
    }
  }
  builder.set_initial(init->second);
  builder.set_label_table(std::move(labels));
  builder.set_state_names(std::move(names));
  return builder.finalize();
}

mdp::BuiltGraph ExplicitGraphModel::build(const mdp::BuildOptions& options) const {
  check_limit(graph_.num_states(), options.max_states, "state limit: the model's state count",
              options.limit_flag);

  mdp::BuiltGraph out;
  out.graph = graph_;
  if (!options.pool_probabilities) out.graph.set_pooling(false);
  out.packed.resize(graph_.num_states());
  for (std::size_t i = 0; i < out.packed.size(); ++i) out.packed[i] = i;
  return out;
}

std::optional<PartialSearchResult> ExplicitGraphModel::search_from_start(
    const mdp::BrtdpOptions& options) const {
  return search_implicit_model_from_start(mdp::GraphAsModel(graph_), options);
}

std::optional<TreeSearchResult> ExplicitGraphModel::tree_search(const TreeSearchRequest& request) const {
  return search_implicit_model(mdp::GraphAsModel(graph_), request);
}

}  // namespace sgplan::models::formats
