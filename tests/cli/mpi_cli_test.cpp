// sgplan-mpi under mpirun on loopback (--oversubscribe), P = 1, 2, 3: the same states, value-0
// states and bounds within epsilon as `sgplan solve` on one process, the cut exchanged every sweep,
// and bad input or a limit giving exit codes 2 and 3 on every rank (no hang). Skips with a message
// where CMake found no MPI (sgplan-mpi is not built then) or mpirun is missing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "tests/cli/run_sgplan.hpp"

namespace sgplan::testing {
namespace {

const std::string kMpiBinary = SGPLAN_MPI_BINARY;
const std::string kMpiexec = SGPLAN_MPIEXEC;

// `mpirun -np ranks sgplan-mpi ARGS` in the source folder.
CommandResult mpi(int ranks, const std::vector<std::string>& args) {
  // Open MPI refuses to run as root (CI's containers) unless told both variables.
  ::setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  ::setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  return run_program("timeout 300 " + quote(kMpiexec) + " --oversubscribe -np " + std::to_string(ranks) +
                         " " + quote(kMpiBinary),
                     args, kSource);
}

bool mpi_available() {
  return !kMpiBinary.empty() && fs::exists(kMpiBinary) && !kMpiexec.empty();
}

TEST(MpiCli, EveryRankCountGivesTheOneProcessAnswer) {
  if (!mpi_available())
    GTEST_SKIP()
        << "sgplan-mpi is not built: CMake found no MPI (apt-get install openmpi-bin libopenmpi-dev)";
  for (const char* file : {"configs/robot-monster-mixed.yaml", "tools/bench/models/robot-monster-open5.yaml",
                           "configs/nim.yaml"}) {
    SCOPED_TRACE(file);
    const nlohmann::json one =
        parse_json(sgplan({"solve", file, "--json", "--epsilon", "1e-9", "--method", "interval"}));
    for (int ranks : {1, 2, 3}) {
      SCOPED_TRACE(std::to_string(ranks) + " ranks");
      const CommandResult run = mpi(ranks, {"solve", file, "--json", "--epsilon", "1e-9"});
      const nlohmann::json j = parse_json(run);
      EXPECT_EQ(j["engine"], "distributed");
      EXPECT_EQ(j["ranks"], ranks);
      EXPECT_EQ(j["states"], one["states"]);
      EXPECT_EQ(j["status"], "converged");
      const double lower = j["lower"], upper = j["upper"];
      EXPECT_LE(upper - lower, 1e-9);
      EXPECT_LE(lower, one["upper"].get<double>());
      EXPECT_GE(upper, one["lower"].get<double>());
      if (ranks == 1) {
        EXPECT_EQ(j["cut_states"], 0);
      } else {
        EXPECT_GT(j["cut_states"].get<std::uint64_t>(), 0u);
        EXPECT_EQ(j["bytes_per_sweep"], 16 * j["cut_states"].get<std::uint64_t>());
      }
    }
  }
}

TEST(MpiCli, TextReportNamesTheRanksAndTheExchange) {
  if (!mpi_available()) GTEST_SKIP() << "sgplan-mpi is not built: CMake found no MPI";
  const CommandResult r = mpi(2, {"solve", "configs/robot-monster-tiny.yaml"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("engine       distributed over 2 ranks"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exchanged per sweep"), std::string::npos) << r.out;
  // Only rank 0 prints: one report.
  EXPECT_EQ(r.out.find("engine "), r.out.rfind("engine ")) << r.out;
}

TEST(MpiCli, BadInputAndLimitsEndEveryRankWithTheirExitCode) {
  if (!mpi_available()) GTEST_SKIP() << "sgplan-mpi is not built: CMake found no MPI";
  const CommandResult missing = mpi(2, {"solve", "no-such-file.yaml"});
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  EXPECT_EQ(missing.err.rfind("sgplan: error: ", 0), 0u) << missing.err;
  const CommandResult usage = mpi(2, {"solve"});
  EXPECT_EQ(usage.exit_code, 2) << usage.err;
  const CommandResult limit = mpi(2, {"solve", "configs/robot-monster-mixed.yaml", "--max-states", "100"});
  EXPECT_EQ(limit.exit_code, 3) << limit.err;
  // The known lower bound refuses it before exploring (ImplicitGraphModel::solve_distributed).
  EXPECT_EQ(
      limit.err.rfind("sgplan: resource limit: state limit: the model has at least 720 reachable states", 0),
      0u)
      << limit.err;
  const CommandResult explored =
      mpi(2, {"solve", "tools/bench/models/robot-monster-open5.yaml", "--max-states", "1000"});
  EXPECT_EQ(explored.exit_code, 3) << explored.err;
  EXPECT_EQ(explored.err.rfind("sgplan: resource limit: state limit: the model has ", 0), 0u) << explored.err;
  const CommandResult sweeps =
      mpi(3, {"solve", "tools/bench/models/robot-monster-open5.yaml", "--max-iterations", "2"});
  EXPECT_EQ(sweeps.exit_code, 3) << sweeps.err;
  EXPECT_NE(sweeps.out.find("iteration-limit after 2 sweeps"), std::string::npos) << sweeps.out;
}

}  // namespace
}  // namespace sgplan::testing
