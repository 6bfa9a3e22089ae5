// sgplan export: write a model's state graph as PRISM explicit files or Graphviz DOT, or a game
// tree as a Gambit .efg file; a PRISM-language model's --format prism is the model itself.
#include <iostream>
#include <memory>

#include "core/errors.hpp"
#include "models/formats/dot_export.hpp"
#include "models/formats/prism_explicit.hpp"
#include "tools/sgplan/cli_common.hpp"
#include "tools/sgplan/game_tree_cli.hpp"

namespace sgplan::cli {

namespace {

struct ExportCommand {
  ModelOptions model;
  std::string format;
  std::string out;
  TreeOptions tree;
};

// A kind whose models export themselves writes the model as its language means it, with every
// state reachable and nothing made terminal (models/prism_language/explicit_export.hpp).
void run_model_export(const ExportCommand& cmd, const models::ModelFile& file) {
  const models::ModelExportResult r = file.kind().export_prism(file, cmd.model.load_options(), cmd.out);
  Report report;
  report.json("model", file.kind().name)
      .json("file", cmd.model.file)
      .json("format", cmd.format)
      .add("states", r.states, "states",
           format_count(r.states) + " (" + format_count(r.deadlocks) +
               (r.deadlocks == 1 ? " deadlock)" : " deadlocks)"))
      .add("choices", r.choices, "choices", format_count(r.choices))
      .add("transitions", r.transitions, "transitions", format_count(r.transitions))
      .json("deadlocks", r.deadlocks)
      .json("written", r.written);
  for (const std::string& path : r.written) report.block("wrote " + path + "\n");
  report.block("check with: " + r.check + "\n");
  report.print(std::cout, cmd.model.json);
}

void run_export(const ExportCommand& cmd) {
  const models::ModelFile file = models::ModelRegistry::builtin().open(cmd.model.file);
  if (is_game_tree(file)) {  // game trees: --format efg (game_tree_cli.cpp)
    run_tree_export(cmd.model, cmd.tree, file, cmd.format, cmd.out);
    return;
  }
  if (cmd.format == "prism" && file.kind().export_prism) {  // the model itself (the PRISM language)
    run_model_export(cmd, file);
    return;
  }
  LoadedGraph loaded = load_and_build(cmd.model, file);
  const mdp::StateGraph& g = loaded.built.graph;
  std::vector<std::string> written;
  if (cmd.format == "prism") {
    written = models::formats::write_prism_explicit(g, cmd.out);
  } else if (cmd.format == "dot") {
    const std::string path = cmd.out + ".dot";
    models::formats::write_dot(
        g, [&](mdp::StateIndex s) { return loaded.model->state_name(loaded.built, s); }, path);
    written.push_back(path);
  } else {
    throw InputError("unknown --format '" + cmd.format + "' (expected prism or dot)");
  }
  Report report;
  report.json("model", loaded.model->kind())
      .json("file", cmd.model.file)
      .json("format", cmd.format)
      .json("states", g.num_states())
      .json("transitions", g.num_transitions())
      .json("written", written);
  for (const std::string& path : written) report.block("wrote " + path + "\n");
  if (cmd.format == "prism") {
    report.block("check with: prism -importtrans " + cmd.out + ".tra -importlabels " + cmd.out +
                 ".lab -mdp " + cmd.out + ".props\n");
  }
  report.print(std::cout, cmd.model.json);
}

}  // namespace

void register_export(CLI::App& app, int& exit_code) {
  auto cmd = std::make_shared<ExportCommand>();
  CLI::App* sub = app.add_subcommand(
      "export",
      "write the state graph as PRISM explicit files or Graphviz DOT, or a game tree as Gambit .efg");
  cmd->model.add_to(*sub);
  cmd->tree.add_to(*sub);
  sub->add_option("--format", cmd->format, "prism or dot (state graphs); efg (game trees)")->required();
  sub->add_option("--out", cmd->out,
                  "output prefix: PREFIX.tra/.lab/.props, PREFIX.dot or PREFIX.efg ('-': the .efg on stdout)")
      ->required();
  sub->callback([cmd, &exit_code]() {
    run_export(*cmd);
    exit_code = kExitOk;
  });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
