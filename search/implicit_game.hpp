// A play/undo game (game.hpp) over an implicit model (mdp/implicit_model.hpp), so that every tree
// searcher runs on every model: the position is a stack of model states, play() pushes, undo() pops.
//
// A model's choice is a probability distribution; the game splits it into plays:
//   - a Max or Min choice with one outcome is one move, to that outcome's state;
//   - a Max or Min choice with several outcomes is one move to an intermediate chance position
//     (the same state, the choice pending), whose outcomes are that choice's;
//   - a Chance state's one choice gives the chance outcomes directly.
// The move to a pending choice is no step of the depth (is_step(), game.hpp): the choice and its
// outcome together are one step, so a depth of k counts k transitions of the model's graph, the
// finite horizon of mdp/finite_horizon.hpp, whatever the model's choices look like.
// Utilities are the model's terminal values. The hash is the model's packed key, and for a pending
// choice the key shifted left by 6 bits with the choice index below and the top bit set: injective
// while keys stay below 2^57 and pending choice indices below 64 (every model in sgplan).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "mdp/implicit_model.hpp"
#include "search/game.hpp"

namespace sgplan::search {

template <class M>
concept DescribedModel = requires(const M& m, const typename M::State& s) {
  { m.describe(s) } -> std::convertible_to<std::string>;
};

template <mdp::ImplicitModel M>
class ImplicitGame {
 public:
  using State = typename M::State;
  static constexpr std::uint32_t kDirect = 0xffffffffu;

  struct Move {
    State next{};                            // the state after the move (direct moves, outcomes)
    mdp::LabelId label = mdp::kNoLabel;      // the model's choice label
    std::uint32_t pending_choice = kDirect;  // else: a choice with several outcomes, by index
  };

  explicit ImplicitGame(const M& model) : ImplicitGame(model, model.initial()) {}
  ImplicitGame(const M& model, const State& start) : model_(&model) {
    frames_.push_back(Frame{start, kDirect});
  }

  Owner to_move() const {
    const Frame& f = frames_.back();
    return f.pending_choice != kDirect ? Owner::Chance : model_->owner(f.state);
  }
  double utility() const { return model_->terminal_value(frames_.back().state); }

  void legal_moves(std::vector<Move>& moves) const {
    moves.clear();
    std::uint32_t index = 0;
    model_->for_each_choice(frames_.back().state,
                            [&](mdp::LabelId label, std::span<const mdp::Outcome<State>> outcomes) {
                              if (outcomes.size() == 1) {
                                moves.push_back(Move{outcomes[0].state, label, kDirect});
                              } else {
                                moves.push_back(Move{State{}, label, index});
                              }
                              ++index;
                            });
  }

  void chance_outcomes(std::vector<ChanceOutcome<Move>>& out) const {
    out.clear();
    const Frame& f = frames_.back();
    std::uint32_t index = 0;
    model_->for_each_choice(f.state, [&](mdp::LabelId, std::span<const mdp::Outcome<State>> outcomes) {
      if (f.pending_choice == kDirect || f.pending_choice == index) {
        for (const auto& o : outcomes) out.push_back({o.probability, Move{o.state, mdp::kNoLabel, kDirect}});
      }
      ++index;
    });
  }

  // Entering a pending choice is half of a step; its outcome completes it.
  bool is_step(const Move& m) const { return m.pending_choice == kDirect; }

  void play(const Move& m) {
    if (m.pending_choice == kDirect) {
      frames_.push_back(Frame{m.next, kDirect});
    } else {
      frames_.push_back(Frame{frames_.back().state, m.pending_choice});
    }
  }
  void undo(const Move&) { frames_.pop_back(); }

  std::uint64_t hash() const {
    const Frame& f = frames_.back();
    const std::uint64_t key = model_->pack(f.state);
    if (f.pending_choice == kDirect) return key;
    return (std::uint64_t{1} << 63) ^ (key << 6) ^ f.pending_choice;
  }

  std::string describe() const {
    const Frame& f = frames_.back();
    std::string text;
    if constexpr (DescribedModel<M>) {
      text = model_->describe(f.state);
    } else {
      text = "state " + std::to_string(model_->pack(f.state));
    }
    if (f.pending_choice != kDirect) text += " (choice " + std::to_string(f.pending_choice) + " pending)";
    return text;
  }
  std::string move_name(const Move& m) const {
    return m.label == mdp::kNoLabel ? std::string("chance outcome")
                                    : std::string(model_->label_name(m.label));
  }

  const State& state() const { return frames_.back().state; }
  std::size_t ply() const { return frames_.size() - 1; }
  const M& model() const { return *model_; }

 private:
  struct Frame {
    State state;
    std::uint32_t pending_choice;
  };
  const M* model_;
  std::vector<Frame> frames_;
};

}  // namespace sgplan::search
