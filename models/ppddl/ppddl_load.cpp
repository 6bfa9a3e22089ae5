#include "models/ppddl/ppddl_load.hpp"

#include <chrono>
#include <cstdint>
#include <numeric>
#include <string>

#include "core/errors.hpp"
#include "models/ppddl/grounder.hpp"
#include "models/ppddl/outcomes.hpp"
#include "models/ppddl/ppddl_files.hpp"
#include "models/ppddl/problem_parser.hpp"
#include "models/ppddl/sexpr.hpp"
#include "models/ppddl/translate.hpp"

namespace sgplan::models::ppddl {

namespace {

// --target: one PPDDL condition over the problem's objects, in place of its goal.
Formula target_condition(const std::string& text, const Domain& domain, Problem& problem) {
  const std::string where = "--target";
  const std::vector<SExpr> forms = read_sexprs(text, where);
  if (forms.size() != 1) {
    throw InputError(SourceLocation{where, 1, 1},
                     "expected one condition such as '(vehicle-at n0)' or '(and (alive) (at c1 c1))'");
  }
  return parse_condition(forms[0], domain, problem, where);
}

}  // namespace

PpddlModel load_ppddl(const std::string& problem_path, const PpddlOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  PpddlFiles files = read_ppddl(problem_path, options.domain_path, options.lenient);
  const Formula goal = options.target.empty() ? files.problem.goal
                                              : target_condition(options.target, files.domain, files.problem);
  GroundingLimits limits;
  limits.max_ground_actions = options.max_ground_actions;
  const GroundTask task = ground(files.domain, files.problem, goal, limits);
  std::vector<std::vector<GroundCommand>> commands;
  commands.reserve(task.actions.size());
  // Outcomes cost memory as ground actions do: at most 64 per allowed ground action in all.
  std::uint64_t outcomes = 0;
  const std::uint64_t max_outcomes =
      options.max_ground_actions > UINT64_MAX / 64 ? UINT64_MAX : 64 * options.max_ground_actions;
  // The least common multiple of the outcomes' denominators, or 0 past 2^53 (in 64-bit integers:
  // GCC 12 at -O1 reports comparisons of BigInts with constants as maybe-uninitialized).
  std::uint64_t denominator = 1;
  constexpr std::uint64_t kExactLimit = std::uint64_t{1} << 53;
  for (const GroundAction& a : task.actions) {
    commands.push_back(commands_of(a));
    for (const GroundCommand& c : commands.back()) {
      outcomes += c.outcomes.size();
      for (const Outcome& o : c.outcomes) {
        if (denominator == 0) break;
        const std::string text = boost::multiprecision::denominator(o.probability).str();
        const std::uint64_t d = text.size() <= 16 ? std::stoull(text) : kExactLimit + 1;
        std::uint64_t next = 0;
        if (d > kExactLimit || __builtin_mul_overflow(denominator / std::gcd(denominator, d), d, &next) ||
            next > kExactLimit) {
          denominator = 0;
        } else {
          denominator = next;
        }
      }
    }
    check_limit(outcomes, max_outcomes, "PPDDL outcomes (64 per allowed ground action)",
                "--max-ground-actions");
  }
  Translation t = translate(files.domain, files.problem, task, commands);
  constexpr std::uint64_t kMaxAtoms = std::uint64_t{prism_language::CompiledModel::kMaxStateWords} * 64;
  if (t.variables.size() > kMaxAtoms) {
    throw ResourceError("PPDDL: " + std::to_string(t.variables.size()) + " fluent atoms exceed the " +
                        std::to_string(kMaxAtoms) +
                        " bits a state may have (a fixed limit of the state-space generator)");
  }
  GroundingReport report;
  report.atoms = t.variables.size();
  report.static_facts = task.static_facts;
  report.ground_actions = task.actions.size();
  report.commands = t.commands;
  report.outcomes = t.outcomes;
  report.denominator = denominator;
  report.warnings = files.domain.warnings;
  report.warnings.insert(report.warnings.end(), files.problem.warnings.begin(), files.problem.warnings.end());
  const prism_language::NodeId goal_node = t.goal;
  prism_language::CompiledModel compiled(std::move(t.model), {});
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return PpddlModel(std::move(compiled), goal_node, std::move(t.variables), std::move(report));
}

}  // namespace sgplan::models::ppddl
