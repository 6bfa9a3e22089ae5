// Every command in README.md's console blocks ("$ tools/run.sh ARGS") runs and exits 0; the ones
// with --json print one JSON object; the ones on ../shared data run where it is present. Labelled
// slow: the README's examples include full solves.
#include <iostream>

#include "tests/cli/run_sgplan.hpp"

namespace sgplan::testing {
namespace {

TEST(Readme, ExamplesRun) {
  std::ifstream readme(kSource / "README.md");
  ASSERT_TRUE(readme) << "README.md is missing";
  int commands = 0;
  for (std::string line; std::getline(readme, line);) {
    const std::string prefix = "$ tools/run.sh ";
    if (line.rfind(prefix, 0) != 0) continue;
    std::vector<std::string> args = split(line.substr(prefix.size()), ' ');
    args.erase(std::remove(args.begin(), args.end(), std::string()), args.end());
    // The examples on the shared benchmark data (QVBS, PRISM-games) run where it is present.
    const auto absent = std::find_if(args.begin(), args.end(), [](const std::string& a) {
      return a.rfind("../shared/", 0) == 0 && !fs::exists(kSource / a);
    });
    if (absent != args.end()) {
      std::cout << "skipped (the shared test data is absent: " << *absent << "): " << line << "\n";
      continue;
    }
    const CommandResult r = sgplan(args);
    EXPECT_EQ(r.exit_code, 0) << line << "\n" << r.err;
    if (std::find(args.begin(), args.end(), "--json") != args.end()) {
      EXPECT_TRUE(nlohmann::json::accept(r.out)) << line;
    }
    ++commands;
  }
  EXPECT_GE(commands, 5);
}

// Every ```yaml block of README.md that is a whole model (it starts with `model:`) loads: `sgplan
// info` accepts it.
TEST(Readme, ModelSnippetsLoad) {
  std::ifstream readme(kSource / "README.md");
  ASSERT_TRUE(readme) << "README.md is missing";
  const fs::path dir = fs::temp_directory_path() / ("sgplan_readme_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  int snippets = 0;
  std::string line, block;
  bool in_yaml = false;
  while (std::getline(readme, line)) {
    if (!in_yaml && line == "```yaml") {
      in_yaml = true;
      block.clear();
    } else if (in_yaml && line == "```") {
      in_yaml = false;
      if (block.rfind("model:", 0) != 0) continue;
      const fs::path file = dir / ("snippet" + std::to_string(++snippets) + ".yaml");
      std::ofstream(file) << block;
      // A Go-Moku position is a threat-search input, not a state graph: it loads through lambda.
      const bool threat_position = block.find("model: gomoku") != std::string::npos;
      const CommandResult r = sgplan({threat_position ? "lambda" : "info", file.string()});

      EXPECT_EQ(r.exit_code, 0) << block << "\n" << r.err;
    } else if (in_yaml) {
      block += line + "\n";
    }
  }
  fs::remove_all(dir);
  EXPECT_GE(snippets, 4);
}

}  // namespace
}  // namespace sgplan::testing
