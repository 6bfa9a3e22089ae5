// A PPDDL problem from its files to the model sgplan explores: read (ppddl_files.hpp), grounded
// (grounder.hpp), each ground action's outcomes flattened (outcomes.hpp), translated into the
// PRISM language (translate.hpp) and compiled; the cost of it all in the model's GroundingReport.
#pragma once

#include <cstdint>
#include <string>

#include "models/ppddl/ppddl_model.hpp"

namespace sgplan::models::ppddl {

struct PpddlOptions {
  std::string domain_path;  // "": a domain in the problem's file, else domain.pddl beside it
  bool lenient = false;     // parse_context.hpp, domain_parser.hpp
  std::uint64_t max_ground_actions = 1'000'000;  // and 64 outcomes per ground action in all
  std::string target;                            // a condition in place of the goal ("": the problem's goal)
};

// No objective is set yet (PpddlModel::aim). InputError on the files, ResourceError at a limit.
PpddlModel load_ppddl(const std::string& problem_path, const PpddlOptions& options);

}  // namespace sgplan::models::ppddl
