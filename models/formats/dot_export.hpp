// Graphviz DOT drawing of a state graph: Max states as boxes, Min states as diamonds, chance states
// as circles, terminals as double circles (green for success, red for failure). A choice with
// several successors gets a small point node from which its probabilistic edges leave; a choice
// with one successor is a single edge labelled with the choice. The initial state is bold.
#pragma once

#include <functional>
#include <string>

#include "mdp/state_graph.hpp"

namespace sgplan::models::formats {

// Writes PATH (typically PREFIX.dot). `state_name` gives each state's label.
void write_dot(const mdp::StateGraph& graph, const std::function<std::string(mdp::StateIndex)>& state_name,
               const std::string& path);

}  // namespace sgplan::models::formats
