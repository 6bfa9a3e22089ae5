// JANI properties (JANI spec, "Properties") as prism_language::Property, answered by the same
// code as PRISM's (property_answer.hpp):
//   filter(fun, values, states) with states {"op": "initial"}: sgplan explores from one initial
//   state, so values, min, max, sum, avg, argmin and argmax of a probability are its value there,
//   and forall and exists of a truth value its truth there (count is left unanswered);
//   values: Pmin(path) or Pmax(path), or such a probability compared (< ≤ > ≥) with a constant;
//   path: φ U ψ, F ψ or G φ, each with an optional step-bounds upper bound (upper-exclusive: one
//   step fewer; a lower bound of 0 is no bound).
// A property outside this (rewards: Emin/Emax; steady state; time or reward bounds; nested
// probabilities; other state sets) is kept, unanswered, with the reason, as the PRISM props reader
// does. A malformed one is an InputError at its JSON pointer.
#include "models/jani/jani_reader.hpp"

namespace sgplan::models::jani {

using prism_language::NodeId;
using prism_language::Op;
using prism_language::PathOp;
using prism_language::Property;
using prism_language::Query;

namespace {

// Does this JSON (a state formula) contain a property operator? Deeper than the translator's
// limit is left to the translator, which refuses it.
bool has_property_operator(const Json& j, int depth = 0) {
  if (depth > ExpressionTranslator::kMaxDepth) return false;
  if (j.is_object()) {
    if (const auto it = j.find("op");
        it != j.end() && it->is_string() && is_property_operator(it->get<std::string>()))
      return true;
    for (const auto& [key, value] : j.items())
      if (has_property_operator(value, depth + 1)) return true;
  } else if (j.is_array()) {
    for (const auto& v : j)
      if (has_property_operator(v, depth + 1)) return true;
  }
  return false;
}

// Unanswered properties unwind to read_properties with the reason.
struct Unanswered {
  std::string why;
};

class PropertyReader {
 public:
  PropertyReader(ExpressionTranslator& tr, const Scope& scope, const prism_language::ExpressionPool& pool)
      : tr_(tr), scope_(scope), pool_(pool) {}

  void read(const JsonAt& expression, Property& p) {
    std::string fun = "values";
    JsonAt values = expression;
    if (expression.is_object() && expression.json().value("op", "") == "filter") {
      expression.check_keys({"op", "fun", "values", "states"});
      fun = expression.at("fun").string();
      static const std::set<std::string> kFuns{"min",    "max",    "sum",    "avg",    "count",
                                               "forall", "exists", "argmin", "argmax", "values"};
      if (!kFuns.count(fun)) expression.at("fun").fail("unknown filter function \"" + fun + "\"");
      const JsonAt states = expression.at("states");
      if (!(states.is_object() && states.json().size() == 1 && states.json().value("op", "") == "initial"))
        throw Unanswered{"a filter over states other than the initial ones ({\"op\": \"initial\"})"};
      values = expression.at("values");
    }
    if (fun == "count")
      throw Unanswered{"the filter function count (sgplan answers values at the initial state)"};
    probability(values, p);
    const bool truth = p.query == Query::kBound;
    if ((fun == "forall" || fun == "exists") && !truth)
      throw Unanswered{"the filter function " + fun +
                       " needs a truth value (a probability compared with a bound)"};
    if (fun != "values" && fun != "forall" && fun != "exists" && truth)
      throw Unanswered{"the filter function " + fun + " needs numbers, not a truth value"};
    p.text = text_of(p);
    if (fun != "values") p.text = "filter(" + fun + ", " + p.text + ", \"init\")";
  }

 private:
  static bool is_probability(const JsonAt& v) {
    if (!v.is_object()) return false;
    const std::string op = v.json().value("op", "");
    return op == "Pmin" || op == "Pmax";
  }

  // Pmin(path), Pmax(path), or one compared with a bound.
  void probability(const JsonAt& v, Property& p) {
    if (!v.is_object() || !v.json().contains("op"))
      throw Unanswered{"not a probability query (Pmin or Pmax)"};
    const std::string op = v.at("op").string();
    if (op == "Pmin" || op == "Pmax") {
      v.check_keys({"op", "exp"});
      p.query = op == "Pmax" ? Query::kMax : Query::kMin;
      path(v.at("exp"), p);
      return;
    }
    static const std::map<std::string, std::pair<std::string, std::string>> kComparisons{
        {"<", {"<", ">"}}, {"≤", {"<=", ">="}}, {">", {">", "<"}}, {"≥", {">=", "<="}}};
    if (const auto c = kComparisons.find(op); c != kComparisons.end()) {
      v.check_keys({"op", "left", "right"});
      const JsonAt l = v.at("left"), r = v.at("right");
      const bool left = is_probability(l);
      if (!left && !is_probability(r)) throw Unanswered{"a comparison of something other than Pmin or Pmax"};
      const JsonAt& prob = left ? l : r;
      const JsonAt& bound = left ? r : l;
      // P ~ b, or b ~ P written the other way round.
      p.comparison = left ? c->second.first : c->second.second;
      probability(prob, p);
      p.compared = p.query;
      p.query = Query::kBound;
      if (has_property_operator(bound.json())) throw Unanswered{"a bound that is not a constant expression"};
      p.bound = tr_.translate(bound, scope_);
      return;
    }
    if (op == "Emin" || op == "Emax")
      throw Unanswered{"reward properties (Emin, Emax) are not supported yet"};
    if (op == "Smin" || op == "Smax") throw Unanswered{"steady-state properties are not supported"};
    throw Unanswered{"\"" + op + "\" is not a probability query (Pmin or Pmax)"};
  }

  NodeId state_formula(const JsonAt& f) {
    if (has_property_operator(f.json()))
      throw Unanswered{"nested property operators (a state formula may only read the state)"};
    return tr_.translate(f, scope_);
  }

  void path(const JsonAt& e, Property& p) {
    if (!e.is_object() || !e.json().contains("op")) {
      throw Unanswered{"a probability of a state formula, not of a path (U, F or G)"};
    }
    const std::string op = e.at("op").string();
    if (op == "U") {
      e.check_keys({"op", "left", "right", "step-bounds", "time-bounds", "reward-bounds"});
      p.path = PathOp::kUntil;
      p.left = state_formula(e.at("left"));
      p.right = state_formula(e.at("right"));
    } else if (op == "F" || op == "G") {
      e.check_keys({"op", "exp", "step-bounds", "time-bounds", "reward-bounds"});
      p.path = op == "F" ? PathOp::kEventually : PathOp::kGlobally;
      p.right = state_formula(e.at("exp"));
    } else {
      throw Unanswered{"the path operator \"" + op + "\" (sgplan answers U, F and G)"};
    }
    if (e.find("time-bounds") || e.find("reward-bounds"))
      throw Unanswered{"time and reward bounds are not supported (step bounds are)"};
    if (const auto b = e.find("step-bounds")) steps(*b, p);
  }

  void steps(const JsonAt& b, Property& p) {
    b.check_keys({"lower", "lower-exclusive", "upper", "upper-exclusive"});
    const bool lower_exclusive = b.find("lower-exclusive") && b.at("lower-exclusive").boolean();
    if (const auto lower = b.find("lower")) {
      const bool zero = lower->json().is_number_integer() && lower->json().get<std::int64_t>() == 0;
      if (!zero || lower_exclusive) throw Unanswered{"lower step bounds are not supported (upper ones are)"};
    }
    const auto upper = b.find("upper");
    if (!upper) return;
    NodeId k = tr_.translate(*upper, scope_);
    if (b.find("upper-exclusive") && b.at("upper-exclusive").boolean())
      k = tr_.node(Op::kSub, *upper, {k, tr_.int_node(1, *upper)});  // < k steps: at most k - 1
    p.steps = k;
  }

  std::string text_of(const Property& p) const {
    std::string s = p.query == Query::kBound ? std::string(p.compared == Query::kMax ? "Pmax" : "Pmin") +
                                                   p.comparison + pool_.text(p.bound)
                                             : std::string(p.query == Query::kMax ? "Pmax=?" : "Pmin=?");
    const std::string steps = p.steps ? "<=" + pool_.text(*p.steps) : "";
    s += " [ ";
    if (p.path == PathOp::kUntil) {
      s += pool_.text(*p.left) + " U" + steps + " " + pool_.text(p.right);
    } else {
      s += std::string(p.path == PathOp::kEventually ? "F" : "G") + steps + " " + pool_.text(p.right);
    }
    return s + " ]";
  }

  ExpressionTranslator& tr_;
  const Scope& scope_;
  const prism_language::ExpressionPool& pool_;
};

}  // namespace

void JaniReader::read_properties(const JsonAt& list) {
  std::set<std::string> names;
  for (const JsonAt& item : list.items()) {
    item.check_keys({"name", "expression"});
    Property p;
    p.name = item.at("name").identifier();
    if (!names.insert(p.name).second)
      item.at("name").fail("the property \"" + p.name + "\" is declared twice");
    p.file = file_;
    p.where = out_.places.add(item.pointer());
    try {
      PropertyReader(tr_, global_, out_.model.pool).read(item.at("expression"), p);
    } catch (const Unanswered& u) {
      p.supported = false;
      p.unsupported = u.why;
    }
    out_.properties.push_back(std::move(p));
  }
}

}  // namespace sgplan::models::jani
