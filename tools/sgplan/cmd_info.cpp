// sgplan info: the sizes of a model's state graph, without solving it.
#include <algorithm>
#include <iostream>
#include <memory>

#include "tools/sgplan/cli_common.hpp"
#include "tools/sgplan/game_tree_cli.hpp"

namespace sgplan::cli {

namespace {

void run_info(const ModelOptions& options, const TreeOptions& tree_options) {
  const models::ModelFile file = models::ModelRegistry::builtin().open(options.file);
  if (is_game_tree(file)) {  // game trees have their own report (game_tree_cli.cpp)
    run_tree_info(options, tree_options, file);
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  LoadedGraph loaded = load_and_build(options, file);
  const mdp::StateGraph& g = loaded.built.graph;
  const double seconds = seconds_since(start);
  std::size_t max_choices = 0, max_outcomes = 0;
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) max_choices = std::max(max_choices, g.num_choices(s));
  for (mdp::ChoiceIndex c = 0; c < g.num_choices(); ++c) {
    max_outcomes = std::max<std::size_t>(max_outcomes, g.end_entry(c) - g.first_entry(c));
  }
  const std::uint64_t bound = loaded.model->state_bound();
  const std::string initial = loaded.model->state_name(loaded.built, g.initial_state());
  Report report;
  report.add("model", loaded.model->kind(), "model", loaded.model->kind() + " (" + options.file + ")")
      .json("file", options.file);
  add_graph_sizes(report, g);
  report.line("states", format_count(g.num_states()) + " (" + owner_summary(g) + ")")
      .json("state_bound", bound == 0 ? Json(nullptr) : Json(bound));
  if (bound != 0) report.line("state bound", format_count(bound));
  report
      .add("max_choices_per_state", max_choices, "choices",
           format_count(g.num_choices()) + " (at most " + std::to_string(max_choices) + " per state)")
      .add("max_outcomes_per_choice", max_outcomes, "transitions",
           format_count(g.num_transitions()) + " (at most " + std::to_string(max_outcomes) + " per choice)")
      .line("memory", format_count(g.memory_bytes()) + " bytes, " +
                          format_number(g.bytes_per_transition(), 3) +
                          " per transition (probabilities: " + probability_storage(g) + ")")
      .add("initial_state", initial, "initial", initial)
      .json("index_bytes", loaded.built.index_bytes)
      .add("build_seconds", seconds, "time", format_number(seconds, 3) + " s")
      .print(std::cout, options.json);
}

}  // namespace

void register_info(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ModelOptions>();
  auto tree_options = std::make_shared<TreeOptions>();
  CLI::App* sub = app.add_subcommand("info", "print a model's sizes without solving it");
  options->add_to(*sub);
  tree_options->add_to(*sub);
  sub->callback([options, tree_options, &exit_code]() {
    run_info(*options, *tree_options);
    exit_code = kExitOk;
  });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
