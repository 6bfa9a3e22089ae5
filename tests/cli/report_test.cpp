// The command report (tools/sgplan/report.hpp): one ordered list of entries, printed as text and as
// one JSON object, each printer seeing only its own entries, in the order they were added.
#include "tools/sgplan/report.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace sgplan::cli {
namespace {

Report sample() {
  Report r;
  r.add("model", "nim", "model", "nim (configs/nim.yaml)")
      .json("file", "configs/nim.yaml")
      .line("states", "12 (6 Max, 6 Min)")
      .add("value", 1.0, "value", "1")
      .json("first_choice", nullptr)
      .line("first choice", "take 2")
      .block("a table\n  row 1\n");
  return r;
}

TEST(Report, TextHasTheLabelledLinesAndBlocksInOrder) {
  std::ostringstream out;
  sample().print_text(out);
  EXPECT_EQ(out.str(),
            "model        nim (configs/nim.yaml)\n"
            "states       12 (6 Max, 6 Min)\n"
            "value        1\n"
            "first choice take 2\n"
            "a table\n  row 1\n");
}

TEST(Report, JsonHasTheKeysInOrderAndNothingOfTheText) {
  std::ostringstream out;
  sample().print_json(out);
  EXPECT_EQ(out.str(), R"({"model":"nim","file":"configs/nim.yaml","value":1.0,"first_choice":null})"
                       "\n");
}

TEST(Report, ALaterEntryWithTheSameKeyReplacesTheValueInItsPlace) {
  Report r;
  r.json("a", 1).json("b", 2).json("a", 3);
  EXPECT_EQ(r.to_json().dump(), R"({"a":3,"b":2})");
}

TEST(Report, ALabelAsWideAsTheColumnKeepsOneSpace) {
  Report r(6);
  r.line("ab", "x").line("abcdef", "y").line("abcdefgh", "z");
  std::ostringstream out;
  r.print(out, false);
  EXPECT_EQ(out.str(), "ab    x\nabcdef y\nabcdefgh z\n");
}

}  // namespace
}  // namespace sgplan::cli
