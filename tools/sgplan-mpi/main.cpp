// sgplan-mpi: `mpirun -np P sgplan-mpi solve FILE` solves an implicit model (robot-monster, Nim,
// Pig, the formula game, ...) with its states spread over P processes (mdp/distributed_solve.hpp).
// Every rank reads the file and runs the engine; rank 0 prints the report. Built only where
// CMake finds MPI, so the rest of sgplan needs none.
//
// Errors: bad input and limits arise on every rank at the same point (the engine decides limits
// collectively), so each rank returns the same exit code after MPI_Finalize and only rank 0
// prints (2 bad input, 3 a limit). Anything else may hit one rank alone; that rank prints it and
// calls MPI_Abort, so that no rank waits forever for it.
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <iostream>
#include <new>
#include <string>

#include "core/errors.hpp"
#include "core/stopwatch.hpp"
#include "models/registry.hpp"
#include "tools/sgplan-mpi/mpi_exchange.hpp"
#include "tools/sgplan/cli_common.hpp"
#include "tools/sgplan/cli_error.hpp"
#include "tools/sgplan/report.hpp"

namespace {

using namespace sgplan;

struct Command {
  std::string file;
  double epsilon = 1e-6;
  std::uint64_t max_iterations = 1'000'000;
  std::uint64_t max_states = 50'000'000;
  double max_seconds = 0.0;
  std::uint64_t max_memory_mib = 0;
  bool json = false;
  bool profile = false;
};

void print_report(const Command& cmd, const models::GraphModel& model, const mdp::DistributedResult& r,
                  double seconds) {
  using cli::format_count;
  using cli::format_number;
  const double mib = 1.0 / 1048576.0;
  cli::Report report;
  report.add("model", model.kind(), "model", model.kind() + " (" + cmd.file + ")")
      .json("file", cmd.file)
      .add("engine", "distributed", "engine",
           "distributed over " + std::to_string(r.ranks) + (r.ranks == 1 ? " rank" : " ranks") +
               " (each stores its share of the states, by a hash of the packed state)")
      .json("ranks", r.ranks)
      .add("states", r.states, "states",
           format_count(r.states) + " reachable (" + format_count(r.terminals) + " terminal), " +
               format_count(r.transitions) + " transitions; at most " +
               format_count(r.most_states_on_a_rank) + " on a rank")
      .json("transitions", r.transitions)
      .add("objective", "eventual", "objective", "eventual success")
      .add("method", "interval", "method",
           "interval (sound bounds, epsilon " + format_number(cmd.epsilon, 3) +
               "; Gauss-Seidel on each rank, the cut exchanged every sweep; end components not collapsed)");
  cli::add_interval_answer(report, r.lower, r.upper, r.status, r.sweeps, cmd.epsilon)
      .add("zero_states", r.zero_states, "precomputed",
           format_count(r.zero_states) + " states with value 0 (" + format_count(r.zero_rounds) +
               (r.zero_rounds == 1 ? " round" : " rounds") + ")")
      .add("cut_states", r.ghosts, "cut",
           format_count(r.ghosts) + " ghost states: " +
               cli::format_printf("%.1f MiB exchanged per sweep, %.1f MiB in all",
                                  static_cast<double>(r.bytes_per_sweep) * mib,
                                  static_cast<double>(r.bytes_exchanged) * mib))
      .json("bytes_per_sweep", r.bytes_per_sweep)
      .json("bytes_exchanged", r.bytes_exchanged)
      .add("rank_memory_bytes", r.most_bytes_on_a_rank, "memory",
           cli::format_printf("%.1f MiB on the largest rank",
                              static_cast<double>(r.most_bytes_on_a_rank) * mib))
      .add("seconds", seconds, "time", "total " + format_number(seconds, 3) + " s");
  if (cmd.profile) {
    cli::Json j;
    j["explore"] = r.explore_seconds;
    j["zero_states"] = r.zero_seconds;
    j["sweeps"] = r.sweep_seconds;
    report.add("profile", j, "profile",
               "explore " + format_number(r.explore_seconds, 3) + " s (" + format_count(r.explore_rounds) +
                   " rounds), states of value 0 " + format_number(r.zero_seconds, 3) + " s, sweeps " +
                   format_number(r.sweep_seconds, 3) + " s");
  }
  report.print(std::cout, cmd.json);
}

int solve(const Command& cmd, mpi::MpiExchange& exchange) {
  const auto start = std::chrono::steady_clock::now();
  if (!(cmd.epsilon > 0.0) || !std::isfinite(cmd.epsilon)) {
    throw InputError("--epsilon must be a positive number, not " + cli::format_number(cmd.epsilon, 6));
  }
  models::LoadOptions load;
  load.max_states = cmd.max_states;
  const auto model = models::load_graph_model(cmd.file, load);
  const std::optional<mdp::InfinitePlay> rule = model->infinite_play();
  if (rule && *rule != mdp::InfinitePlay::MinWins && !model->acyclic()) {
    throw MethodError("in this game infinite plays count as " + std::string(mdp::to_string(*rule)) +
                      ", but the distributed engine counts them as losses for the first player");
  }
  mdp::DistributedOptions options;
  options.epsilon = cmd.epsilon;
  options.max_sweeps = cmd.max_iterations;
  options.max_states = cmd.max_states;
  options.max_bytes = cmd.max_memory_mib << 20;
  if (cmd.max_seconds > 0.0) {
    options.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                   std::chrono::duration<double>(cmd.max_seconds));
  }
  const std::optional<mdp::DistributedResult> result = model->solve_distributed(options, exchange);
  if (!result) {
    throw MethodError(
        "the distributed engine needs an implicit model with packed states (robot-monster, "
        "Nim, Pig, the formula game); this is a " +
        model->kind() + " model");
  }
  if (exchange.rank() == 0) {
    print_report(cmd, *model, *result, seconds_since(start));
    const std::string message = cli::sweep_limit_message(result->status, result->sweeps, cmd.epsilon);
    if (!message.empty()) std::cerr << "sgplan-mpi: resource limit: " << message << "\n";
  }
  return cli::exit_code_for(result->status);
}

int run(int argc, char** argv, mpi::MpiExchange& exchange) {
  const bool root = exchange.rank() == 0;
  CLI::App app{"sgplan-mpi: sgplan's distributed engine (run it under mpirun)"};
  app.set_version_flag("--version", "sgplan-mpi " SGPLAN_VERSION);
  app.require_subcommand(1);
  Command cmd;
  CLI::App* solve_command =
      app.add_subcommand("solve", "eventual-success bounds, states spread over the ranks");
  solve_command->add_option("FILE", cmd.file, "the model file (YAML)")->required();
  solve_command->add_option("--epsilon", cmd.epsilon, "precision: upper - lower <= epsilon at every state")
      ->capture_default_str();
  solve_command->add_option("--max-iterations", cmd.max_iterations, "stop after this many sweeps")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  solve_command->add_option("--max-states", cmd.max_states, "refuse a model with more states (all ranks)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  solve_command->add_option("--max-seconds", cmd.max_seconds, "stop after this many seconds (0: no limit)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  solve_command
      ->add_option("--max-memory", cmd.max_memory_mib,
                   "MiB one rank may hold (0: half the machine's available memory, shared by its ranks)")
      ->capture_default_str();
  solve_command->add_flag("--json", cmd.json, "print one JSON object on stdout");
  solve_command->add_flag("--profile", cmd.profile, "time each phase");
  cli::refuse_negative_counts(app);
  bool json = false;
  for (int i = 1; i < argc; ++i) json = json || std::string(argv[i]) == "--json";
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return root ? app.exit(e) : 0;
  } catch (const CLI::CallForVersion& e) {
    return root ? app.exit(e) : 0;
  } catch (const CLI::ParseError& e) {
    const std::string message = std::string(e.what()) + " (see sgplan-mpi --help)";
    return root ? cli::report_error(json, cli::ErrorKind::Usage, message) : kExitInput;
  }
  try {
    return solve(cmd, exchange);
  } catch (const InputError& e) {
    return root ? cli::report_error(json, e) : kExitInput;
  } catch (const ResourceError& e) {
    return root ? cli::report_error(json, cli::ErrorKind::Resource, e.what()) : kExitResource;
  }
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int code = sgplan::kExitInternal;
  {
    sgplan::mpi::MpiExchange exchange;
    try {
      code = run(argc, argv, exchange);
    } catch (const std::bad_alloc&) {
      std::cerr << "sgplan-mpi: resource limit: rank " << exchange.rank()
                << " ran out of memory (lower --max-states, or run more ranks on more machines)\n";
      MPI_Abort(MPI_COMM_WORLD, sgplan::kExitResource);
    } catch (const std::exception& e) {
      std::cerr << "sgplan-mpi: internal error on rank " << exchange.rank() << ": " << e.what() << "\n";
      MPI_Abort(MPI_COMM_WORLD, sgplan::kExitInternal);
    }
  }
  std::cout.flush();
  MPI_Finalize();
  return code;
}
