#include "search/lambda/lambda_options.hpp"

namespace sgplan::search::lambda {

std::string engine_name(Engine e) {
  const MethodInfo* row = find_method_by_id(kLambdaEngines, static_cast<int>(e));
  return row != nullptr ? std::string(row->name) : "?";
}

bool engine_from_string(std::string_view text, Engine& out) {
  const MethodInfo* row = find_method(kLambdaEngines, text);
  if (row == nullptr) return false;
  out = static_cast<Engine>(row->id);
  return true;
}

}  // namespace sgplan::search::lambda

namespace sgplan::search::lambda {

std::string x00_name(X00 x) {
  switch (x) {
    case X00::kOff:
      return "off";
    case X00::kAttacker:
      return "attacker";
    case X00::kDefender:
      return "defender";
    case X00::kBoth:
      return "both";
  }
  return "?";
}

}  // namespace sgplan::search::lambda
