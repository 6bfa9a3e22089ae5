// PRISM properties (PRISM manual, "Property Specification"; PRISM-games for coalitions) of the
// reachability kind sgplan answers: [<<players>>] P(max|min)=? [ path ], P=? (a dtmc), and
// P ~ bound [ path ] (answered true or false), where the path is F phi, phi U psi or G phi, each
// optionally step-bounded (F<=k, U<=k, G<=k). A property may be named ("name": ...). A props file
// may declare constants (open ones take --const) and labels; they join the model. Any other
// property (rewards, LTL such as G F, filters, steady state) is kept, marked unsupported with the
// reason, and skipped up to its end, so the file's other properties still count.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/prism_language/model.hpp"

namespace sgplan::models::prism_language {

enum class Query : std::uint8_t { kMax, kMin, kValue, kBound };
enum class PathOp : std::uint8_t { kEventually, kUntil, kGlobally };

struct Property {
  std::string name;  // "" when unnamed
  Place where;
  std::string file;
  bool supported = true;
  std::string unsupported;  // why not, when not supported
  bool has_coalition = false;
  std::vector<std::string> coalition;  // player names or numbers; {"*"}: every player
  Query query = Query::kMax;
  std::string comparison;  // kBound: ">=", ">", "<=" or "<"
  NodeId bound = 0;        // kBound
  // kBound: the extremum compared with the bound. kValue, PRISM's rule: the lowest probability the
  // schedulers can give for >= and >, the highest for <= and <. kMax or kMin: JANI writes it
  // (Pmax(path) >= b: some scheduler reaches b; models/jani/).
  Query compared = Query::kValue;
  PathOp path = PathOp::kEventually;
  std::optional<NodeId> left;   // kUntil: phi of phi U psi
  NodeId right = 0;             // the target (psi; phi for F and G)
  std::optional<NodeId> steps;  // <=k
  // "Pmax=? [ F ... ]" as PRISM would print it (for reports).
  std::string text;
};

// Reads a props file into `model` (its constants, labels and expressions join the model's pool);
// InputError (file:line:col) on a syntax error inside a property sgplan understands.
std::vector<Property> parse_properties(std::string_view text, const std::string& file, PrismModel& model);

}  // namespace sgplan::models::prism_language
