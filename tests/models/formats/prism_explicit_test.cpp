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

}  // namespace
}  // namespace sgplan::models
