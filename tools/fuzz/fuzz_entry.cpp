// libFuzzer's entry point for one harness (harnesses.hpp): CMake builds this file once per target
// with SGPLAN_FUZZ_HARNESS naming the harness function.
#include <cstddef>
#include <cstdint>

#include "tools/fuzz/harnesses.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return sgplan::fuzz::SGPLAN_FUZZ_HARNESS(data, size);
}
