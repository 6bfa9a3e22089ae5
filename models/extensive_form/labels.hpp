// Stable labels: the names by which strategy files, JSON output and error messages refer to
// players, information sets and actions. A label must be unique in its scope even when the file's
// names are empty or repeated (Gambit files often leave them empty).
//
// Information sets (the rule of Gambit's .efg convention as the issue states it): the set's name
// in the file where that name is non-empty and unique among the player's sets, and
// "<player name>:<information set number>" otherwise. Generated labels are distinct because
// numbers are unique per player; a name that happens to equal another set's generated label
// yields and takes its own generated label, so the result is always unique.
//
// Players and actions: the name where non-empty and unique in its scope (the game; the
// information set), and "#k" (k the 1-based position) otherwise, with the same yielding rule.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "models/extensive_form/efg_namespace.hpp"

namespace sgplan::models::extensive_form {

// Keys for players or for the actions of one information set.
std::vector<std::string> unique_keys(const std::vector<std::string>& names);

// Labels for one player's information sets, given their names and numbers (numbers unique).
std::vector<std::string> infoset_labels(const std::string& player_name, const std::vector<std::string>& names,
                                        const std::vector<std::uint32_t>& numbers);

}  // namespace sgplan::models::extensive_form
