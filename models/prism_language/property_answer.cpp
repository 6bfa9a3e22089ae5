#include "models/prism_language/property_answer.hpp"

#include <chrono>
#include <functional>

#include "mdp/almost_sure_search.hpp"
#include "mdp/bounded_rtdp.hpp"
#include "mdp/build_graph.hpp"
#include "mdp/finite_horizon.hpp"
#include "mdp/reachability.hpp"

namespace sgplan::models::prism_language {

namespace {
bool m_type_is_smg(const PrismModel& m) {
  return m.type == ModelType::kSmg;
}

// A bound query (P>=b [ ... ]): whether a probability x satisfies it.
std::function<bool(double)> bound_test(const CompiledModel& m, const Property& p,
                                       const SourceLocation& where) {
  const Value b = m.constant_value_of(p.bound);
  if (!b.numeric()) throw InputError(where, "the bound of P must be a number");
  const double bound = b.as_real();
  const std::string comparison = p.comparison;
  return [bound, comparison](double x) {
    return comparison == ">="   ? x >= bound
           : comparison == ">"  ? x > bound
           : comparison == "<=" ? x <= bound
                                : x < bound;
  };
}

// Whether a bound query holds, decided only when both bounds agree (otherwise the answer needs a
// smaller epsilon).
void decide_bound(const CompiledModel& m, const Property& p, const SourceLocation& where,
                  PropertyAnswer& out) {
  if (p.query != Query::kBound) return;
  const auto holds_at = bound_test(m, p, where);
  if (holds_at(out.lower) != holds_at(out.upper)) {
    throw InputError(where, "the bounds [" + std::to_string(out.lower) + ", " + std::to_string(out.upper) +
                                "] straddle the property's bound: lower --epsilon to decide it");
  }
  out.truth = holds_at(out.lower);
}
}  // namespace

PropertyAnswer answer_property(const PrismModel& written, const ConstantOverrides& constants,
                               const Property& p, const AnswerOptions& options) {
  const SourceLocation where{p.file, p.where.line, p.where.column};
  if (!p.supported) throw InputError(where, "this property is not answered: " + p.unsupported);
  PrismModel model = written;
  // What to compute: F target (or left U target), maximised or minimised.
  bool maximize = true;
  switch (p.query) {
    case Query::kMax:
    case Query::kValue:
      maximize = true;
      break;
    case Query::kMin:
      maximize = false;
      break;
    case Query::kBound:
      // >= and >: the lowest probability the others can force; <= and <: the highest (unless the
      // property names its extremum).
      if (p.compared == Query::kMax || p.compared == Query::kMin) {
        maximize = p.compared == Query::kMax;
      } else {
        maximize =
            (p.has_coalition || m_type_is_smg(written)) ? (p.comparison[0] == '>') : (p.comparison[0] == '<');
      }
      break;
  }
  const bool globally = p.path == PathOp::kGlobally;
  NodeId target = p.right;
  if (globally) {  // P(G phi) = 1 - P(F !phi): the opposite extremum of the complement
    Node negation;
    negation.op = Op::kNot;
    negation.line = model.pool.at(p.right).line;
    negation.column = model.pool.at(p.right).column;
    negation.args = {p.right};
    target = model.pool.add(std::move(negation));
  }
  const bool solve_max = globally ? !maximize : maximize;
  const auto start = std::chrono::steady_clock::now();
  CompiledModel m(std::move(model), constants);
  std::optional<NodeId> avoid;
  if (p.path == PathOp::kUntil) {
    Node negation;
    negation.op = Op::kNot;
    negation.args = {*p.left};
    avoid = m.add_node(std::move(negation));
  }
  // An smg property without << >> lets every player work together, as PRISM-games reads it.
  const std::vector<std::string> coalition =
      p.has_coalition || m.model().type != ModelType::kSmg ? p.coalition : std::vector<std::string>{"*"};
  m.set_objective(target, solve_max, coalition, avoid);

  if (options.search_from_start) {
    if (p.steps)
      throw InputError(where, "--method " + std::string(mdp::to_string(options.partial_method)) +
                                  " answers unbounded properties; this one has a step bound");
    mdp::BrtdpOptions search;
    search.method = options.partial_method;
    search.epsilon = options.epsilon;
    search.max_states = options.max_states;
    search.max_paths = options.max_iterations;
    search.seed = options.seed;
    search.deadline = options.deadline;
    if (p.query == Query::kBound) {
      // Search until the bounds decide the query (a bound of 0 or 1 needs the explored part to
      // prove it), not merely until they are epsilon apart.
      search.decided = [holds_at = bound_test(m, p, where), globally](double lower, double upper) {
        return globally ? holds_at(1.0 - upper) == holds_at(1.0 - lower) : holds_at(lower) == holds_at(upper);
      };
    }
    const mdp::BrtdpResult r = mdp::bounded_rtdp(m, search);
    PropertyAnswer out;
    out.build_seconds = 0.0;
    out.states = r.game.num_states();
    out.transitions = r.game.num_entries();
    out.deadlocks = m.deadlocks();
    out.status = r.status;
    out.iterations = r.paths;
    out.maximized = maximize;
    out.by_search_from_start = true;
    out.lower = globally ? 1.0 - r.upper : r.lower;
    out.upper = globally ? 1.0 - r.lower : r.upper;
    out.value = 0.5 * (out.lower + out.upper);
    decide_bound(m, p, where, out);
    return out;
  }
  mdp::BuildOptions build;
  build.max_states = options.max_states;
  mdp::BuiltGraph built;
  try {
    built = mdp::build_graph(m, build);
  } catch (const ResourceError&) {
    // Too large to build: an unbounded Pmax of an mdp or dtmc may still be proven to be 1 by a
    // policy that reaches the target almost surely, found without the graph.
    const bool qualitative_max = !p.steps && solve_max && !globally && m.model().type != ModelType::kSmg;
    if (!qualitative_max) throw;
    const mdp::AlmostSureResult found = mdp::find_almost_sure_policy(m, options.max_states);
    if (!found.found) throw;
    PropertyAnswer out;
    out.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out.value = out.lower = out.upper = 1.0;
    out.states = found.solved;
    out.by_almost_sure_search = true;
    decide_bound(m, p, where, out);
    return out;
  }
  const double build_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  mdp::SolveOptions solve;
  solve.epsilon = options.epsilon;
  solve.max_iterations = options.max_iterations;
  mdp::Solution sol;
  if (p.steps) {
    const Value k = m.constant_value_of(*p.steps);
    if (k.type != Value::Type::kInt || k.i < 0) {
      throw InputError(where,
                       "the step bound must be a non-negative int, found " + m.model().pool.text(*p.steps));
    }
    sol = mdp::solve_finite_horizon(built.graph, static_cast<std::uint32_t>(k.i), solve);
  } else {
    sol = mdp::solve_reachability(built.graph, solve);
  }
  PropertyAnswer out;
  out.build_seconds = build_seconds;
  out.states = built.graph.num_states();
  out.transitions = built.graph.num_transitions();
  out.deadlocks = m.deadlocks();
  out.status = sol.status;
  out.iterations = sol.iterations;
  out.sound = sol.sound;
  out.maximized = maximize;
  const double lo = sol.lower[0], up = sol.sound ? sol.upper[0] : sol.lower[0];
  out.lower = globally ? 1.0 - up : lo;
  out.upper = globally ? 1.0 - lo : up;
  out.value = 0.5 * (out.lower + out.upper);
  decide_bound(m, p, where, out);
  return out;
}

}  // namespace sgplan::models::prism_language
