// How much memory this process may still allocate: the smaller of the memory the system has
// available (MemAvailable in /proc/meminfo, Linux 3.14 and later) and the room left under the
// address-space limit (`ulimit -v`, RLIMIT_AS, less the process's current size). Builders that
// grow with the input compare their size with it, so that they stop with a ResourceError naming
// the limit before an allocation fails or the kernel's out-of-memory killer ends the process.
#pragma once

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <limits>
#include <string>

namespace sgplan {

// In bytes; 0 when neither quantity can be read (no check is then possible).
inline std::uint64_t available_memory_bytes() {
  constexpr std::uint64_t kUnknown = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t available = kUnknown;
  {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit) {
      if (key == "MemAvailable:") {
        available = kib * 1024;
        break;
      }
    }
  }
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    std::ifstream statm("/proc/self/statm");  // sizes in pages; the first is the total size
    std::uint64_t pages = 0;
    statm >> pages;
    const long page = ::sysconf(_SC_PAGESIZE);
    const std::uint64_t used = pages * static_cast<std::uint64_t>(page > 0 ? page : 4096);
    const auto cap = static_cast<std::uint64_t>(limit.rlim_cur);
    available = std::min(available, cap > used ? cap - used : 0);
  }
  return available == kUnknown ? 0 : std::max<std::uint64_t>(available, 1);
}

}  // namespace sgplan
