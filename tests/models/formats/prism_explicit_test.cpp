// Reading PRISM's explicit files: a header is checked before anything is allocated for it, against
// the file (a count the rest of the file cannot hold is a wrong header: an InputError at its
// position) and against --max-states / --max-transitions (a ResourceError); rows that disagree with
// the header, and label files, are reported at file:line:col. Fuzzer findings: a 71-byte .tra
// declaring 10^8 states took 1.6 GB with --max-states 100, `4294967279 1 1` over 5 GB, and a
// header declaring 4294967009 transitions tried to reserve 38 GB before "out of memory".
#include "models/formats/prism_explicit.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/errors.hpp"

namespace sgplan::models {
namespace {

namespace fs = std::filesystem;

class PrismFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("sgplan_prism_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) const {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }
  // Reads m.tra (with `tra`) and m.lab (with `lab`); returns the error message ("" if none), and
  // prefixes it with "resource: " for a ResourceError. File names are shown without the folder.
  std::string error(const std::string& tra, const std::string& lab = "0=\"init\" 1=\"goal\"\n0: 0\n",
                    std::uint64_t max_states = 50'000'000, std::uint64_t max_transitions = 500'000'000) {
    formats::PrismImportOptions options{write("m.lab", lab), "goal",         false, false,
                                        max_states,          max_transitions};
    try {
      formats::read_prism_explicit(write("m.tra", tra), options);
    } catch (const InputError& e) {
      return strip(e.what());
    } catch (const ResourceError& e) {
      return "resource: " + strip(e.what());
    }
    return "";
  }
  std::string strip(std::string message) const {
    const std::string folder = dir_.string() + "/";
    for (std::size_t at; (at = message.find(folder)) != std::string::npos;) message.erase(at, folder.size());
    return message;
  }

  fs::path dir_;
};

TEST_F(PrismFiles, AGoodFileLoads) {
  EXPECT_EQ(error("2 2 2\n0 0 1 1\n1 0 1 1\n", "0=\"init\" 1=\"goal\"\n0: 0\n1: 1\n"), "");
  EXPECT_EQ(error("2 2\n0 1 1\n1 1 1\n", "0=\"init\" 1=\"goal\"\n0: 0\n1: 1\n"), "");  // a DTMC
}

TEST_F(PrismFiles, HeaderCountsAreCheckedAgainstTheLimitsBeforeAllocating) {
  const std::string rows = "0 0 0 0.5\n0 0 1 0.5\n1 0 2 0.5\n1 0 0 0.5\n";
  EXPECT_EQ(
      error("100000000 2 4\n" + rows, "0=\"init\" 1=\"goal\"\n0: 0\n2: 1\n", 100),
      "resource: state limit: the header of m.tra declares 100000000 states, more than the limit of 100 "
      "(raise it with --max-states)");
  EXPECT_EQ(error("4294967279 1 1\n0 0 0 1\n"),
            "resource: state limit: the header of m.tra declares 4294967279 states, more than the limit of "
            "50000000 (raise it with --max-states)");
  EXPECT_EQ(
      error("3 2 4\n" + rows, "0=\"init\" 1=\"goal\"\n0: 0\n2: 1\n", 100, 3),
      "resource: transition limit: the header of m.tra declares 4 transitions, more than the limit of 3 "
      "(raise it with --max-transitions)");
  EXPECT_EQ(error("3 2 4\n" + rows, "0=\"init\" 1=\"goal\"\n0: 0\n2: 1\n", 3, 4), "");
}

TEST_F(PrismFiles, AHeaderTheFileCannotHoldIsAnInputError) {
  EXPECT_EQ(
      error("1 1 4294967279\n0 0 0 1\n"),
      "m.tra:1:5: the header declares 4294967279 transitions, but the rest of the file (8 bytes) holds at "
      "most 1 transition lines");
  EXPECT_EQ(
      error("5 5 4294967009\n1 0 2 0.5\n1 0 4 0.5\n"),
      "m.tra:1:5: the header declares 4294967009 transitions, but the rest of the file (20 bytes) holds "
      "at most 2 transition lines");
  EXPECT_EQ(
      error("2 3 2\n0 0 1 1\n1 0 1 1\n"),
      "m.tra:1:3: the header declares 3 choices but only 2 transitions (every choice has at least one)");
  // The shortest lines, the last without a newline, fit exactly.
  EXPECT_EQ(error("1 1 1\n0 0 0 1", "0=\"init\" 1=\"goal\"\n0: 0 1\n"), "");
  EXPECT_EQ(error("1 1\n0 0 1", "0=\"init\" 1=\"goal\"\n0: 0 1\n"), "");
}

TEST_F(PrismFiles, RowsThatDisagreeWithTheHeaderAreInputErrors) {
  EXPECT_EQ(error("2 2 2\n0 0 1 1\n1 0 1 1\n1 1 1 1\n"),
            "m.tra:4:1: more transitions than the 2 the header declares (expected the end of the file)");
  EXPECT_EQ(error("2 2 3\n0 0 1 1.000\n1 0 1 1.000\n"),
            "m.tra:1:1: the header declares 3 transitions, the file has 2");
  EXPECT_EQ(error("2 2 2\n0 0 2 1\n1 0 1 1\n"), "m.tra:2:5: expected a target state below 2, found 2");
  EXPECT_EQ(error("2 2 2\n0 0 1 1\n7 0 1 1\n"), "m.tra:3:1: expected a source state below 2, found 7");
  EXPECT_EQ(error("2 2 3\n0 0 1 0.5 a\n0 0 0 0.5 b\n1 0 1 1\n"),
            "m.tra:3:11: choice 0 of state 0 has two action labels");
}

TEST_F(PrismFiles, LabelErrorsNameTheirPosition) {
  const std::string tra = "2 2 2\n0 0 1 1\n1 0 1 1\n";
  EXPECT_EQ(error(tra, "0=\"init\" 1=\"goal\"\n0: 0\n1: 0 1\n"),
            "m.lab:3:4: expected exactly one state labelled \"init\", found 2");
  EXPECT_EQ(error(tra, "0=\"init\" 1=\"goal\"\n1: 1\n"),
            "m.lab:1:1: expected exactly one state labelled \"init\", found 0");
  EXPECT_EQ(error(tra, "0=\"init\" 1=\"goal\"\n2: 1\n"),
            "m.lab:2:1: expected a state index below 2, found 2");
  EXPECT_EQ(error(tra, ""), "m.lab:1:1: empty label file (expected '0=\"init\" ...')");
  EXPECT_EQ(error("", ""), "m.tra:1:1: empty transition file");
}

// PRISM-games' SMG files (the rows of smg_example.prism.tra's layout): the header's players, each
// row's "source:player", and the coalition by player numbers.
constexpr const char* kSmgTra =
    "# Transitions (SMG)\n"
    "4:2 5 6\n"
    "0:0 0 1 0.25\n"
    "0:0 0 3 0.75\n"
    "1:1 0 2 1 go\n"
    "1:1 1 1 1 stop\n"
    "2:0 0 2 1\n"
    "3:0 0 3 1\n";
constexpr const char* kSmgLab = "# Labels\n0=\"init\" 1=\"deadlock\" 2=\"won\"\n0: 0\n2: 1 2\n3: 1\n";

TEST_F(PrismFiles, ReadsAnSmgWithItsCoalition) {
  formats::PrismImportOptions o;
  o.labels_path = write("g.lab", kSmgLab);
  o.target_label = "won";
  o.coalition = "2";  // player 2 (numbered from 1) owns state 1 and maximises
  const std::string tra = write("g.tra", kSmgTra);
  mdp::StateGraph g = formats::read_prism_explicit(tra, o);
  ASSERT_EQ(g.num_states(), 4u);
  EXPECT_EQ(g.owner(0), mdp::Owner::Chance);  // one unlabelled choice
  EXPECT_EQ(g.owner(1), mdp::Owner::Max);
  EXPECT_EQ(g.owner(2), mdp::Owner::Terminal);  // the target
  EXPECT_EQ(g.owner(3), mdp::Owner::Terminal);  // a self-loop only: a failure
  o.coalition = "1";                            // the other player: state 1 minimises
  EXPECT_EQ(formats::read_prism_explicit(tra, o).owner(1), mdp::Owner::Min);
  o.minimize = true;  // the coalition minimises, the others maximise
  EXPECT_EQ(formats::read_prism_explicit(tra, o).owner(1), mdp::Owner::Max);
  o.coalition = "*";
  EXPECT_EQ(formats::read_prism_explicit(tra, o).owner(1), mdp::Owner::Min);
}

TEST_F(PrismFiles, SmgErrorsAreClear) {
  auto smg_error = [&](const std::string& tra, const std::string& coalition) {
    formats::PrismImportOptions o;
    o.labels_path = write("g.lab", kSmgLab);
    o.target_label = "won";
    o.coalition = coalition;
    try {
      formats::read_prism_explicit(write("g.tra", tra), o);
    } catch (const InputError& e) {
      return strip(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(smg_error(kSmgTra, "2"), "");
  EXPECT_EQ(smg_error(kSmgTra, ""),
            "g.tra:2:1: an SMG file needs the players who maximise: --coalition N[,M...] (2 players, "
            "numbered from 1 "
            "in the order of the model's player blocks)");
  EXPECT_EQ(smg_error(kSmgTra, "3"),
            "g.tra:2:1: --coalition: an SMG file numbers its players from 1 to 2 (its files hold no names), "
            "found '3'");
  EXPECT_EQ(
      smg_error(kSmgTra, "second"),
      "g.tra:2:1: --coalition: an SMG file numbers its players from 1 to 2 (its files hold no names), found "
      "'second'");
  EXPECT_EQ(smg_error("4:2 6\n0:0 1 1\n", "1"),
            "g.tra:1:1: an SMG header has three counts: 'states:players choices transitions'");
  EXPECT_EQ(smg_error("2:2 2 2\n0 0 1 1\n1:0 0 1 1\n", "1"),
            "g.tra:2:1: expected 'source:player' (an SMG row), found '0'");
  EXPECT_EQ(smg_error("2:2 2 2\n0:0 0 1 1\n1:2 0 1 1\n", "1"),
            "g.tra:3:3: expected a player below 2, found 2");
  EXPECT_EQ(smg_error("4:2 5 5\n0:0 0 1 1\n0:1 1 0 1\n1:0 0 1 1\n2:0 0 2 1\n3:0 0 3 1\n", "1"),
            "g.tra:3:1: state 0 belongs to player 0 on line 2 and to player 1 here");
  EXPECT_EQ(smg_error("2 2 2\n0:0 0 1 1\n1 0 1 1\n", ""), "g.tra:2:1: expected a source state, found '0:0'");
  EXPECT_EQ(smg_error("2 2 2\n0 0 1 1\n1 0 1 1\n", "1"),
            "g.tra:1:1: --coalition is for SMG files (header 'states:players choices transitions'); this "
            "header has "
            "no players");
}

// PRISM writes a dtmc transition's action (the command's) at the end of its row; the same target
// may appear twice, with two actions.
TEST_F(PrismFiles, DtmcRowsMayCarryActions) {
  formats::PrismImportOptions o;
  o.labels_path = write("d.lab", "# Labels\n0=\"init\" 1=\"deadlock\" 2=\"goal\"\n0: 0\n1: 2\n");
  o.target_label = "goal";
  const mdp::StateGraph g = formats::read_prism_explicit(
      write("d.tra", "# Transitions (DTMC)\n3 4\n0 1 0.25 go\n0 1 0.25\n0 2 0.5 go\n2 2 1\n"), o);
  ASSERT_EQ(g.num_states(), 3u);
  EXPECT_EQ(g.owner(0), mdp::Owner::Chance);
  ASSERT_EQ(g.end_entry(g.first_choice(0)) - g.first_entry(g.first_choice(0)),
            2u);  // the two rows to 1 merged
  EXPECT_DOUBLE_EQ(g.probability(g.first_entry(g.first_choice(0))), 0.5);
}

}  // namespace
}  // namespace sgplan::models
