#include "search/lambda/lambda_options.hpp"

namespace sgplan::search::lambda {

std::string engine_name(Engine e) {
  return e == Engine::kDfpn ? "dfpn" : e == Engine::kHybrid ? "hybrid" : "alphabeta";
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
