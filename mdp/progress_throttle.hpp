// The one throttle between a solver and its progress callback (SolveOptions::progress): the
// callback hears at most every half second, so a sweep of a few states does not pay for a line
// on a terminal, and a long solve still shows it is alive. Every solver that reports progress
// (value iteration, interval iteration's regions, policy iteration) goes through it.
#pragma once

#include <chrono>

#include "mdp/solution.hpp"

namespace sgplan::mdp {

class ProgressThrottle {
 public:
  // `callback` must outlive the throttle (it is the solve options' own); empty: nothing reported.
  explicit ProgressThrottle(const ProgressCallback& callback) : callback_(callback) {}

  // Passes `progress` on when the interval has passed since the last report (or since the
  // throttle was made); false when the callback asked to stop, true otherwise.
  bool report(const Progress& progress) {
    if (!callback_) return true;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ <= kInterval) return true;
    last_ = now;
    return callback_(progress);
  }

 private:
  static constexpr std::chrono::milliseconds kInterval{500};
  const ProgressCallback& callback_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace sgplan::mdp
