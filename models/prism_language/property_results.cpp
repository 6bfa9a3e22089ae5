#include "models/prism_language/property_results.hpp"

#include <chrono>

namespace sgplan::models::prism_language {

std::vector<PropertyResult> property_results(const std::vector<Property>& properties,
                                             const std::string& where, const LoadOptions& options,
                                             const PropertyRequest& request, const AnswerFunction& answer) {
  std::vector<std::size_t> chosen;
  for (std::size_t k = 0; k < properties.size(); ++k) {
    if (request.which.empty() || properties[k].name == request.which ||
        std::to_string(k + 1) == request.which)
      chosen.push_back(k);
  }
  if (chosen.empty()) {
    throw InputError(SourceLocation{where, 0, 0}, request.which.empty()
                                                      ? std::string("the file has no properties")
                                                      : "no property named '" + request.which +
                                                            "' (and no property " + request.which + " of " +
                                                            std::to_string(properties.size()) + ")");
  }
  std::vector<PropertyResult> out;
  for (std::size_t k : chosen) {
    const Property& p = properties[k];
    PropertyResult r;
    r.name = p.name;
    r.index = static_cast<int>(k + 1);
    r.text = p.supported ? p.text : "";
    if (!p.supported) {
      r.unsupported = p.unsupported;
      out.push_back(r);
      continue;
    }
    if (request.search_from_start && p.steps) {
      // A step bound asks for every state within k steps, which the full graph answers directly.
      r.unsupported = "--method " + std::string(mdp::to_string(request.partial_method)) +
                      " answers unbounded properties; this one has a step bound";
      out.push_back(r);
      continue;
    }
    const auto start = std::chrono::steady_clock::now();
    AnswerOptions o;
    o.epsilon = request.epsilon;
    o.max_states = options.max_states;
    o.search_from_start = request.search_from_start;
    o.partial_method = request.partial_method;
    o.seed = request.seed;
    o.max_iterations = request.max_iterations;
    o.deadline = request.deadline;
    const PropertyAnswer a = answer(p, o);
    r.value = a.value;
    r.lower = a.lower;
    r.upper = a.upper;
    r.sound = a.sound;
    r.truth = a.truth;
    r.states = a.states;
    r.transitions = a.transitions;
    r.deadlocks = a.deadlocks;
    r.status = std::string(mdp::to_string(a.status));
    r.reached = mdp::reached_target(a.status);
    // Said apart: the states are then the search's proof, not the model's reachable graph.
    if (a.by_almost_sure_search) r.status = "proven by almost-sure search (the graph exceeds --max-states)";
    if (a.by_search_from_start)
      r.status += " (" + std::string(mdp::to_string(request.partial_method)) + "; the states it explored)";
    r.iterations = a.iterations;
    r.build_seconds = a.build_seconds;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out.push_back(r);
  }
  return out;
}

}  // namespace sgplan::models::prism_language
