// One entry of the registry of model kinds (models/registry.hpp): what a kind is, how a file of
// it is recognised, what it can do, and how it loads. Each game's folder writes its own entry
// (models/nim/nim_kind.cpp, ...); the registry owns the list (docs/adding.md).
//
// A file is recognised once (ModelFile): by its extension (.tra, .efg), else by a kind's sniffer
// on its text (a Renju case file), else by its YAML `model:` value. The loaders then read what
// ModelFile already holds, so the text is read and the YAML parsed only once.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mdp/methods.hpp"
#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/game_tree_builder.hpp"
#include "models/formats/yaml_support.hpp"
#include "models/gomoku/position.hpp"
#include "models/graph_model.hpp"
#include "models/phutball/position.hpp"

namespace sgplan::models {

// Which commands a kind's models go to: a state graph (solve, info, simulate, export), an
// extensive-form game tree (info, strategy, export --format efg), or a threat-search position
// (lambda).
enum class ModelFamily { StateGraph, GameTree, ThreatPosition };
std::string_view family_name(ModelFamily family);  // "state graph", "game tree", "threat position"

// What the loaders of a state-graph kind may be told (PRISM's labels, exact numbers, limits).
struct LoadOptions {
  std::string labels_path;                // PRISM: the .lab file
  std::string target_label;               // PRISM: the success label
  bool minimize = false;                  // PRISM: states are Min states
  bool keep_exact = false;                // keep exact probabilities for the exact solvers (explicit, PRISM)
  std::uint64_t max_states = 50'000'000;  // PRISM: refuse a header declaring more states
  std::uint64_t max_transitions = 500'000'000;  // PRISM: refuse a header declaring more transitions
  std::string constants;                        // PRISM language: --const N=3,K=2
  std::string coalition;    // PRISM language, smg: --coalition p1,p2 (the maximising players)
  std::string domain_path;  // PPDDL: --domain FILE ("": beside the problem)
  bool lenient = false;     // PPDDL: accept what mdpsim and ppddl2jani accept
  std::uint64_t max_ground_actions = 1'000'000;  // PPDDL: refuse a grounding past this
};

// What a kind can do beyond its family's commands; `sgplan info --kinds` prints these.
struct KindCapabilities {
  bool tree_search = false;    // the tree-search methods run on the implicit model
  bool render = false;         // solve --render draws the initial state
  bool report = false;         // solve adds model-specific tables (Pig's hold thresholds)
  bool exact = false;          // keeps exact rational probabilities (--exact)
  bool count = false;          // sgplan count gives its sizes in closed form
  std::string default_method;  // what solve runs without --method ("" for other families)
  // The model file holds its properties (JANI): solve without --target answers them.
  bool properties_in_model = false;
};

class ModelFile;

// The answer to one property of a properties file (`solve --props`), whatever the language.
struct PropertyResult {
  std::string name;         // "" when unnamed
  int index = 0;            // 1-based, in the file's order
  std::string text;         // the property as the language writes it
  std::string unsupported;  // non-empty: not answered, and why
  double value = 0.0, lower = 0.0, upper = 1.0;
  bool sound = true;
  std::optional<bool> truth;  // a bound query: whether it holds
  std::size_t states = 0, transitions = 0;
  std::uint64_t deadlocks = 0;
  std::string status;   // mdp::to_string(SolveStatus)
  bool reached = true;  // the status reached its target precision
  std::uint64_t iterations = 0;
  double seconds = 0.0;
  double build_seconds = 0.0;  // of seconds: the model explored and its graph built
};
struct PropertyRequest {
  std::string path;   // the properties file
  std::string which;  // a name or a 1-based index; "": every property
  double epsilon = 1e-6;
  // Answer by bounded RTDP from the initial state (solve --method brtdp) instead of on the graph.
  bool search_from_start = false;
  mdp::PartialMethod partial_method =
      mdp::PartialMethod::BoundedRtdp;  // which search (--method brtdp or maxprob)
  std::uint64_t seed = 1;
  std::uint64_t max_iterations = 1'000'000;
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

// What `export --format prism` wrote for a kind whose models export themselves (export_prism).
struct ModelExportResult {
  std::size_t states = 0;
  std::uint64_t choices = 0, transitions = 0, deadlocks = 0;
  std::vector<std::string> written;  // the files, in order
  std::string check;                 // how to check them in the tool the format belongs to
};

struct ModelKind {
  std::string name;  // the YAML `model:` value, or the format's name ("prism", "efg")
  ModelFamily family = ModelFamily::StateGraph;
  std::vector<std::string> extensions;  // recognised by these endings (".tra"); none: by sniffer or YAML
  std::function<bool(const std::string& text)> sniff;  // recognised by content; null: no sniffer
  std::string summary;                                 // one line for `info --kinds`
  // How an error calls a file of this kind: "model kind 'gomoku'" unless set.
  std::string called;
  KindCapabilities capabilities;
  // The loader of the kind's family; the others stay null.
  std::function<std::unique_ptr<GraphModel>(const ModelFile&, const LoadOptions&)> load_graph;
  std::function<efg::GameTree(const ModelFile&, const efg::TreeLimits&)> load_tree;
  std::function<gomoku::GomokuPosition(const ModelFile&)> load_position;
  std::function<phutball::PhutballPosition(const ModelFile&)> load_phutball;  // sgplan threats
  // Kinds whose language has properties files (solve --props); null for the others.
  std::function<std::vector<PropertyResult>(const ModelFile&, const LoadOptions&, const PropertyRequest&)>
      answer_properties;
  // Kinds whose models export themselves to PRISM's explicit files (the model with PRISM's
  // states, labels and order, rather than the graph built for an objective): `export --format
  // prism` calls it with the output prefix; null for the others, whose built graph is written.
  std::function<ModelExportResult(const ModelFile&, const LoadOptions&, const std::string& prefix)>
      export_prism;

  bool is_yaml() const { return extensions.empty() && !sniff; }
  std::string called_in_errors() const { return called.empty() ? "model kind '" + name + "'" : called; }
};

// A model file, recognised and read once.
class ModelFile {
 public:
  ModelFile(std::string path, const ModelKind& kind, std::string text,
            std::optional<formats::YamlDocument> yaml)
      : path_(std::move(path)), kind_(&kind), text_(std::move(text)), yaml_(std::move(yaml)) {}

  const std::string& path() const { return path_; }
  const ModelKind& kind() const { return *kind_; }
  // The whole text; empty for the kinds recognised by extension, whose readers open the file
  // themselves (a PRISM .tra file may be gigabytes, read as a stream). A YAML file's text is
  // kept once, in its document.
  const std::string& text() const;
  // The parsed YAML document; std::logic_error for a kind that is not YAML.
  const formats::YamlDocument& yaml() const;

 private:
  std::string path_;
  const ModelKind* kind_;
  std::string text_;
  std::optional<formats::YamlDocument> yaml_;
};

}  // namespace sgplan::models
