// The export of a PRISM-language model to PRISM's explicit files (explicit_export.hpp), against
// file contents written by hand from PRISM's rules (the manual's "Explicit Model Files";
// prism/src/io/PrismExplicitExporter.java, explicit/ConstructModel.java): a dtmc whose choices are
// mixed and whose transitions keep their actions, an mdp with synchronisation, a duplicate choice
// and deadlocks, an smg of two players; PRISM-games' own export of smg_example byte for byte
// (from the shared test data); the numbers as PRISM prints them; and the errors (a bad --out, the
// state limit, an open constant).
#include "models/prism_language/explicit_export.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/errors.hpp"
#include "mdp/reachability.hpp"
#include "models/formats/prism_explicit.hpp"
#include "models/formats/prism_number.hpp"
#include "tests/models/prism_language/shared_cases.hpp"
#include "tests/models/prism_language/solve_target.hpp"

namespace sgplan::models::prism_language {
namespace {

namespace fs = std::filesystem;
using formats::prism_double_text;

struct Files {
  std::string tra, lab, sta;
};

Files export_text(const std::string& text, const ConstantOverrides& constants = {}) {
  const CompiledModel m(parse_prism_model(text, "m.prism"), constants);
  const ExploredModel e = explore_like_prism(m);
  std::ostringstream tra, lab, sta;
  write_prism_tra(m, e, tra);
  write_prism_lab(m, e, lab);
  write_prism_sta(m, e, sta);
  return {tra.str(), lab.str(), sta.str()};
}

// From (0,false) three choices are enabled: a's and b's unlabelled commands and [go]. PRISM mixes
// them, each probability times 1/3, and keeps each transition's action: (1,false) is reached
// with 1/3 unlabelled and with 1/2 * 1/3 by [go], two rows sorted by action name, "go" before the
// unlabelled one's "null". From (0,true): a's [] (probability 1/2 after mixing) and [go] (1/4
// each). x=1 loops by its own command; x=2 deadlocks.
constexpr const char* kDtmc = R"(dtmc
module a
  x : [0..2] init 0;
  [go] x=0 -> 0.5:(x'=1) + 0.5:(x'=2);
  [] x=0 -> (x'=1);
  [] x=1 -> true;
endmodule
module b
  y : bool init false;
  [go] true -> true;
  [] x=0 & !y -> (y'=true);
endmodule
label "done" = x=2;
label "flag" = y;
)";

TEST(PrismExport, DtmcByHand) {
  const Files f = export_text(kDtmc);
  // States sorted by (x, y): (0,f) (0,t) (1,f) (1,t) (2,f) (2,t).
  EXPECT_EQ(f.tra,
            "# Transitions (DTMC)\n"
            "6 11\n"
            "0 1 0.3333333333333333\n"
            "0 2 0.1666666666666667 go\n"
            "0 2 0.3333333333333333\n"
            "0 4 0.1666666666666667 go\n"
            "1 3 0.25 go\n"
            "1 3 0.5\n"
            "1 5 0.25 go\n"
            "2 2 1\n"
            "3 3 1\n"
            "4 4 1\n"
            "5 5 1\n");
  EXPECT_EQ(f.lab,
            "# Labels\n"
            "0=\"init\" 1=\"deadlock\" 2=\"done\" 3=\"flag\"\n"
            "0: 0\n"
            "1: 3\n"
            "3: 3\n"
            "4: 1 2\n"
            "5: 1 2 3\n");
  EXPECT_EQ(f.sta,
            "# States\n"
            "(x,y)\n"
            "0:(0,false)\n"
            "1:(0,true)\n"
            "2:(1,false)\n"
            "3:(1,true)\n"
            "4:(2,false)\n"
            "5:(2,true)\n");
}

// From (0,0): a's and b's unlabelled commands give the same self-loop without action, and PRISM
// keeps one; [s] combines a's two commands with b's one (a's changing fastest), the second
// combination reaching (1,1) and (1,0) twice each (their probabilities summed). (1,0) has only
// b's [t]; (1,1), (2,0) and (2,1) deadlock.
constexpr const char* kMdp = R"(mdp
module a
  x : [0..2] init 0;
  [s] x=0 -> 0.5:(x'=1) + 0.5:(x'=2);
  [s] x=0 -> 0.5:(x'=1) + 0.5:(x'=1);
  [] x=0 -> true;
endmodule
module b
  y : [0..1] init 0;
  [s] y=0 -> 0.4:(y'=1) + 0.6:true;
  [] x=0 -> true;
  [t] x=1 & y=0 -> (y'=1);
endmodule
label "two" = x=2;
)";

TEST(PrismExport, MdpByHand) {
  const Files f = export_text(kMdp);
  EXPECT_EQ(f.tra,
            "# Transitions (MDP)\n"
            "5 7 11\n"
            "0 0 0 1\n"
            "0 1 1 0.3 s\n"
            "0 1 2 0.2 s\n"
            "0 1 3 0.3 s\n"
            "0 1 4 0.2 s\n"
            "0 2 1 0.6 s\n"
            "0 2 2 0.4 s\n"
            "1 0 2 1 t\n"
            "2 0 2 1\n"
            "3 0 3 1\n"
            "4 0 4 1\n");
  EXPECT_EQ(f.lab,
            "# Labels\n"
            "0=\"init\" 1=\"deadlock\" 2=\"two\"\n"
            "0: 0\n"
            "2: 1\n"
            "3: 1 2\n"
            "4: 1 2\n");
  EXPECT_EQ(f.sta, "# States\n(x,y)\n0:(0,0)\n1:(1,0)\n2:(1,1)\n3:(2,0)\n4:(2,1)\n");
}

// Player first moves from a=0; player second owns [go] and [stop] at a=1; the deadlocks at
// (1,true) and (2,false) belong to the first player, as PRISM-games assigns them.
constexpr const char* kSmg = R"(smg
player first m1 endplayer
player second [go], [stop] endplayer
module m1
  a : [0..2] init 0;
  [] a=0 -> 0.25:(a'=1) + 0.75:(a'=2);
endmodule
module m2
  b : bool init false;
  [go] a=1 & !b -> (b'=true);
  [stop] a=1 & !b -> true;
endmodule
label "won" = b;
)";

TEST(PrismExport, SmgByHand) {
  const Files f = export_text(kSmg);
  EXPECT_EQ(f.tra,
            "# Transitions (SMG)\n"
            "4:2 5 6\n"
            "0:0 0 1 0.25\n"
            "0:0 0 3 0.75\n"
            "1:1 0 2 1 go\n"
            "1:1 1 1 1 stop\n"
            "2:0 0 2 1\n"
            "3:0 0 3 1\n");
  EXPECT_EQ(f.lab, "# Labels\n0=\"init\" 1=\"deadlock\" 2=\"won\"\n0: 0\n2: 1 2\n3: 1\n");
  EXPECT_EQ(f.sta, "# States\n(a,b)\n0:(0,false)\n1:(1,false)\n2:(1,true)\n3:(2,false)\n");
}

// Globals come first in the state and in the order; a variable's value is compared as a number,
// negative ones included, and a bool false before true.
TEST(PrismExport, StatesInPrismOrder) {
  const Files f = export_text(R"(mdp
global g : [-2..1] init 1;
module m
  v : bool init true;
  [] g>-2 -> 0.5:(g'=g-1) + 0.5:(v'=!v);
endmodule
)");
  EXPECT_EQ(f.sta,
            "# States\n(g,v)\n"
            "0:(-2,false)\n1:(-2,true)\n2:(-1,false)\n3:(-1,true)\n"
            "4:(0,false)\n5:(0,true)\n6:(1,false)\n7:(1,true)\n");
  // The initial state (1,true) is state 7; (g,v) -> (g-1,v) and (g,!v).
  EXPECT_NE(f.lab.find("\n7: 0\n"), std::string::npos) << f.lab;
  EXPECT_NE(f.tra.find("\n7 0 5 0.5\n7 0 6 0.5\n"), std::string::npos) << f.tra;
}

TEST(PrismExport, NumbersAsPrismPrintsThem) {
  // Java's %.16g on the shortest decimal of the double, then trailing zeros dropped
  // (PrismUtils.formatDouble).
  EXPECT_EQ(prism_double_text(1.0), "1");
  EXPECT_EQ(prism_double_text(0.15), "0.15");
  EXPECT_EQ(prism_double_text(0.85), "0.85");
  EXPECT_EQ(prism_double_text(1.0 / 3.0), "0.3333333333333333");  // 16 digits: as it is
  EXPECT_EQ(prism_double_text(2.0 / 3.0), "0.6666666666666666");  // shortest 0.6666666666666666
  EXPECT_EQ(prism_double_text(1.0 / 6.0), "0.1666666666666667");  // 0.16666666666666666 rounded
  EXPECT_EQ(prism_double_text(0.1 + 0.2), "0.3");                 // 0.30000000000000004 rounded
  EXPECT_EQ(prism_double_text(std::nextafter(1.0, 0.0)), "0.9999999999999999");
  EXPECT_EQ(prism_double_text(1e-4), "0.0001");     // the decimal form down to 1e-4
  EXPECT_EQ(prism_double_text(1.5e-5), "1.5e-05");  // below it, a two-digit exponent
  EXPECT_EQ(prism_double_text(1e-100), "1e-100");
  EXPECT_EQ(prism_double_text(0.000123), "0.000123");
  EXPECT_EQ(prism_double_text(12.5), "12.5");
  EXPECT_EQ(prism_double_text(1e16), "1e+16");  // 10^16 and up: scientific
  EXPECT_EQ(prism_double_text(1234567.0), "1234567");
  EXPECT_EQ(prism_double_text(9.999999999999999e-05), "9.999999999999999e-05");  // 16 digits, below 1e-4
  // The shortest decimal rounded half up, which is not always C's %.16g of the double:
  // 0.22876222127045265 is a little below ...265 exactly, so C gives 0.2287622212704526.
  EXPECT_EQ(prism_double_text(0.22876222127045265), "0.2287622212704527");
  EXPECT_EQ(prism_double_text(0.17423463544999995), "0.17423463545");  // the carry runs through the 9s
}

TEST(PrismExport, SmgExampleIsPrismGamesOwnExport) {
  const std::string dir = testing::cases_dir();
  if (dir.empty()) GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES";
  const fs::path base = fs::path(dir) / "prism-games";
  // PRISM-games exported the copy of smg_example in prism-tests/functionality/export/smg, which is
  // the shared model plus `label "two" = c=2;` and two reward structures (the shared SOURCE.md
  // says where each file comes from): the label is added here, the rewards change nothing.
  const std::string text = testing::read(base / "smg_example.prism") + "\nlabel \"two\" = c=2;\n";
  const Files f = export_text(text);
  EXPECT_EQ(f.tra, testing::read(base / "smg_example.prism.tra"));
  EXPECT_EQ(f.lab, testing::read(base / "smg_example.prism.lab"));
  EXPECT_EQ(f.sta, testing::read(base / "smg_example.prism.sta"));
  // Without the label, .tra and .sta are the same and .lab names init and deadlock only.
  const Files plain = export_text(testing::read(base / "smg_example.prism"));
  EXPECT_EQ(plain.tra, f.tra);
  EXPECT_EQ(plain.sta, f.sta);
  EXPECT_EQ(plain.lab, "# Labels\n0=\"init\" 1=\"deadlock\"\n0: 0\n");
}

// A state of three 30-bit variables spans two words (it is interned): the order is still the
// variables' values in turn. Each step raises a and either lowers c or adds a to b, so the 15
// states reachable in three steps are all distinct.
TEST(PrismExport, WideStatesInPrismOrder) {
  const Files f = export_text(R"(mdp
module m
  a : [0..1000000000] init 500;
  b : [0..1000000000] init 7;
  c : [0..1000000000] init 1000000000;
  [] a<503 -> 0.5:(a'=a+1)&(c'=c-1) + 0.5:(b'=b+a)&(a'=a+1);
endmodule
)");
  std::istringstream in(f.sta);
  std::string line;
  std::getline(in, line);
  std::getline(in, line);
  EXPECT_EQ(line, "(a,b,c)");
  std::vector<std::array<long, 3>> values;
  while (std::getline(in, line)) {
    std::array<long, 3> v{};
    ASSERT_EQ(std::sscanf(line.c_str(), "%*d:(%ld,%ld,%ld)", &v[0], &v[1], &v[2]), 3) << line;
    values.push_back(v);
  }
  ASSERT_EQ(values.size(), 15u);
  EXPECT_EQ(values[0], (std::array<long, 3>{500, 7, 1000000000}));
  for (std::size_t k = 1; k < values.size(); ++k) EXPECT_LT(values[k - 1], values[k]);
}

class PrismExportFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("sgplan_export_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(PrismExportFiles, WritesTheThreeFiles) {
  const CompiledModel m(parse_prism_model(kMdp, "m.prism"), {});
  const std::string prefix = (dir_ / "out").string();
  const ExplicitExport e = export_prism_model(m, prefix);
  EXPECT_EQ(e.states, 5u);
  EXPECT_EQ(e.choices, 7u);
  EXPECT_EQ(e.transitions, 11u);
  EXPECT_EQ(e.deadlocks, 3u);
  ASSERT_EQ(e.written.size(), 3u);
  const Files expected = export_text(kMdp);
  EXPECT_EQ(testing::read(prefix + ".tra"), expected.tra);
  EXPECT_EQ(testing::read(prefix + ".lab"), expected.lab);
  EXPECT_EQ(testing::read(prefix + ".sta"), expected.sta);
}

// The hand-written dtmc and smg read back by sgplan's reader of PRISM's files answer as the
// models do: P(F "done") = 1/6 + 1/3 * 1/4 in the dtmc, and player second, maximising, reaches
// "won" with 1/4 in the smg (0 when the first player's coalition maximises).
TEST_F(PrismExportFiles, FilesAnswerAsTheModel) {
  struct Check {
    const char* text;
    const char* label;
    std::string coalition;             // for the reader: numbers
    std::vector<std::string> by_name;  // for the model: names
  };
  for (const Check& c : {Check{kDtmc, "done", "", {}}, Check{kSmg, "won", "2", {"second"}},
                         Check{kSmg, "won", "1", {"first"}}, Check{kMdp, "two", "", {}}}) {
    SCOPED_TRACE(std::string(c.label) + " " + c.coalition);
    const std::string prefix = (dir_ / "m").string();
    export_prism_model(CompiledModel(parse_prism_model(c.text, "m.prism"), {}), prefix);
    formats::PrismImportOptions o;
    o.labels_path = prefix + ".lab";
    o.target_label = c.label;
    o.coalition = c.coalition;
    const mdp::StateGraph g = formats::read_prism_explicit(prefix + ".tra", o);
    mdp::SolveOptions so;
    so.epsilon = 1e-9;
    const double from_files = mdp::solve_reachability(g, so).value(g.initial_state());
    CompiledModel m(parse_prism_model(c.text, "m.prism"), {});
    EXPECT_NEAR(from_files,
                testing::solve_target(m, "\"" + std::string(c.label) + "\"", true, nullptr, c.by_name), 1e-9);
  }
}

TEST_F(PrismExportFiles, ErrorsAreClear) {
  const CompiledModel m(parse_prism_model(kMdp, "m.prism"), {});
  // A folder that does not exist: an InputError before anything is explored.
  const std::string missing = (dir_ / "no" / "such" / "out").string();
  try {
    export_prism_model(m, missing);
    ADD_FAILURE() << "no error for " << missing;
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write " + missing + ".tra: the folder " +
                                         (dir_ / "no" / "such").string() + " does not exist (--out PREFIX)");
  }
  // Past the state limit: a ResourceError naming the flag, and no file left behind.
  const std::string prefix = (dir_ / "small").string();
  try {
    export_prism_model(m, prefix, 4);
    ADD_FAILURE() << "no error with 5 states and a limit of 4";
  } catch (const ResourceError& e) {
    EXPECT_EQ(std::string(e.what()),
              "state limit: the model has more than 4 reachable states (raise it with --max-states)");
  }
  EXPECT_FALSE(fs::exists(prefix + ".tra"));
  EXPECT_FALSE(fs::exists(prefix + ".sta"));
  EXPECT_NO_THROW(export_prism_model(m, prefix, 5));
  // An open constant is reported where it is declared.
  try {
    const CompiledModel open(
        parse_prism_model("mdp\nconst int N;\nmodule m x : [0..N] init 0; endmodule\n", "o.prism"), {});
    export_prism_model(open, prefix);
    ADD_FAILURE() << "no error for an open constant";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("o.prism:2:11: the constant 'N' is not defined"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace sgplan::models::prism_language
