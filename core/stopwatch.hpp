// Seconds spent in a step, for the phase timings that `sgplan solve --profile` prints.
#pragma once

#include <chrono>
#include <utility>

namespace sgplan {

// Runs f(), adds the seconds it took to `seconds`, and returns what f returned.
template <class F>
auto timed(double& seconds, F&& f) {
  const auto start = std::chrono::steady_clock::now();
  auto result = std::forward<F>(f)();
  seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sgplan
