// Writing small PPDDL files and solving them in the PPDDL tests.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/errors.hpp"
#include "mdp/build_graph.hpp"
#include "mdp/reachability.hpp"
#include "models/ppddl/ppddl_load.hpp"

namespace sgplan::models::ppddl::testing {

namespace fs = std::filesystem;

// A fresh folder per test binary run.
inline fs::path scratch() {
  const fs::path dir = fs::temp_directory_path() / ("sgplan_ppddl_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

// Writes `text` to scratch()/name and returns the path.
inline std::string write(const std::string& name, const std::string& text) {
  const fs::path p = scratch() / name;
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

struct Answer {
  double value = 0.0, lower = 0.0, upper = 1.0;
  std::size_t states = 0;
};

// MAXPROB (or the lowest probability) of the problem's goal by interval iteration; the bounds
// must be sound and within 1e-9.
inline Answer solve(PpddlModel& m, bool maximize = true) {
  m.aim(maximize);
  const mdp::BuiltGraph built = mdp::build_graph(m);
  mdp::SolveOptions o;
  o.epsilon = 1e-9;
  const mdp::Solution sol = mdp::solve_reachability(built.graph, o);
  EXPECT_TRUE(sol.sound);
  const mdp::StateIndex s0 = built.graph.initial_state();
  EXPECT_LE(sol.upper[s0] - sol.lower[s0], 1e-9);
  return {sol.value(s0), sol.lower[s0], sol.upper[s0], built.graph.num_states()};
}

// A domain and a problem written to scratch()/folder/{domain,problem}.pddl, loaded.
inline PpddlModel load_texts(const std::string& folder, const std::string& domain, const std::string& problem,
                             PpddlOptions options = {}) {
  write(folder + "/domain.pddl", domain);
  return load_ppddl(write(folder + "/problem.pddl", problem), options);
}

// The InputError's whole message ("file:line:col: ..."), or "no InputError".
template <class F>
std::string input_error(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no InputError";
}

}  // namespace sgplan::models::ppddl::testing
