// Every loader's bad input, end to end: a corpus of small broken files of every format (Gambit .efg,
// model YAML without a document, game-tree and repeated-game YAML, strategy and profile files, SGF
// through `gtp loadsgf`, PRISM .tra and .lab, PPDDL domains and problems) run through the command
// that reads them. Each line of tests/cli/bad_loaders/expected.tsv is: the file, the command (`%`
// stands for the file; `gtp` means `loadsgf FILE` on sgplan gtp's input), the exit code and the
// first line of stderr (for gtp: the first reply). Besides the exact text, every input error must
// start with `FILE:LINE:COL: ` (the fuzzer found 196 that named no position, 97 of them files with
// no YAML document at all), and every resource error must name the flag that raises its limit.
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
  const std::vector<ErrorCase> cases = read_error_corpus(corpus);
  for (const ErrorCase& c : cases) {
    CommandResult r;
    std::string first;
    std::string prefix;
    if (c.args == "gtp") {
      r = sgplan({"gtp"}, corpus, "loadsgf " + c.file + "\n");
      first = first_line(r.out);
      prefix = "? ";
    } else {
      std::vector<std::string> args;
      for (std::string word : split(c.args, ' ')) args.push_back(word == "%" ? c.file : word);
      r = sgplan(args, corpus);
      first = first_line(r.err);
      prefix = c.exit_code == 3 ? "sgplan: resource limit: " : "sgplan: error: ";
      EXPECT_TRUE(r.out.empty()) << c.file << ": nothing on stdout for an error";
    }
    EXPECT_EQ(r.exit_code, c.exit_code) << c.file << " (" << c.args << "): " << r.err;
    EXPECT_EQ(first, c.first_line) << c.file << " (" << c.args << ")";
    if (c.exit_code == 3) {
      EXPECT_EQ(first.rfind(prefix, 0), 0u) << first;
      EXPECT_NE(first.find("(raise it with --"), std::string::npos) << first;
    } else {
      EXPECT_TRUE(located(first, prefix + c.file + ":")) << "no file:line:col in: " << first;
    }
  }
  EXPECT_GE(cases.size(), 60u);
}

}  // namespace
}  // namespace sgplan::testing
