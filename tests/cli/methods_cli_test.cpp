// What a command lists is what it does (issue 11, defects 1, 2, 4 and the unsigned options):
//   - every --method that `solve` or `simulate` lists in its help, on every small state-graph config,
//     with and without --horizon, either works (exit 0) or is refused (exit 2) with a message that
//     names the model kind and the methods that do work there, and each method named there works;
//     never "unknown --method" for a listed method;
//   - tree search reports its horizon in steps and names the method that ran;
//   - simulate's agreement check holds at the extremes (all successes, none) and in the middle;
//   - every unsigned option of every command refuses a negative value (no wrap to 2^64 - 1).
#include <map>
#include <set>

#include "tests/cli/run_sgplan.hpp"

namespace sgplan::testing {
namespace {

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\n");
  const auto last = s.find_last_not_of(" \t\n.");
  return first == std::string::npos ? "" : s.substr(first, last - first + 1);
}

// "a, b (note), c or d" after the last ':' of each ';'-separated part, parentheses dropped. (No
// std::regex: GCC 12 warns inside it at -O1, and CI builds with -Werror.)
std::vector<std::string> names_in(const std::string& text) {
  std::string flat;
  int depth = 0;
  for (char c : text) {
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (depth == 0 && c != ')') flat += c;
  }
  std::vector<std::string> out;
  for (const std::string& part : split(flat, ';')) {
    std::string list = part.substr(part.rfind(':') == std::string::npos ? 0 : part.rfind(':') + 1);
    for (auto at = list.find(" or "); at != std::string::npos; at = list.find(" or "))
      list.replace(at, 4, ",");
    for (const std::string& name : split(list, ',')) {
      if (!trim(name).empty()) out.push_back(trim(name));
    }
  }
  return out;
}

// The lines of a command's --help that describe options: (name, type, description).
struct HelpOption {
  std::string name, type, description;
};
std::vector<HelpOption> help_options(const std::string& command) {
  const CommandResult help = sgplan({command, "--help"});
  EXPECT_EQ(help.exit_code, 0) << command;
  std::vector<HelpOption> out;
  for (const std::string& line : split(help.out, '\n')) {
    const std::string text = trim(line);
    if (text.rfind("--", 0) != 0) continue;
    const auto name_end = text.find(' ');
    if (name_end == std::string::npos) continue;
    const auto type_end = text.find(' ', name_end + 1);
    HelpOption o;
    o.name = text.substr(0, name_end);
    o.type = text.substr(name_end + 1,
                         type_end == std::string::npos ? std::string::npos : type_end - name_end - 1);
    if (type_end != std::string::npos) o.description = trim(text.substr(type_end));
    out.push_back(o);
  }
  return out;
}

// The methods a command's --help lists.
std::vector<std::string> listed_methods(const std::string& command) {
  for (const HelpOption& o : help_options(command)) {
    if (o.name == "--method") return names_in(o.description);
  }
  ADD_FAILURE() << command << " --help lists no --method";
  return {};
}

// The small state-graph configs of every kind, and a small Pig. Left out: the big robot-monster
// maps, Pig to 100 and the formula-count game (seconds to minutes per method), and two that repeat a
// case at the cost of some 80 runs (a sanitizer build takes a second a run): nim-misere.yaml (Nim
// again) and robot-monster-one-room.yaml (a map whose initial state is terminal).
std::vector<std::string> small_graph_configs() {
  std::vector<std::string> out;
  const std::set<std::string> skipped{
      "pig.yaml",           "robot-monster.yaml", "robot-monster-attempted.yaml", "robot-monster-open7.yaml",
      "formula-count.yaml", "nim-misere.yaml",    "robot-monster-one-room.yaml"};
  for (const auto& entry : fs::directory_iterator(kSource / "configs")) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".yaml" || skipped.count(name) > 0) continue;
    const CommandResult info = sgplan({"info", "configs/" + name, "--json"});
    if (info.exit_code != 0) continue;  // not a state graph (a Go-Moku position): solve takes none
    if (!nlohmann::json::parse(info.out).contains("states")) continue;  // a game tree
    out.push_back("configs/" + name);
  }
  const fs::path pig =
      fs::temp_directory_path() / ("sgplan_methods_pig_" + std::to_string(::getpid()) + ".yaml");
  std::ofstream(pig) << "model: pig\ngoal: 10\ndie: 6\n";
  out.push_back(pig.string());
  return out;
}

std::string kind_of(const std::string& file) {
  return nlohmann::json::parse(sgplan({"info", file, "--json"}).out)["model"].get<std::string>();
}

TEST(MethodLists, EveryListedMethodWorksOrIsRefusedWithTheMethodsThatDo) {
  const std::vector<std::string> configs = small_graph_configs();
  ASSERT_GE(configs.size(), 7u);
  int worked = 0, refused = 0;
  for (const std::string command : {"solve", "simulate"}) {
    const std::vector<std::string> methods = listed_methods(command);
    ASSERT_GE(methods.size(), 6u) << command;
    const std::set<std::string> listed(methods.begin(), methods.end());
    for (const std::string& file : configs) {
      const std::string kind = kind_of(file);
      for (const std::string horizon : {"", "3"}) {
        if (command == "simulate" && !horizon.empty()) continue;  // simulate has no --horizon
        std::map<std::string, CommandResult> results;
        for (const std::string& method : methods) {
          std::vector<std::string> args{command, file, "--method", method, "--quiet"};
          if (!horizon.empty()) args.insert(args.end(), {"--horizon", horizon});
          if (command == "solve") args.insert(args.end(), {"--table-entries", "4096"});
          if (command == "simulate") args.insert(args.end(), {"--runs", "50"});
          results[method] = sgplan(args);
        }
        for (const auto& [method, r] : results) {
          const std::string what =
              command + " " + file + " --method " + method + (horizon.empty() ? "" : " --horizon " + horizon);
          EXPECT_EQ(r.err.find("unknown"), std::string::npos) << what << ": " << r.err;
          if (r.exit_code == 0) {
            ++worked;
            continue;
          }
          ++refused;
          EXPECT_EQ(r.exit_code, 2) << what << ": " << r.err;
          EXPECT_NE(r.err.find("model kind '" + kind + "' cannot use --method " + method), std::string::npos)
              << what << ": " << r.err;
          const std::string key = "methods that work on it: ";
          const auto at = r.err.find(key);
          ASSERT_NE(at, std::string::npos) << what << ": " << r.err;
          const std::string rest = r.err.substr(at + key.size());
          const std::vector<std::string> working = names_in(rest.substr(0, rest.find(';')));
          EXPECT_FALSE(working.empty()) << what;
          for (const std::string& w : working) {
            ASSERT_TRUE(listed.count(w) > 0)
                << what << ": names '" << w << "', which " << command << " does not list";
            EXPECT_EQ(results[w].exit_code, 0)
                << what << ": names '" << w << "' as working, but it fails: " << results[w].err;
          }
        }
      }
    }
  }
  EXPECT_GT(worked, 100);
  EXPECT_GT(refused, 20);
}

// The names in the help are the methods the commands run: an unknown name is refused with the list.
TEST(MethodLists, UnknownAndForeignMethods) {
  CommandResult r = sgplan({"solve", "configs/nim.yaml", "--method", "fastest"});
  EXPECT_EQ(r.exit_code, 2);
  for (const std::string& m : listed_methods("solve")) EXPECT_NE(r.err.find(m), std::string::npos) << m;
  r = sgplan({"simulate", "configs/nim.yaml", "--method", "alphabeta"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.find("unknown"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("tree search"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("sgplan solve"), std::string::npos) << r.err;
  // expectimax and minimax run on Nim (and every model with tree search), as --help says.
  for (const char* m : {"expectimax", "minimax", "alphabeta"}) {
    const auto j = parse_json(sgplan({"solve", "configs/nim.yaml", "--method", m, "--json"}));
    EXPECT_EQ(j["method"], m);
    EXPECT_EQ(j["value"], 1.0) << m;  // the first player wins [3, 4, 5]
  }
}

// The horizon in steps, as the graph counts them: the same value and wording from every method.
TEST(TreeSearchCli, HorizonInStepsAndTheMethodThatRan) {
  for (const char* m : {"expectimax", "expectiminimax", "star1", "star2"}) {
    const auto j = parse_json(
        sgplan({"solve", "configs/explicit-example.yaml", "--method", m, "--horizon", "2", "--json"}));
    EXPECT_EQ(j["method"], m);
    EXPECT_NEAR(j["value"].get<double>(), 0.15, 1e-15) << m;  // go, then the chance state's 0.3
    const CommandResult text =
        sgplan({"solve", "configs/explicit-example.yaml", "--method", m, "--horizon", "2"});
    EXPECT_NE(text.out.find("objective    success within 2 steps\n"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("method       " + std::string(m) + " (tree search"), std::string::npos)
        << text.out;
    EXPECT_EQ(text.out.find("plies"), std::string::npos) << text.out;
  }
  const CommandResult graph = sgplan({"solve", "configs/explicit-example.yaml", "--horizon", "2"});
  EXPECT_NE(graph.out.find("objective    success within 2 steps\n"), std::string::npos) << graph.out;
}

// Simulate's agreement line: 20,000 successes of 20,000 against the value 1 (the reported case),
// a model whose value is 0 (no run succeeds), and a model in the middle.
TEST(SimulateCli, AgreementAtTheExtremesAndInTheMiddle) {
  CommandResult r = sgplan({"simulate", "configs/robot-monster-tiny.yaml", "--runs", "20000", "--seed", "7"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("20,000 successes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("95% interval [0.999808, 1]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the computed value lies in the 95% interval"), std::string::npos) << r.out;
  auto j = parse_json(sgplan({"simulate", "configs/robot-monster-tiny.yaml", "--runs", "20000", "--json"}));
  EXPECT_EQ(j["ci_high"], 1.0);
  const fs::path zero = fs::temp_directory_path() / ("sgplan_zero_" + std::to_string(::getpid()) + ".yaml");
  std::ofstream(zero) << "model: explicit\ninitial: s\nstates:\n  s: {chance: {a: 1/3, b: 2/3}}\n"
                         "  a: failure\n  b: failure\n";
  r = sgplan({"simulate", zero.string(), "--runs", "20000"});
  EXPECT_NE(r.out.find("0 successes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the computed value lies in the 95% interval"), std::string::npos) << r.out;
  j = parse_json(sgplan({"simulate", zero.string(), "--runs", "20000", "--json"}));
  EXPECT_EQ(j["ci_low"], 0.0);
  fs::remove(zero);
  r = sgplan({"simulate", "configs/explicit-example.yaml", "--runs", "4000", "--seed", "7"});
  EXPECT_NE(r.out.find("the computed value lies in the 95% interval"), std::string::npos) << r.out;
}

// Every unsigned option of every command: -1 is refused with the option's name (CLI11 alone reads it
// into a 64-bit option as 2^64 - 1: `simulate --seed -1` ran with seed 18446744073709551615).
TEST(UnsignedOptions, NegativeValuesAreRefused) {
  const std::map<std::string, std::vector<std::string>> commands{
      {"solve", {"configs/explicit-example.yaml"}},
      {"info", {"configs/explicit-example.yaml"}},
      {"simulate", {"configs/explicit-example.yaml"}},
      {"export", {"configs/explicit-example.yaml", "--format", "dot"}},
      {"bench", {"sweep"}},
      {"count", {"configs/formula-game.yaml"}},
      {"strategy", {"configs/poker.yaml"}},
      {"lambda", {"configs/gomoku-four-three.yaml"}},
      {"gtp", {}},
  };
  int checked = 0;
  for (const auto& [command, args] : commands) {
    for (const HelpOption& o : help_options(command)) {
      if (o.type.rfind("UINT", 0) != 0 && o.type.rfind("[UINT", 0) != 0) continue;
      const std::string& option = o.name;
      std::vector<std::string> run{command};
      run.insert(run.end(), args.begin(), args.end());
      run.insert(run.end(), {option, "-1"});
      const CommandResult r = sgplan(run);
      EXPECT_EQ(r.exit_code, 2) << command << " " << option << " -1: " << r.out << r.err;
      EXPECT_NE(r.err.find(option + ": expected a non-negative integer, found -1"), std::string::npos)
          << command << " " << option << ": " << r.err;
      EXPECT_TRUE(r.out.empty()) << command << " " << option << ": " << r.out;
      ++checked;
    }
  }
  EXPECT_GE(checked, 20);  // --seed, --runs, --horizon, --max-states, --max-iterations, --max-nodes, ...
}

}  // namespace
}  // namespace sgplan::testing

namespace sgplan::testing {
namespace {

// `sgplan kinds` is generated from the registry: every kind once, in the registry's order, with
// the documented keys; the families' commands and methods follow from the capabilities.
TEST(KindsCli, ListsEveryRegisteredKindWithTheDocumentedKeys) {
  const CommandResult r = sgplan({"kinds", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::ordered_json j = nlohmann::ordered_json::parse(r.out);  // keeps the keys' order
  std::vector<std::string> names;
  for (const auto& k : j["kinds"]) {
    names.push_back(k["kind"]);
    std::vector<std::string> keys;
    for (const auto& [key, value] : k.items()) keys.push_back(key);
    EXPECT_EQ(keys, (std::vector<std::string>{"kind", "family", "recognised_by", "extensions", "summary",
                                              "commands", "methods", "default_method", "tree_search", "exact",
                                              "render", "report", "count"}));
    const std::string family = k["family"];
    if (family == "state graph") {
      EXPECT_EQ(k["commands"][0], "solve");
      EXPECT_EQ(k["methods"][0], "interval");
      EXPECT_FALSE(k["default_method"].is_null());
    } else {
      EXPECT_TRUE(k["methods"].empty()) << k["kind"];
      EXPECT_EQ(k["commands"][0], family == "game tree"     ? "info"
                                  : k["kind"] == "phutball" ? "threats"
                                                            : "lambda");
    }
  }
  EXPECT_EQ(names, (std::vector<std::string>{"explicit", "robot-monster", "nim", "formula-game", "pig",
                                             "repeated-game", "game-tree", "gomoku", "phutball", "prism",
                                             "prism-language", "jani", "ppddl", "efg", "renju-case"}));
  // The method tables, every family's, each row with what it promises (core/method_info.hpp).
  std::map<std::string, std::vector<std::string>> by_family;
  for (const auto& m : j["methods"]) {
    std::vector<std::string> keys;
    for (const auto& [key, value] : m.items()) keys.push_back(key);
    EXPECT_EQ(keys,
              (std::vector<std::string>{"method", "family", "needs_horizon", "sound", "exact", "help"}));
    EXPECT_FALSE(m["help"].get<std::string>().empty()) << m["method"];
    by_family[m["family"]].push_back(m["method"]);
  }
  EXPECT_EQ(by_family["graph"],
            (std::vector<std::string>{"interval", "topological", "policy", "vi", "gauss-seidel", "attractor",
                                      "backward-induction"}));
  EXPECT_EQ(by_family["retrograde"], (std::vector<std::string>{"retrograde"}));
  EXPECT_EQ(by_family["tree"], (std::vector<std::string>{"alphabeta", "minimax", "expectiminimax", "star1",
                                                         "star2", "expectimax"}));
  EXPECT_EQ(by_family["lambda"], (std::vector<std::string>{"alphabeta", "dfpn", "hybrid"}));
  const CommandResult text = sgplan({"kinds"});
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_NE(text.out.find("\nmethods (solve --method; lambda and gtp --engine)\n"), std::string::npos);
  EXPECT_NE(text.out.find("pig (state graph; YAML `model: pig`)\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("prism (state graph; file name ending .tra)\n"), std::string::npos);
}

}  // namespace
}  // namespace sgplan::testing
