// The fuzz harnesses, one per loader: each takes libFuzzer's bytes, feeds them to the loader as a
// file (or text) of its format and checks the invariants of fuzz_support.hpp, returning 0. They are
// plain functions so that the replay test (tests/fuzz) runs the same code, built with g++, over the
// seeds and every regression input; fuzz_entry.cpp wraps one of them as LLVMFuzzerTestOneInput.
//   model     any model YAML (every `model:` kind, including game trees and Go-Moku positions):
//             load it as the CLI would by its kind, build the graph and solve it with small limits
//   efg       Gambit .efg: read, then write and read again (the round trip reproduces the text)
//   strategy  strategy and profile files against two fixed game trees (the repeated prisoners'
//             dilemma of configs/repeated-pd.yaml and the poker of configs/poker.yaml)
//   sgf       SGF game records: parse, then the position at each move number along the main line
//   prism     PRISM explicit: a .tra, a line "----", then the .lab; build and solve
//   gomoku    Go-Moku positions, YAML or Renju case files
//   jani      JANI models: every property of the file answered, and the model built with a target
//   ppddl     a PPDDL domain and problem in one .pddl file: ground, build and solve
//   gtp       GTP command lines fed to one engine with small reading budgets; every answer
//             well-formed ("=" or "?", ended by an empty line)
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace sgplan::fuzz {

int fuzz_model(const std::uint8_t* data, std::size_t size);
int fuzz_efg(const std::uint8_t* data, std::size_t size);
int fuzz_strategy(const std::uint8_t* data, std::size_t size);
int fuzz_sgf(const std::uint8_t* data, std::size_t size);
int fuzz_prism(const std::uint8_t* data, std::size_t size);
int fuzz_gomoku(const std::uint8_t* data, std::size_t size);
int fuzz_ppddl(const std::uint8_t* data, std::size_t size);
int fuzz_gtp(const std::uint8_t* data, std::size_t size);
int fuzz_jani(const std::uint8_t* data, std::size_t size);

struct Harness {
  std::string_view name;  // the target's name: fuzz_<name>, tools/fuzz/seeds/<name>
  int (*run)(const std::uint8_t*, std::size_t);
};

inline const std::vector<Harness>& harnesses() {
  static const std::vector<Harness> all{
      {"model", fuzz_model}, {"efg", fuzz_efg},     {"strategy", fuzz_strategy},
      {"sgf", fuzz_sgf},     {"prism", fuzz_prism}, {"gomoku", fuzz_gomoku},
      {"ppddl", fuzz_ppddl}, {"gtp", fuzz_gtp},     {"jani", fuzz_jani}};
  return all;
}

}  // namespace sgplan::fuzz
