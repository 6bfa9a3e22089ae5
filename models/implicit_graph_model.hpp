// The one adapter from an implicit model (mdp/implicit_model.hpp; docs/DESIGN.md, "The implicit
// model") to the CLI's type-erased GraphModel. A game states the facts its rules do not give
// (GameFacts; the state bound comes from packed_bound()) and, where it
// has them, two optional hooks found by argument-dependent lookup in the game's namespace:
//   render_state(game, built, solution, s)   a text drawing of state s with the policy's choice
//   report_tables(game, built, solution)     tables about a solution (Pig's hold thresholds)
// Everything else (building the graph after the up-front state check, naming states by the game's
// describe(), tree search on the play/undo game) is the same for every game and lives here once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "mdp/build_graph.hpp"
#include "mdp/implicit_model.hpp"
#include "mdp/matrix_free.hpp"
#include "models/graph_model.hpp"
#include "models/model_kind.hpp"
#include "models/model_partial_search.hpp"
#include "models/model_tree_search.hpp"

namespace sgplan::models {

// What a game tells the CLI about itself; fixed when the model is loaded (a fact may depend on
// the configuration: the formula game with flips is cyclic).
struct GameFacts {
  std::string kind;                                // the registry's name, e.g. "nim"
  std::string default_method = "interval";         // what `solve` runs without --method
  bool acyclic = false;                            // every play ends: tree search needs no depth limit
  std::optional<mdp::InfinitePlay> infinite_play;  // win/loss/draw games: who wins an endless play
  // Proven before building (never an estimate), checked against --max-states first.
  std::uint64_t reachable_lower_bound = 0;
  // The refusal of a tree search without --horizon on a game with endless plays; empty: the
  // searches are left to detect it themselves (their own error).
  std::string unbounded_search_refusal;
};

template <class G>
concept RendersStates = requires(const G& game, const mdp::BuiltGraph& built, const mdp::Solution& solution,
                                 mdp::StateIndex s) {
  { render_state(game, built, solution, s) } -> std::convertible_to<std::string>;
};

template <class G>
concept ReportsTables = requires(const G& game, const mdp::BuiltGraph& built, const mdp::Solution& solution) {
  { report_tables(game, built, solution) } -> std::convertible_to<std::vector<ReportTable>>;
};

template <mdp::ImplicitModel Game>
class ImplicitGraphModel final : public GraphModel {
 public:
  ImplicitGraphModel(Game game, GameFacts facts) : game_(std::move(game)), facts_(std::move(facts)) {}

  std::string kind() const override { return facts_.kind; }

  mdp::BuiltGraph build(const mdp::BuildOptions& options) const override {
    check_state_lower_bound(facts_.reachable_lower_bound, options);
    return mdp::build_graph(game_, options);
  }

  std::string state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const override {
    return game_.describe(game_.unpack(built.packed[s]));
  }

  std::string render(const mdp::BuiltGraph& built, const mdp::Solution& solution,
                     mdp::StateIndex s) const override {
    if constexpr (RendersStates<Game>) {
      return render_state(game_, built, solution, s);
    } else {
      return {};
    }
  }

  std::vector<ReportTable> report(const mdp::BuiltGraph& built,
                                  const mdp::Solution& solution) const override {
    if constexpr (ReportsTables<Game>) {
      return report_tables(game_, built, solution);
    } else {
      return {};
    }
  }

  std::optional<TreeSearchResult> tree_search(const TreeSearchRequest& request) const override {
    if (request.depth == search::kNoDepthLimit && !facts_.unbounded_search_refusal.empty()) {
      throw InputError(facts_.unbounded_search_refusal);
    }
    return search_implicit_model(game_, request);
  }

  std::optional<PartialSearchResult> search_from_start(const mdp::BrtdpOptions& options) const override {
    return search_implicit_model_from_start(game_, options);
  }

  std::optional<mdp::MatrixFreeResult> solve_matrix_free(
      const mdp::MatrixFreeOptions& options) const override {
    if constexpr (mdp::HasPackedBound<Game>) {
      mdp::BuildOptions limits;
      limits.max_states = options.max_states;
      check_state_lower_bound(facts_.reachable_lower_bound, limits);
      return mdp::solve_matrix_free(game_, options);
    } else {
      return std::nullopt;
    }
  }

  std::optional<mdp::DistributedResult> solve_distributed(const mdp::DistributedOptions& options,
                                                          mdp::Exchange& exchange) const override {
    mdp::BuildOptions limits;
    limits.max_states = options.max_states;
    check_state_lower_bound(facts_.reachable_lower_bound, limits);
    return mdp::solve_distributed(game_, options, exchange);
  }

  // The packed index's size where the game promises one (mdp::HasPackedBound), else unknown.
  std::uint64_t state_bound() const override { return mdp::packed_bound_of(game_); }
  std::uint64_t reachable_lower_bound() const override { return facts_.reachable_lower_bound; }
  std::string default_method() const override { return facts_.default_method; }
  bool acyclic() const override { return facts_.acyclic; }
  std::optional<mdp::InfinitePlay> infinite_play() const override { return facts_.infinite_play; }

  const Game& game() const { return game_; }
  const GameFacts& facts() const { return facts_; }

 private:
  Game game_;
  GameFacts facts_;
};

// The registry entry of a game read from YAML: `read` turns the document into the game's
// configuration (every error at its file:line:col), `make` the configuration into the model
// (an ImplicitGraphModel). The whole entry of a game is one call to this (nim_kind.cpp).
template <class Read, class Make>
ModelKind yaml_game_kind(std::string name, std::string summary, KindCapabilities capabilities, Read read,
                         Make make) {
  ModelKind kind;
  kind.name = std::move(name);
  kind.family = ModelFamily::StateGraph;
  kind.summary = std::move(summary);
  kind.capabilities = std::move(capabilities);
  kind.load_graph = [read, make](const ModelFile& file, const LoadOptions&) -> std::unique_ptr<GraphModel> {
    auto model = make(read(file.yaml()));
    return std::make_unique<decltype(model)>(std::move(model));
  };
  return kind;
}

}  // namespace sgplan::models
