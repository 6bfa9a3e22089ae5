// A PRISM-language model explored the way PRISM's explicit engine builds it, for export
// (explicit_export.hpp): every state reachable from the initial state, with no objective, and
// PRISM's rules and order (prism/src/explicit/ConstructModel.java and the classes it builds; for
// an smg, PRISM-games' version of it):
//   - the states sorted by their variables' values in declaration order (ConstructModel sorts by
//     default, through parser/State.java's compareTo);
//   - mdp and smg: a state's choices in the order the commands generate them
//     (CompiledModel::for_each_command_choice); in a choice, the probabilities of one target
//     summed in that order (explicit/Distribution.java) and the targets sorted; a choice equal to
//     an earlier one of the same state (same action, same targets, probabilities equal within a
//     relative 1e-12: Distribution.equals, PrismUtils.doublesAreEqual) is dropped
//     (MDPSimple.addActionLabelledChoice);
//   - dtmc: one distribution per state: every choice's probabilities scaled by 1 / (the sum of all
//     of them) (simulator/Updater.java), then summed per target and action (each transition
//     keeps its command's action: DTMCSimple.addToProbability), sorted by target and then by the
//     action's name, an unlabelled one named "null" as Java's Objects.toString names it
//     (io/ModelExporter.java, getSortedTransitionsIterator);
//   - a deadlock (no choice) gets a self-loop of probability 1 without action and is marked
//     (findDeadlocks); in an smg it belongs to the first player, as does a state where no choice
//     names a player (simulator/ModulesFileModelGenerator.java, getPlayerOwningState).
// ResourceError ("--max-states") when the model has more reachable states than the limit, or when
// the exploration outgrows half the memory available at its start (as the graph builder).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/prism_language/compiled_model.hpp"

namespace sgplan::models::prism_language {

struct ExploredModel {
  static constexpr int kNoAction = -1;
  ModelType type = ModelType::kMdp;
  std::vector<CompiledModel::State> states;  // PRISM's order
  std::uint32_t initial = 0;
  std::vector<std::uint8_t> deadlock;  // per state
  std::vector<int> player;             // smg: per state, 0-based; empty otherwise
  // Choices of state s: choice_start[s] .. choice_start[s + 1]; a dtmc has one per state.
  std::vector<std::uint64_t> choice_start;
  std::vector<int> choice_action;  // per choice: an index of CompiledModel::actions(), or kNoAction
  // Entries of choice c: entry_start[c] .. entry_start[c + 1].
  std::vector<std::uint64_t> entry_start;
  std::vector<std::uint32_t> target;
  std::vector<double> probability;
  std::vector<int> entry_action;  // dtmc: per entry (its command's action); empty otherwise

  std::size_t num_states() const { return states.size(); }
  std::uint64_t num_choices() const { return choice_action.size(); }
  std::uint64_t num_transitions() const { return target.size(); }
  std::uint64_t num_deadlocks() const;
};

ExploredModel explore_like_prism(const CompiledModel& model, std::uint64_t max_states = 50'000'000);

}  // namespace sgplan::models::prism_language
