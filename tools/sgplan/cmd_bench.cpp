// sgplan bench: fixed workloads (one thread unless robot-monster --threads says more) that measure the
// engine's throughput, printed as rates (states per second built, transitions per second swept) and ratios
// (the sweep's streamed bytes against the machine's memory bandwidth measured in the same run), with a
// signature (sizes, sweeps, value) that is the same on every run for the same input.
//   sweep          a generated MDP of a few million states: build rate, sweep throughput
//   robot-monster  a robot-monster file (default configs/robot-monster-open7.yaml): build and solve
//   phutball       direct threats on random 19 x 15 Phutball positions (bench_phutball.hpp)
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <random>

#include "core/errors.hpp"
#include "mdp/reachability_setup.hpp"
#include "mdp/region_iteration.hpp"
#include "mdp/state_graph_builder.hpp"
#include "tools/sgplan/bench_phutball.hpp"
#include "tools/sgplan/bench_renju.hpp"
#include "tools/sgplan/cli_common.hpp"

namespace sgplan::cli {

namespace {

struct BenchCommand {
  std::string what = "sweep";
  std::string file = "configs/robot-monster-open7.yaml";
  std::uint64_t states = 4'000'000;
  std::uint64_t sweeps = 50;
  bool json = false;
  bool plain_probabilities = false;     // a double per transition instead of a pooled index
  std::vector<unsigned> threads = {1};  // robot-monster: one build and solve per count, in order
  unsigned repeat = 1;                  // robot-monster: rounds over the counts (medians reported)
  RenjuBenchOptions renju;
  PhutballBenchOptions phutball;
};

double peak_memory_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

// STREAM-style triad a = b + s c over arrays far larger than the caches: bytes moved per second.
double triad_bandwidth() {
  const std::size_t n = std::size_t{1} << 25;  // 3 arrays of 256 MiB
  std::vector<double> a(n, 0.0), b(n, 1.0), c(n, 2.0);
  double best = 0.0;
  for (int round = 0; round < 4; ++round) {
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < n; ++i) a[i] = b[i] + 0.5 * c[i];
    const double seconds = seconds_since(start);
    best = std::max(best, 3.0 * sizeof(double) * static_cast<double>(n) / seconds);
  }
  volatile double sink = a[n / 2];
  (void)sink;
  return best;
}

// A random MDP with local structure: state s has 3 choices of 3 outcomes, two of them near s
// (within 256 indices) and one a terminal (success or failure) with probability 1/20, so that
// values converge in some hundred sweeps. Seeded: the same graph on every run.
mdp::StateGraph generated_mdp(std::uint64_t n, bool pooled, double& build_seconds) {
  const auto start = std::chrono::steady_clock::now();
  std::mt19937_64 rng(20261129);
  mdp::StateGraphBuilder b;
  b.set_pooling(pooled);
  b.reserve(n + 2, 3 * n, 9 * n);
  const auto success = static_cast<mdp::StateIndex>(n), failure = static_cast<mdp::StateIndex>(n + 1);
  for (std::uint64_t s = 0; s < n; ++s) {
    b.add_state(mdp::Owner::Max);
    for (int c = 0; c < 3; ++c) {
      b.add_choice();
      for (int k = 0; k < 2; ++k) {
        const std::int64_t offset = static_cast<std::int64_t>(rng() % 513) - 256;
        const std::int64_t t = (static_cast<std::int64_t>(s) + offset + static_cast<std::int64_t>(n)) %
                               static_cast<std::int64_t>(n);
        b.add_entry(static_cast<mdp::StateIndex>(t), k == 0 ? 0.55 : 0.4);
      }
      b.add_entry(rng() % 3 == 0 ? success : failure, 0.05);
    }
  }
  b.add_state(mdp::Owner::Terminal, 1.0);
  b.add_state(mdp::Owner::Terminal, 0.0);
  mdp::StateGraph g = b.finalize();
  build_seconds = seconds_since(start);
  return g;
}

void run_sweep_bench(const BenchCommand& cmd) {
  check_limit(cmd.states, 200'000'000, "bench: generated states", "--states");
  double build_seconds = 0.0;
  const mdp::StateGraph g = generated_mdp(cmd.states, !cmd.plain_probabilities, build_seconds);
  mdp::ReachabilitySetup setup(g);
  mdp::SolveOptions options;
  options.epsilon = 1e-14;
  options.max_iterations = cmd.sweeps;
  mdp::RegionIteration engine(g, setup.predecessors, setup.lower, setup.upper, options);
  const auto solve_start = std::chrono::steady_clock::now();
  engine.solve(setup.maybe);
  const double solve_seconds = seconds_since(solve_start);
  const double rate = static_cast<double>(engine.transitions_swept()) / engine.sweep_seconds();
  // Streamed per transition: target (2 to 4 B) and probability (8 B, or a 1- or 2-byte pooled
  // index); per choice its row start (a 1- to 4-byte distance and a quarter byte of the 4-byte base
  // per 16); per state its group start (likewise) and both bounds read and written (32 B).
  const double base_bytes = 4.0 / static_cast<double>(mdp::OffsetColumn::kBlock);
  const double entry_bytes = static_cast<double>(g.target_array().width()) +
                             static_cast<double>(g.probability_column().bytes_per_entry());
  const double per_sweep_bytes =
      entry_bytes * static_cast<double>(g.num_transitions()) +
      (static_cast<double>(g.rows().distance_bytes()) + base_bytes) * static_cast<double>(g.num_choices()) +
      (static_cast<double>(g.groups().distance_bytes()) + base_bytes + 32.0) *
          static_cast<double>(g.num_states());
  const double sweeps_done =
      static_cast<double>(engine.transitions_swept()) / static_cast<double>(g.num_transitions());
  const double stream_rate = per_sweep_bytes * sweeps_done / engine.sweep_seconds();
  const double bandwidth = triad_bandwidth();
  const mdp::StateIndex s0 = g.initial_state();
  const auto sweeps = static_cast<unsigned long long>(engine.iterations());
  const double peak = peak_memory_mib();
  Report report(16);
  report.json("bench", "sweep")
      .add("states", g.num_states(), "generated MDP",
           format_printf("%s states, %s choices, %s transitions, %.1f bytes per transition",
                         format_count(g.num_states()).c_str(), format_count(g.num_choices()).c_str(),
                         format_count(g.num_transitions()).c_str(), g.bytes_per_transition()))
      .json("choices", g.num_choices())
      .json("transitions", g.num_transitions())
      .json("bytes_per_transition", g.bytes_per_transition())
      .json("probability_bytes", g.probability_column().bytes_per_entry())
      .add("build_states_per_second", static_cast<double>(g.num_states()) / build_seconds, "build",
           format_printf("%.3g states/s", static_cast<double>(g.num_states()) / build_seconds))
      .add("sweeps", engine.iterations(), "interval sweeps",
           format_printf("%llu (lower and upper bound together, Gauss-Seidel)", sweeps))
      .add("transitions_per_second", rate, "throughput", format_printf("%.3g transitions/s per sweep", rate))
      .add("streamed_bytes_per_second", stream_rate, "streamed",
           format_printf("%.3g GB/s of graph and bounds; triad bandwidth %.3g GB/s; ratio %.2f",
                         stream_rate / 1e9, bandwidth / 1e9, stream_rate / bandwidth))
      .json("triad_bytes_per_second", bandwidth)
      .json("bandwidth_ratio", stream_rate / bandwidth)
      .add("lower", setup.lower[s0], "signature",
           format_printf("value in [%.12f, %.12f] after %llu sweeps", setup.lower[s0], setup.upper[s0],
                         sweeps))
      .json("upper", setup.upper[s0])
      .json("solve_seconds", solve_seconds)
      .add("peak_mib", peak, "peak memory", format_printf("%.0f MiB", peak))
      .print(std::cout, cmd.json);
}

// One build and solve of the bench's model on `threads` threads.
struct ModelRun {
  LoadedGraph loaded;
  mdp::Solution solution;
  double build_seconds = 0.0;
  double solve_seconds = 0.0;
  double seconds = 0.0;
};

ModelRun run_model_once(const BenchCommand& cmd, unsigned threads) {
  ModelOptions model;
  model.file = cmd.file;
  model.quiet = true;
  model.pool_probabilities = !cmd.plain_probabilities;
  model.threads = threads;
  ModelRun run;
  const auto start = std::chrono::steady_clock::now();
  run.loaded = load_and_build(model);
  run.build_seconds = seconds_since(start);
  SolverOptions solver;
  const auto solve_start = std::chrono::steady_clock::now();
  run.solution = run_solver(run.loaded.built.graph, solver, model, 0, false);
  run.solve_seconds = seconds_since(solve_start);
  run.seconds = seconds_since(start);
  return run;
}

// The median of a few timings (the middle one; the lower middle of an even count).
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[(v.size() - 1) / 2];
}

void run_model_bench(const BenchCommand& cmd) {
  if (cmd.threads.empty()) throw InputError("bench: --threads needs at least one count");
  const ModelRun first = run_model_once(cmd, cmd.threads[0]);
  const mdp::StateGraph& g = first.loaded.built.graph;
  const mdp::Solution& sol = first.solution;
  // Every run after the first, round by round over the counts (so that a slow start or a noisy
  // neighbour does not favour one count), is checked against the first: the threads only split
  // the work, so the graph and the answer must be the same.
  std::vector<std::vector<double>> build(cmd.threads.size()), solve(cmd.threads.size()),
      total(cmd.threads.size());
  build[0].push_back(first.build_seconds);
  solve[0].push_back(first.solve_seconds);
  total[0].push_back(first.seconds);
  for (unsigned round = 0; round < cmd.repeat; ++round) {
    for (std::size_t i = round == 0 ? 1 : 0; i < cmd.threads.size(); ++i) {
      const ModelRun run = run_model_once(cmd, cmd.threads[i]);
      const mdp::StateGraph& h = run.loaded.built.graph;
      if (h.num_states() != g.num_states() || h.num_transitions() != g.num_transitions() ||
          run.loaded.built.packed != first.loaded.built.packed || run.solution.lower != sol.lower ||
          run.solution.upper != sol.upper || run.solution.policy != sol.policy ||
          run.solution.iterations != sol.iterations) {
        throw std::logic_error("bench: " + std::to_string(cmd.threads[i]) +
                               " threads gave another graph or answer than " +
                               std::to_string(cmd.threads[0]) + " (a bug)");
      }
      build[i].push_back(run.build_seconds);
      solve[i].push_back(run.solve_seconds);
      total[i].push_back(run.seconds);
    }
  }
  const double build_seconds = median(build[0]);
  const double solve_seconds = median(solve[0]);
  const mdp::StateIndex s0 = g.initial_state();
  const double rate = sol.stats.sweep_seconds > 0
                          ? static_cast<double>(sol.stats.transitions_swept) / sol.stats.sweep_seconds
                          : 0.0;
  struct Other {
    unsigned threads;
    double build_seconds, solve_seconds, seconds;
  };
  std::vector<Other> others;
  for (std::size_t i = 1; i < cmd.threads.size(); ++i) {
    others.push_back({cmd.threads[i], median(build[i]), median(solve[i]), median(total[i])});
  }
  const double peak = peak_memory_mib();
  const double seconds = median(total[0]);
  const double states_per_second = static_cast<double>(g.num_states()) / build_seconds;
  Report report(16);
  report.json("bench", "model").add("file", cmd.file, "model", cmd.file);
  add_graph_sizes(report, g);
  report.line("states", format_count(g.num_states()) + " (" + owner_summary(g) + ")")
      .line("transitions",
            format_printf(
                "%s, %.1f bytes per transition (probabilities: %s), graph %.0f MiB, state index %.0f MiB",
                format_count(g.num_transitions()).c_str(), g.bytes_per_transition(),
                probability_storage(g).c_str(), static_cast<double>(g.memory_bytes()) / 1048576.0,
                static_cast<double>(first.loaded.built.index_bytes) / 1048576.0))
      .add("build_seconds", build_seconds, "build",
           format_printf("%.3g s, %.3g states/s", build_seconds, states_per_second))
      .json("build_states_per_second", states_per_second)
      .json("index_bytes", first.loaded.built.index_bytes)
      .add("solve_seconds", solve_seconds, "solve",
           format_printf(
               "%.3g s: %llu sweeps in %.3g s (%.3g transitions/s per sweep), the rest graph analysis",
               solve_seconds, static_cast<unsigned long long>(sol.iterations), sol.stats.sweep_seconds, rate))
      .json("sweeps", sol.iterations)
      .json("sweep_seconds", sol.stats.sweep_seconds)
      .json("transitions_per_second", rate)
      .json("value", sol.value(s0))
      .add("lower", sol.lower[s0], "signature",
           format_printf("value in [%.12f, %.12f], %s", sol.lower[s0], sol.upper[s0],
                         std::string(mdp::to_string(sol.status)).c_str()))
      .json("upper", sol.upper[s0]);
  if (!others.empty()) {
    report.json("threads", cmd.threads[0]);
    report.line("runs",
                format_printf("the rows above: %u thread%s; medians of %u run%s per count", cmd.threads[0],
                              cmd.threads[0] == 1 ? "" : "s", cmd.repeat, cmd.repeat == 1 ? "" : "s"));
    nlohmann::json runs = nlohmann::json::array();
    for (const Other& o : others) {
      report.line(
          format_printf("%u thread%s", o.threads, o.threads == 1 ? "" : "s"),
          format_printf("build %.3g s (%.2fx), solve %.3g s (%.2fx), total %.3g s (%.2fx); same graph "
                        "and answer",
                        o.build_seconds, build_seconds / o.build_seconds, o.solve_seconds,
                        solve_seconds / o.solve_seconds, o.seconds, seconds / o.seconds));
      runs.push_back({{"threads", o.threads},
                      {"build_seconds", o.build_seconds},
                      {"solve_seconds", o.solve_seconds},
                      {"seconds", o.seconds}});
    }
    report.json("other_thread_counts", runs);
  }
  report.add("peak_mib", peak, "peak memory", format_printf("%.0f MiB", peak))
      .add("seconds", seconds, "total", format_printf("%.3g s", seconds))
      .print(std::cout, cmd.json);
}
}  // namespace

void register_bench(CLI::App& app, int& exit_code) {
  auto cmd = std::make_shared<BenchCommand>();
  CLI::App* sub = app.add_subcommand("bench", "fixed workloads: throughput and a run signature");
  sub->add_option(
         "WHAT", cmd->what,
         "sweep (a generated MDP), robot-monster, renju (the puzzle run) or phutball (direct threats)")
      ->capture_default_str();
  sub->add_option("--file", cmd->file, "robot-monster: the model file")->capture_default_str();
  sub->add_option("--states", cmd->states, "sweep: states of the generated MDP")->capture_default_str();
  sub->add_option("--sweeps", cmd->sweeps, "sweep: interval sweeps to time")->capture_default_str();
  sub->add_flag("--json", cmd->json, "print one JSON object on stdout");
  sub->add_flag(
      "--plain-probabilities", cmd->plain_probabilities,
      "sweep, robot-monster: a double per transition instead of a pooled index (before/after figures)");
  sub->add_option("--threads", cmd->threads,
                  "robot-monster: thread counts, one build and solve each, e.g. 1,2 (speed-ups against the "
                  "first; the graph and answer must be the same)")
      ->delimiter(',')
      ->check(CLI::Range(1u, 1024u))
      ->capture_default_str();
  sub->add_option("--repeat", cmd->repeat,
                  "robot-monster: rounds over the thread counts; the times printed are each count's median")
      ->check(CLI::Range(1u, 100u))
      ->capture_default_str();
  add_renju_bench_options(*sub, cmd->renju);
  add_phutball_bench_options(*sub, cmd->phutball);
  sub->callback([cmd, &exit_code]() {
    if (cmd->what == "sweep") {
      run_sweep_bench(*cmd);
    } else if (cmd->what == "robot-monster" || cmd->what == "model") {
      run_model_bench(*cmd);
    } else if (cmd->what == "phutball") {
      cmd->phutball.json = cmd->json;
      run_phutball_bench(cmd->phutball);
    } else if (cmd->what == "renju") {
      cmd->renju.json = cmd->json;
      run_renju_bench(cmd->renju);
    } else {
      throw InputError("unknown benchmark '" + cmd->what +
                       "' (expected sweep, robot-monster, renju or phutball)");
    }
    exit_code = kExitOk;
  });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
