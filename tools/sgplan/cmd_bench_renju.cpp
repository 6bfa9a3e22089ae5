// sgplan bench renju DIR (see bench_renju.hpp).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "core/errors.hpp"
#include "models/gomoku/coordinates.hpp"
#include "models/gomoku/gomoku_solver.hpp"
#include "tools/sgplan/bench_renju.hpp"
#include "tools/sgplan/cli_common.hpp"

namespace sgplan::cli {

namespace {

namespace gomoku = models::gomoku;
namespace lambda = search::lambda;
namespace fs = std::filesystem;

struct CaseRun {
  std::string name;
  bool expect_proven = false;
  std::string verdict;  // right, wrong, unsolved
  std::string note;
  lambda::LambdaResult result;
  int limit = 0;
  bool expect_line_ok = true;
  std::string expect_problem;
};

}  // namespace

void add_renju_bench_options(CLI::App& bench, RenjuBenchOptions& options) {
  bench.add_option("DIR", options.dir, "renju: the folder of case files (e.g. ../shared/cases/renju)");
  bench.add_option("--filter", options.filter, "renju: only the cases whose name contains this");
  options.flags.add_to(bench);  // the defaults of sgplan lambda (20 million nodes per case)
}

void run_renju_bench(const RenjuBenchOptions& options) {
  if (options.dir.empty())
    throw InputError("bench renju: give the folder of case files (sgplan bench renju DIR)");
  if (!fs::is_directory(options.dir)) {
    throw InputError(SourceLocation{options.dir, 0, 0}, "not a folder of Renju case files");
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(options.dir)) {
    const fs::path& p = entry.path();
    if (p.extension() != ".txt") continue;
    if (!options.filter.empty() && p.stem().string().find(options.filter) == std::string::npos) continue;
    files.push_back(p);
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) throw InputError(SourceLocation{options.dir, 0, 0}, "no case files (*.txt) here");

  std::vector<CaseRun> runs;
  int right = 0, wrong = 0, unsolved = 0, bugs = 0;
  std::uint64_t total_nodes = 0;
  double total_seconds = 0.0;
  bool deepening = false;  // the flags give every case the same choice
  if (!options.json) {
    std::printf("%-32s %-9s %-10s %-8s %5s %5s %12s %9s  %s\n", "case", "expect", "result", "verdict",
                "order", "depth", "nodes", "seconds", "first move / note");
  }
  for (const fs::path& file : files) {
    const gomoku::GomokuPosition position = gomoku::load_renju_case(file.string());
    const lambda::LambdaOptions lo = options.flags.options_for(position);
    deepening = lo.iterative_deepening;
    const gomoku::Board board = position.board();
    CaseRun run;
    run.name = file.stem().string();
    run.expect_proven = !position.expect_disproven;
    run.limit = position.limit;
    if (!position.expect.empty()) {
      const gomoku::LineCheck c = gomoku::check_unstoppable_line(board, position.attacker, position.expect);
      run.expect_line_ok = c.wins;
      run.expect_problem = c.problem;
    }
    run.result = gomoku::solve_lambda(board, position.attacker, lo);
    const lambda::LambdaResult& r = run.result;
    if (r.proven) {
      std::vector<gomoku::Point> line(r.pv.begin(), r.pv.end());
      const gomoku::LineCheck c = gomoku::replay_line(board, position.attacker, line);
      if (!c.wins) {
        run.verdict = "wrong";
        run.note = "BUG: the proof does not replay (" + c.problem + ")";
        ++bugs;
      } else if (c.attacker_moves > lo.max_depth) {
        run.verdict = "wrong";
        run.note = "BUG: the proof needs " + std::to_string(c.attacker_moves) + " attacker moves";
        ++bugs;
      } else if (!run.expect_proven) {
        run.verdict = "wrong";
        run.note = "BUG: a proof of a disproven case";
        ++bugs;
      } else {
        run.verdict = "right";
        run.note = gomoku::point_name(r.move, position.size);
      }
    } else if (r.budget_exhausted) {
      run.verdict = "unsolved";
      run.note = "node limit at order " + std::to_string(r.order) + " depth " + std::to_string(r.depth);
    } else if (run.expect_proven) {
      run.verdict = "wrong";
      run.note =
          "missed: no proof up to order " + std::to_string(r.order) + " depth " + std::to_string(r.depth);
    } else {
      run.verdict = "right";
    }
    if (!run.expect_line_ok) run.note += " [published line: " + run.expect_problem + "]";
    right += run.verdict == "right";
    wrong += run.verdict == "wrong";
    unsolved += run.verdict == "unsolved";
    total_nodes += r.stats.nodes;
    total_seconds += r.seconds;
    if (!options.json) {
      std::printf("%-32s %-9s %-10s %-8s %5d %5d %12s %9.3f  %s\n", run.name.c_str(),
                  run.expect_proven ? "proven" : "disproven", r.proven ? "proven" : "not proven",
                  run.verdict.c_str(), r.order, r.depth, format_count(r.stats.nodes).c_str(), r.seconds,
                  run.note.c_str());
      std::fflush(stdout);
    }
    runs.push_back(std::move(run));
  }
  const int total = static_cast<int>(runs.size());
  int proven_right = 0, disproven_right = 0, proven_cases = 0, bad_lines = 0;
  for (const CaseRun& run : runs) {
    proven_cases += run.expect_proven;
    proven_right += run.expect_proven && run.verdict == "right";
    disproven_right += !run.expect_proven && run.verdict == "right";
    bad_lines += !run.expect_line_ok;
  }
  // The case lines above went out one by one (a long run shows its progress); the summary is one
  // report.
  Json list = Json::array();
  for (const CaseRun& run : runs) {
    Json c;
    c["case"] = run.name;
    c["expect"] = run.expect_proven ? "proven" : "disproven";
    c["proven"] = run.result.proven;
    c["verdict"] = run.verdict;
    c["order"] = run.result.order;
    c["depth"] = run.result.depth;
    c["move"] = run.result.proven ? Json(gomoku::point_name(run.result.move, 15)) : Json(nullptr);
    c["pv"] = line_names(run.result.pv, 15);
    c["nodes"] = run.result.stats.nodes;
    c["seconds"] = run.result.seconds;
    c["note"] = run.note;
    list.push_back(c);
  }
  Report report(17);
  report.json("bench", "renju")
      .json("dir", options.dir)
      .json("cases", total)
      .block(format_printf("\n%d cases: %d right, %d wrong (%d bugs), %d unsolved\n", total, right, wrong,
                           bugs, unsolved))
      .json("right", right)
      .json("wrong", wrong)
      .json("unsolved", unsolved)
      .json("bugs", bugs)
      .add("proven_right", proven_right,
           "proven cases:", format_printf("%d of %d proven and replayed", proven_right, proven_cases))
      .json("proven_cases", proven_cases)
      .add("disproven_right", disproven_right, "disproven cases:",
           format_printf("%d of %d searched to the end without a proof", disproven_right,
                         total - proven_cases))
      .json("disproven_cases", total - proven_cases)
      .add("published_lines_rejected", bad_lines, "published lines:",
           format_printf("%d of %d replay and end unstoppable under our rules", proven_cases - bad_lines,
                         proven_cases))
      .add("nodes", total_nodes, "total",
           format_printf("%s nodes, %.2f s (engine %s, budget %s nodes per case%s, %s)",
                         format_count(total_nodes).c_str(), total_seconds, options.flags.engine.c_str(),
                         format_count(options.flags.max_nodes).c_str(),
                         (options.flags.x00 == "off" ? std::string() : ", X-0-0 " + options.flags.x00)
                             .append(options.flags.dual ? ", dual" : "")
                             .c_str(),
                         deepening ? "deepening" : "no deepening"))
      .json("seconds", total_seconds)
      .json("engine", options.flags.engine)
      .json("max_nodes", options.flags.max_nodes)
      .json("x00", options.flags.x00)
      .json("iterative_deepening", deepening)
      .json("runs", list)
      .print(std::cout, options.json);
}

}  // namespace sgplan::cli
