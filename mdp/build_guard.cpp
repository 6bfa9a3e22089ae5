#include <cstdio>

#include "core/errors.hpp"
#include "core/memory.hpp"
#include "mdp/build_options.hpp"

namespace sgplan::mdp {

BuildGuard::BuildGuard(const BuildOptions& options)
    : options_(options),
      start_(std::chrono::steady_clock::now()),
      available_(options.max_bytes != 0 ? 0 : available_memory_bytes()),
      max_bytes_(options.max_bytes != 0 ? options.max_bytes : available_ / 2) {}

double BuildGuard::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void BuildGuard::check_new_state(std::size_t states) const {
  if (states < options_.max_states) return;
  throw ResourceError("state limit: the model has more than " + std::to_string(options_.max_states) +
                      " reachable states (raise it with " + options_.limit_flag + ")");
}

void BuildGuard::check_memory(std::uint64_t bytes, std::size_t states) const {
  if (max_bytes_ == 0 || bytes <= max_bytes_) return;
  const std::string limit = options_.max_bytes != 0
                                ? "the limit of " + std::to_string(max_bytes_ >> 20) + " MiB"
                                : "half the memory available when the build started (" +
                                      std::to_string(max_bytes_ >> 20) + " MiB of " +
                                      std::to_string(available_ >> 20) + ")";
  throw ResourceError("memory limit: the state graph holds " + std::to_string(bytes >> 20) + " MiB after " +
                      std::to_string(states) + " states and is still growing, past " + limit +
                      "; free memory, or use a smaller model");
}

void BuildGuard::check_deadline(std::size_t states) const {
  if (!options_.deadline || std::chrono::steady_clock::now() <= *options_.deadline) return;
  char took[32];
  std::snprintf(took, sizeof took, "%.1f", seconds());
  throw ResourceError("time limit: the state graph has " + std::to_string(states) + " states after " + took +
                      " s of building and is still growing (raise it with " + options_.time_flag + ")");
}

}  // namespace sgplan::mdp
