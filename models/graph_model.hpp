// A loaded model at the CLI boundary: something that compiles into a state graph and, where the
// model allows, is searched as a tree. Type-erased, so the CLI handles every model kind the same
// way; the concrete models stay templates for the hot paths (docs/DESIGN.md, "The implicit model").
//
// Beside the graph build, a model says what the CLI needs to choose and to report a method:
//   default_method()   the method `solve` uses without --method
//   acyclic()          every play ends: tree search needs no depth limit
//   infinite_play()    set for win/loss/draw games (terminal values 1, 0, 1/2 from the first
//                      player's view): who wins a play that never ends
//   tree_search()      a search on the model's play/undo game (search/implicit_game.hpp)
//   report()           model-specific tables about a solution (Pig's hold thresholds)
//   reachable_lower_bound()  states the graph has at least, so that build() refuses a model past
//                      --max-states before building it
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mdp/bounded_rtdp.hpp"
#include "mdp/build_graph.hpp"
#include "mdp/distributed_solve.hpp"
#include "mdp/matrix_free.hpp"
#include "mdp/retrograde.hpp"
#include "mdp/solution.hpp"
#include "search/game.hpp"
#include "search/tree_methods.hpp"

namespace sgplan::models {

// A tree search request: a name from search::kTreeMethods (search/tree_methods.hpp), to a depth in steps (a
// move of either player or of chance, as the graph's finite horizon counts them).
struct TreeSearchRequest {
  std::string method;
  std::uint32_t depth = search::kNoDepthLimit;  // steps
  std::size_t table_entries = std::size_t{1} << 20;
  bool iterative_deepening = false;
  // Stop with a ResourceError naming --max-seconds once this time has passed; none: no limit.
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

// Result of a tree search straight on the implicit model (no graph).
struct TreeSearchResult {
  double value = 0.0;
  std::uint64_t nodes = 0;       // positions entered
  std::uint64_t leaves = 0;      // terminal positions and depth-limit evaluations
  std::uint64_t table_hits = 0;  // transposition-table hits
  std::string best_choice;       // the root's best choice's label ("" if none)
  std::string algorithm;         // the method that ran (a name from search::kTreeMethods)
  bool exact = false;            // no depth-limit evaluation influenced the value
  std::uint32_t depth = search::kNoDepthLimit;
  mdp::Owner root_owner = mdp::Owner::Max;  // who moves at the root
};

// A table a model adds to a solution's report: a title, named columns, numeric rows, and a text
// note per row (may be empty).
struct ReportTable {
  std::string key;  // the JSON key
  std::string title;
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
  std::vector<std::string> notes;
};

// A search from the initial state on the implicit model (mdp/bounded_rtdp.hpp), with the label of
// the choice that guarantees the lower bound there ("" at a chance or terminal start).
struct PartialSearchResult {
  mdp::BrtdpResult search;
  std::string first_choice;
};

class GraphModel {
 public:
  virtual ~GraphModel() = default;

  virtual std::string kind() const = 0;  // the YAML `model:` value, or "prism"
  virtual mdp::BuiltGraph build(const mdp::BuildOptions& options) const = 0;

  // A readable name for state s of a graph this model built.
  virtual std::string state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const;
  // A text drawing of state s with the policy's choice there; empty when the model has none.
  virtual std::string render(const mdp::BuiltGraph& built, const mdp::Solution& solution,
                             mdp::StateIndex s) const;
  // Tree search on the implicit model; nullopt when the model offers none. MethodError for a method
  // the model cannot use (alpha-beta on a game with chance), InputError for no depth limit on a
  // cyclic game.
  virtual std::optional<TreeSearchResult> tree_search(const TreeSearchRequest& request) const;
  // Bounded RTDP on the implicit model, without building its graph; nullopt when the model offers
  // none.
  virtual std::optional<PartialSearchResult> search_from_start(const mdp::BrtdpOptions& options) const;
  // Interval iteration without a stored graph (mdp/matrix_free.hpp); nullopt when the model has no
  // packed state index to regenerate states from.
  virtual std::optional<mdp::MatrixFreeResult> solve_matrix_free(const mdp::MatrixFreeOptions&) const {
    return std::nullopt;
  }
  // Interval iteration over the ranks of `exchange`, each storing its share of the states
  // (mdp/distributed_solve.hpp); nullopt when the model kind is not an implicit model. Collective:
  // every rank calls it with the same model and options.
  virtual std::optional<mdp::DistributedResult> solve_distributed(const mdp::DistributedOptions&,
                                                                  mdp::Exchange&) const {
    return std::nullopt;
  }
  // An upper bound on the state count known before building (0 if unknown), for `info`.
  virtual std::uint64_t state_bound() const { return 0; }
  // A number of states the graph is known to have at least, before building (0 if unknown): the
  // exact reachable count where a closed form gives it, else a proven lower bound (never an
  // estimate, so a model that fits is never refused). build() checks it against --max-states
  // first (check_state_lower_bound), instead of finding out after building that many states.
  virtual std::uint64_t reachable_lower_bound() const { return 0; }

  virtual std::string default_method() const { return "interval"; }
  virtual bool acyclic() const { return false; }
  virtual std::optional<mdp::InfinitePlay> infinite_play() const { return std::nullopt; }
  virtual std::vector<ReportTable> report(const mdp::BuiltGraph& built, const mdp::Solution& solution) const;
};

// Refuses with a ResourceError naming options.limit_flag when a model known to have at least
// `at_least` reachable states exceeds options.max_states; called by build() before building.
void check_state_lower_bound(std::uint64_t at_least, const mdp::BuildOptions& options);

}  // namespace sgplan::models
