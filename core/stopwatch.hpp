// Seconds spent in a step: the command line's timings and the phase timings that `sgplan solve
// --profile` prints.
#pragma once

#include <chrono>
#include <utility>

namespace sgplan {

// Seconds from `start` until now.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Runs f(), adds the seconds it took to `seconds`, and returns what f returned.
template <class F>
auto timed(double& seconds, F&& f) {
  const auto start = std::chrono::steady_clock::now();
  auto result = std::forward<F>(f)();
  seconds += seconds_since(start);
  return result;
}

}  // namespace sgplan
