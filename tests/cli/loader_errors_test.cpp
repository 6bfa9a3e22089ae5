// Every loader's bad input, end to end: a corpus of small broken files of every format (Gambit .efg,
// model YAML without a document, game-tree and repeated-game YAML, strategy and profile files, SGF
// through `gtp loadsgf`, PRISM .tra and .lab) run through the command that reads them. Each line of
// tests/cli/bad_loaders/expected.tsv is: the file, the command (`%` stands for the file; `gtp` means
// `loadsgf FILE` on sgplan gtp's input), the exit code and the first line of stderr (for gtp: the
// first reply). Besides the exact text, every input error must start with `FILE:LINE:COL: ` (the
// fuzzer found 196 that named no position, 97 of them files with no YAML document at all), and
// every resource error must name the flag that raises its limit.
#include <cctype>

#include "tests/cli/run_sgplan.hpp"

namespace sgplan::testing {
namespace {

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

// Whether `text` is `prefix` then "LINE:COL: " with LINE and COL positive decimal numbers.
bool located(const std::string& text, const std::string& prefix) {
  if (text.rfind(prefix, 0) != 0) return false;
  std::size_t at = prefix.size();
  for (char end : {':', ':'}) {
    const std::size_t digits = at;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) ++at;
    if (at == digits || text[digits] == '0' || at >= text.size() || text[at] != end) return false;
    ++at;
  }
  return at < text.size() && text[at] == ' ';
}

TEST(LoaderErrors, EveryBadInputNamesFileLineAndColumn) {
  const fs::path corpus = kSource / "tests/cli/bad_loaders";
  std::ifstream in(corpus / "expected.tsv");
  ASSERT_TRUE(in) << "missing " << (corpus / "expected.tsv");
  int cases = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const auto f = split(line, '\t');
    ASSERT_EQ(f.size(), 4u) << line;
    const std::string& file = f[0];
    const int expected_exit = std::stoi(f[2]);
    CommandResult r;
    std::string first;
    std::string prefix;
    if (f[1] == "gtp") {
      r = sgplan({"gtp"}, corpus, "loadsgf " + file + "\n");
      first = first_line(r.out);
      prefix = "? ";
    } else {
      std::vector<std::string> args;
      for (std::string word : split(f[1], ' ')) args.push_back(word == "%" ? file : word);
      r = sgplan(args, corpus);
      first = first_line(r.err);
      prefix = expected_exit == 3 ? "sgplan: resource limit: " : "sgplan: error: ";
      EXPECT_TRUE(r.out.empty()) << file << ": nothing on stdout for an error";
    }
    EXPECT_EQ(r.exit_code, expected_exit) << file << " (" << f[1] << "): " << r.err;
    EXPECT_EQ(first, f[3]) << file << " (" << f[1] << ")";
    if (expected_exit == 3) {
      EXPECT_EQ(first.rfind(prefix, 0), 0u) << first;
      EXPECT_NE(first.find("(raise it with --"), std::string::npos) << first;
    } else {
      EXPECT_TRUE(located(first, prefix + file + ":")) << "no file:line:col in: " << first;
    }
    ++cases;
  }
  EXPECT_GE(cases, 60);
}

}  // namespace
}  // namespace sgplan::testing
