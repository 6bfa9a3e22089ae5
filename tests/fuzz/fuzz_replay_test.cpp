// Replays every in-repo fuzz input through the harnesses the fuzzers run (tools/fuzz/harnesses.hpp),
// built with the normal compiler: the seeds of tools/fuzz/seeds/<target>/ and each input a fuzzer
// once found, kept in tests/fuzz/regressions/<target>/. Each must pass the harness's invariants
// (tools/fuzz/fuzz_support.hpp) with no finding.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"

namespace sgplan::fuzz {
namespace {

namespace fs = std::filesystem;

}  // namespace

// GoogleTest names a failing case's harness by this.
void PrintTo(const Harness& h, std::ostream* os) {
  *os << h.name;
}

namespace {

std::vector<fs::path> inputs_in(const fs::path& dir) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().filename().string().front() != '.' && e.path().extension() != ".md")
      out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void replay(const Harness& h, const fs::path& dir, std::size_t& count) {
  for (const fs::path& file : inputs_in(dir)) {
    SCOPED_TRACE(file.string());
    const std::string bytes = read_bytes(file);
    collect_findings(true);
    h.run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    const std::vector<std::string> findings = take_findings();
    collect_findings(false);
    for (const std::string& f : findings) ADD_FAILURE() << file.string() << ": " << f;
    ++count;
  }
}

class FuzzReplay : public ::testing::TestWithParam<Harness> {};

TEST_P(FuzzReplay, SeedsAndRegressionsPassTheInvariants) {
  const Harness& h = GetParam();
  const fs::path root(SGPLAN_SOURCE_DIR);
  std::size_t seeds = 0;
  std::size_t regressions = 0;
  replay(h, root / "tools/fuzz/seeds" / std::string(h.name), seeds);
  replay(h, root / "tests/fuzz/regressions" / std::string(h.name), regressions);
  // Every target ships seeds of its own; an empty folder would mean a path went wrong.
  EXPECT_GT(seeds, 0u) << "no seeds for " << h.name;
  RecordProperty("regressions", static_cast<int>(regressions));
}

// A finding must be reported, not lost: the collector sees an unlocated input error and another
// exception type as findings, and a located input error or a limit as fine.
TEST(FuzzSupport, GuardedTellsFindingsFromRefusals) {
  collect_findings(true);
  EXPECT_FALSE(guarded("t", [] { throw InputError(SourceLocation{"f", 3, 4}, "bad"); }));
  EXPECT_FALSE(guarded("t", [] { throw ResourceError("limit"); }));
  // A JSON format names its JSON pointer instead of a line (JANI).
  EXPECT_FALSE(guarded("t", [] { throw InputError(SourceLocation{"f.jani", 0, 0}, "/automata/0: bad"); }));
  EXPECT_TRUE(take_findings().empty());
  EXPECT_FALSE(guarded("t", [] { throw InputError(SourceLocation{"f.jani", 0, 0}, "bad"); }));
  EXPECT_FALSE(guarded("t", [] { throw InputError("no place"); }));
  EXPECT_FALSE(guarded("t", [] { throw std::logic_error("bug"); }));
  EXPECT_TRUE(guarded("t", [] {}));
  EXPECT_EQ(take_findings().size(), 3u);
  collect_findings(false);
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzReplay, ::testing::ValuesIn(harnesses()),
                         [](const ::testing::TestParamInfo<Harness>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
}  // namespace sgplan::fuzz
