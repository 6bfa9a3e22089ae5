// Bounded RTDP (mdp/bounded_rtdp.hpp) on any implicit model, for the GraphModels that have one
// (ImplicitGraphModel; ExplicitGraphModel through mdp::GraphAsModel): the search's result and the
// label of the choice that guarantees the lower bound at the start.
#pragma once

#include <string>

#include "mdp/bounded_rtdp.hpp"
#include "mdp/implicit_model.hpp"
#include "models/graph_model.hpp"

namespace sgplan::models {

// Bounded RTDP on an implicit model, with the label of the start's guaranteed choice.
template <mdp::ImplicitModel Game>
PartialSearchResult search_implicit_model_from_start(const Game& game, const mdp::BrtdpOptions& options) {
  PartialSearchResult out{mdp::bounded_rtdp(game, options), ""};
  const mdp::ExploredGame& g = out.search.game;
  const mdp::ChoiceIndex c = g.guaranteed_choice(0);
  if (c != mdp::kNoChoice && g.owner(0) != mdp::Owner::Chance) {
    const mdp::LabelId label = g.label(c);
    out.first_choice =
        label == mdp::kNoLabel ? "#" + std::to_string(c - g.first_choice(0)) : game.label_name(label);
  }
  return out;
}

}  // namespace sgplan::models
