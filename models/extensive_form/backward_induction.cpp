#include "models/extensive_form/backward_induction.hpp"

#include <algorithm>

#include "core/errors.hpp"

namespace sgplan::models::extensive_form {

SubgamePerfectEquilibrium backward_induction(const GameTree& tree) {
  for (const Infoset& h : tree.infosets()) {
    if (h.nodes.size() > 1) {
      throw InputError("backward induction needs a game of perfect information, but information set '" +
                       h.label + "' of player '" + tree.player(h.player).key + "' has " +
                       std::to_string(h.nodes.size()) + " nodes");
    }
  }
  const std::size_t P = tree.num_players();
  SubgamePerfectEquilibrium spe;
  spe.plans.resize(P);
  for (PlayerId p = 0; p < P; ++p) spe.plans[p].assign(tree.player(p).infosets.size(), kUnspecified);
  // Values of every node, bottom-up (children have larger numbers than their parent).
  std::vector<Rational> value(tree.num_nodes() * P);
  for (std::size_t i = tree.num_nodes(); i-- > 0;) {
    const auto n = static_cast<NodeId>(i);
    Rational* v = value.data() + n * P;
    switch (tree.kind(n)) {
      case NodeKind::Terminal:
        break;
      case NodeKind::Chance: {
        const auto& probs = tree.chance_events()[tree.chance_event(n)].probabilities;
        const auto kids = tree.children(n);
        for (std::size_t a = 0; a < kids.size(); ++a) {
          for (std::size_t p = 0; p < P; ++p) v[p] += probs[a] * value[kids[a] * P + p];
        }
        break;
      }
      case NodeKind::Decision: {
        const PlayerId owner = tree.owner(n);
        const auto kids = tree.children(n);
        std::uint32_t best = 0;
        bool tie = false;
        for (std::uint32_t a = 1; a < kids.size(); ++a) {
          const Rational& candidate = value[kids[a] * P + owner];
          const Rational& incumbent = value[kids[best] * P + owner];
          if (candidate > incumbent) {
            best = a;
            tie = false;
          } else if (candidate == incumbent) {
            tie = true;
          }
        }
        const Infoset& h = tree.infoset_data(tree.infoset(n));
        spe.plans[owner][h.index_in_player] = best;
        if (tie) spe.ties.push_back(tree.infoset(n));
        for (std::size_t p = 0; p < P; ++p) v[p] = value[kids[best] * P + p];
        break;
      }
    }
    if (tree.outcome(n) != kNone) {
      const auto& pay = tree.outcomes()[tree.outcome(n)].payoffs;
      for (std::size_t p = 0; p < P; ++p) v[p] += pay[p];
    }
  }
  spe.value.assign(value.begin(), value.begin() + static_cast<std::ptrdiff_t>(P));
  std::sort(spe.ties.begin(), spe.ties.end());
  return spe;
}

}  // namespace sgplan::models::extensive_form
