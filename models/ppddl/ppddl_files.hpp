// Finding and reading a PPDDL problem's files. sgplan reads the problem; its domain is the file
// --domain names, else a (define (domain ...)) in the problem's own file, else domain.pddl in the
// problem's folder (the IPPC's and QVBS's layout: domain.pddl beside p01.pddl ...). A domain file
// given where the problem belongs is an error that says to pass the problem.
#pragma once

#include <string>

#include "models/ppddl/ast.hpp"

namespace sgplan::models::ppddl {

struct PpddlFiles {
  Domain domain;
  Problem problem;
};

// InputError (file:line:col) on anything the files get wrong; `lenient`: see parse_context.hpp.
PpddlFiles read_ppddl(const std::string& problem_path, const std::string& domain_path, bool lenient);

}  // namespace sgplan::models::ppddl
