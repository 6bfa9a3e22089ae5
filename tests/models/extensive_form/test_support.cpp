#include "tests/models/extensive_form/test_support.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "core/errors.hpp"
#include "models/extensive_form/efg_format.hpp"
#include "models/registry.hpp"

namespace sgplan::models::extensive_form::testing {

namespace fs = std::filesystem;

std::string cases_dir() {
  const char* env = std::getenv("SGPLAN_CASES");
  const std::string dir = env != nullptr && *env != '\0' ? env : SGPLAN_CASES_DEFAULT;
  std::error_code ec;
  return fs::is_directory(fs::path(dir) / "gambit", ec) ? dir : std::string();
}

std::vector<std::string> gambit_files(const std::string& extension) {
  std::vector<std::string> out;
  const std::string dir = cases_dir();
  if (dir.empty()) return out;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(dir) / "gambit")) {
    if (entry.is_regular_file() && entry.path().extension() == extension)
      out.push_back(entry.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string source_dir() {
  return SGPLAN_SOURCE_DIR;
}

GameTree efg(const std::string& text) {
  return efg::read_efg_string(text, "test.efg");
}

GameTree gambit(const std::string& relative_path) {
  return efg::read_efg_file(cases_dir() + "/gambit/" + relative_path);
}

GameTree config(const std::string& relative_path) {
  return models::load_game_tree(source_dir() + "/configs/" + relative_path, {});
}

std::string input_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

Rational q(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) return Rational(BigInt(text));
  return Rational(BigInt(text.substr(0, slash)), BigInt(text.substr(slash + 1)));
}

// The absent-minded driver (Piccione & Rubinstein 1997; Gilboa 1997): two exits that look the same.
const char* const kAbsentMindedDriver = R"(EFG 2 R "driver" { "Driver" }
p "" 1 1 "exit?" { "B" "E" } 0
p "" 1 1 "exit?" { "B" "E" } 0
t "" 1 "home" { 1 }
t "" 2 "far" { 4 }
t "" 3 "near" { 0 }
)";

// Player 1 moves, then forgets the move (Wichardt 2008's shape); player 2 sees nothing.
const char* const kForgetfulPlayer = R"(EFG 2 R "forgetful" { "P1" "P2" }
p "" 1 1 "first" { "R" "L" } 0
p "" 1 2 "second" { "r" "l" } 0
p "" 2 1 "guess" { "B" "T" } 0
t "" 1 "" { 1, -1 }
t "" 2 "" { -1, 1 }
p "" 2 1 "guess" { "B" "T" } 0
t "" 3 "" { -5, 5 }
t "" 4 "" { -5, 5 }
p "" 1 2 "second" { "r" "l" } 0
p "" 2 1 "guess" { "B" "T" } 0
t "" 5 "" { -5, 5 }
t "" 6 "" { -5, 5 }
p "" 2 1 "guess" { "B" "T" } 0
t "" 7 "" { -1, 1 }
t "" 8 "" { 1, -1 }
)";

}  // namespace sgplan::models::extensive_form::testing
