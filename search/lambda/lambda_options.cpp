#include "search/lambda/lambda_options.hpp"

namespace sgplan::search::lambda {

std::string engine_name(Engine e) {
  return e == Engine::kDfpn ? "dfpn" : "alphabeta";
}

}  // namespace sgplan::search::lambda
