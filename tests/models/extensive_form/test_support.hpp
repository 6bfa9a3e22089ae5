// Helpers shared by the extensive-form tests: the Gambit test bed's location ($SGPLAN_CASES, else
// ../shared/cases next to the source tree), loading games from strings, and exact expectations.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "models/extensive_form/game_tree.hpp"
#include "models/extensive_form/sequences.hpp"

namespace sgplan::models::extensive_form::testing {

// The folder holding gambit/ (and the other shared cases), or "" when absent.
std::string cases_dir();
// Every .efg and .nfg file under cases_dir()/gambit, sorted.
std::vector<std::string> gambit_files(const std::string& extension);
std::string source_dir();

GameTree efg(const std::string& text);              // reads a .efg text (name "test.efg")
GameTree gambit(const std::string& relative_path);  // reads cases_dir()/gambit/<path>
GameTree config(const std::string& relative_path);  // loads <source>/configs/<path> (any tree kind)

// Runs f and returns the InputError message ("" when nothing was thrown).
std::string input_error(const std::function<void()>& f);

Rational q(const std::string& text);  // "1/3" -> 1/3

// Two games without perfect recall, as .efg texts: the absent-minded driver (Piccione & Rubinstein
// 1997) and Wichardt's (2008) shape, where player 1 forgets its own first move.
extern const char* const kAbsentMindedDriver;
extern const char* const kForgetfulPlayer;

}  // namespace sgplan::models::extensive_form::testing

#define SGPLAN_REQUIRE_CASES()                                                                         \
  do {                                                                                                 \
    if (::sgplan::efg::testing::cases_dir().empty())                                                   \
      GTEST_SKIP() << "the Gambit test bed is absent: set SGPLAN_CASES to the folder holding gambit/"; \
  } while (0)
