// Every PRISM model of the shared test data (PRISM's and PRISM-games' regression models with their
// runs' constants, the QVBS PRISM instances with the open constants of index.json) exported to
// PRISM's explicit files and read back with sgplan's reader of those files:
//   - the export has the states sgplan's own builder reaches from the initial state (and QVBS's
//     reference count), its deadlocks, and the choices and transitions of that graph once a choice
//     equal to an earlier one of its state with the same action is dropped, as PRISM drops it
//     (counted here from the built graph, independently of the exporter);
//   - every property of the models' props files that the files can express (F and G, step-bounded
//     or not: the target becomes a label of the export) has the same answer from the files as
//     answer_property gives on the .prism model (within 1e-6); an smg's coalition is given to the
//     reader by player numbers.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "core/errors.hpp"
#include "mdp/build_graph.hpp"
#include "mdp/finite_horizon.hpp"
#include "mdp/reachability.hpp"
#include "models/formats/prism_explicit.hpp"
#include "models/prism_language/explicit_export.hpp"
#include "models/prism_language/property_answer.hpp"
#include "tests/models/prism_language/shared_cases.hpp"

namespace sgplan::models::prism_language {
namespace {

namespace fs = std::filesystem;
using testing::read;

struct Case {
  fs::path model, props;
  ConstantOverrides constants;
  std::string label;
  std::uint64_t reference_states = 0;  // QVBS's count, 0 where there is none
};

std::vector<std::string> lines_of(const fs::path& p) {
  std::ifstream in(p);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<Case> shared_cases(const std::string& dir) {
  std::vector<Case> out;
  for (const char* sub : {"prism-tests", "prism-games"}) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(fs::path(dir) / sub)) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      const std::string ext = file.extension().string();
      if (ext != ".prism" && ext != ".nm") continue;
      fs::path props = file;
      props += ".props";
      if (!fs::exists(props)) props = file.parent_path() / (file.stem().string() + ".props");
      if (!fs::exists(props)) props.clear();
      // One run per `-const` line of the props' .args file (PRISM's regression runs).
      std::vector<ConstantOverrides> runs{{}};
      fs::path args = props;
      args += ".args";
      if (!props.empty() && fs::exists(args)) {
        runs.clear();
        for (const std::string& a : lines_of(args))
          if (a.rfind("-const ", 0) == 0) runs.push_back(parse_constant_overrides(a.substr(7)));
      }
      for (const ConstantOverrides& run : runs) {
        Case c{file, props, run, file.filename().string(), 0};
        for (const auto& [name, value] : run) c.label += " " + name + "=" + value;
        out.push_back(c);
      }
    }
  }
  testing::for_each_qvbs_prism_instance(dir, 100'000, [&](const testing::QvbsInstance& q) {
    std::uint64_t states = q.states;
    if (q.prism == "philosophers-mdp.3.prism") states = 956;  // PRISM's count (qvbs_states_test.cpp)
    out.push_back(
        {q.dir / q.prism, q.props.empty() ? fs::path() : q.dir / q.props, q.constants, q.label, states});
  });
  return out;
}

// The choices and transitions PRISM keeps of a built graph (every state reachable, nothing
// terminal): a choice whose action and distribution equal an earlier one's of its state is
// dropped. sgplan names an unlabelled command's choice "[] module (line n)"; PRISM gives them all
// no action.
std::pair<std::uint64_t, std::uint64_t> prism_choices_and_transitions(const mdp::StateGraph& g) {
  std::uint64_t choices = 0, transitions = 0;
  auto action = [&](mdp::ChoiceIndex c) {
    const std::string name = g.choice_label(c);
    return name.rfind("[] ", 0) == 0 ? std::string() : name;
  };
  auto same = [&](mdp::ChoiceIndex a, mdp::ChoiceIndex b) {
    if (action(a) != action(b) || g.end_entry(a) - g.first_entry(a) != g.end_entry(b) - g.first_entry(b))
      return false;
    for (mdp::EntryIndex i = g.first_entry(a), j = g.first_entry(b); i < g.end_entry(a); ++i, ++j)
      if (g.target(i) != g.target(j) ||
          std::abs(g.probability(i) - g.probability(j)) > 1e-12 * g.probability(i))
        return false;
    return true;
  };
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    for (mdp::ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
      bool earlier = false;
      for (mdp::ChoiceIndex d = g.first_choice(s); d < c && !earlier; ++d) earlier = same(c, d);
      if (earlier) continue;
      ++choices;
      transitions += g.end_entry(c) - g.first_entry(c);
    }
  }
  return {choices, transitions};
}

// An smg property's coalition as the reader takes it: player numbers from 1, or "*".
std::string coalition_numbers(const PrismModel& model, const Property& p) {
  if (model.type != ModelType::kSmg) return "";
  if (!p.has_coalition) return "*";  // every player together, as PRISM-games reads it
  std::string out;
  for (const std::string& name : p.coalition) {
    std::string number = name;
    for (std::size_t k = 0; k < model.players.size(); ++k)
      if (model.players[k].name == name) number = std::to_string(k + 1);
    out += (out.empty() ? "" : ",") + number;
  }
  return out;
}

TEST(PrismExportRoundTrip, EverySharedModelAnswersTheSameFromItsFiles) {
  const std::string dir = testing::cases_dir();
  if (dir.empty()) GTEST_SKIP() << "the shared test data is absent: set SGPLAN_CASES";
  const fs::path out = fs::temp_directory_path() / ("sgplan_roundtrip_" + std::to_string(::getpid()));
  fs::create_directories(out);
  int models = 0, answered = 0, skipped = 0;
  for (const Case& c : shared_cases(dir)) {
    SCOPED_TRACE(c.label);
    PrismModel model = parse_prism_model(read(c.model), c.model.string());
    const std::vector<Property> properties =
        c.props.empty() ? std::vector<Property>{} : parse_properties(read(c.props), c.props.string(), model);
    // The target of each property the files can express becomes a label (G phi: F !phi).
    std::map<std::size_t, std::string> target_label;
    for (std::size_t k = 0; k < properties.size(); ++k) {
      const Property& p = properties[k];
      if (!p.supported || p.path == PathOp::kUntil) {
        ++skipped;  // rewards, LTL, filters; and phi U psi, whose phi no label of the files carries
        continue;
      }
      NodeId target = p.right;
      if (p.path == PathOp::kGlobally) {
        Node negation;
        negation.op = Op::kNot;
        negation.args = {p.right};
        target = model.pool.add(std::move(negation));
      }
      target_label[k] = "sgplan_target_" + std::to_string(k + 1);
      model.labels.push_back({target_label[k], target, p.where});
    }

    const std::string prefix = (out / ("m" + std::to_string(models))).string();
    const CompiledModel compiled(model, c.constants);
    const ExplicitExport e = export_prism_model(compiled, prefix);
    CompiledModel built_model(model, c.constants);
    const mdp::BuiltGraph built = mdp::build_graph(built_model);
    EXPECT_EQ(e.states, built.graph.num_states());
    if (c.reference_states != 0) {
      EXPECT_EQ(e.states, c.reference_states);
    }
    EXPECT_EQ(e.deadlocks, built_model.deadlocks());
    if (model.type != ModelType::kDtmc) {  // a dtmc's rows are split by action in the files
      const auto [choices, transitions] = prism_choices_and_transitions(built.graph);
      EXPECT_EQ(e.choices, choices);
      EXPECT_EQ(e.transitions, transitions);
    }
    ++models;

    for (const auto& [k, label] : target_label) {
      const Property& p = properties[k];
      SCOPED_TRACE(p.text);
      AnswerOptions o;
      o.epsilon = 1e-8;
      PropertyAnswer a;
      try {
        a = answer_property(model, c.constants, p, o);
      } catch (const InputError& error) {
        // A step bound or a bound of P naming a props constant this run does not give.
        EXPECT_NE(std::string(error.what()).find("is not defined"), std::string::npos) << error.what();
        ++skipped;
        continue;
      }
      formats::PrismImportOptions io;
      io.labels_path = prefix + ".lab";
      io.target_label = label;
      const bool globally = p.path == PathOp::kGlobally;
      io.minimize = globally ? a.maximized : !a.maximized;  // G: the opposite extremum of F !phi
      io.coalition = coalition_numbers(model, p);
      const mdp::StateGraph g = formats::read_prism_explicit(prefix + ".tra", io);
      EXPECT_EQ(g.num_states(), e.states);
      mdp::SolveOptions so;
      so.epsilon = 1e-8;
      const mdp::Solution sol =
          p.steps ? mdp::solve_finite_horizon(
                        g, static_cast<std::uint32_t>(compiled.constant_value_of(*p.steps).i), so)
                  : mdp::solve_reachability(g, so);
      const mdp::StateIndex init = g.initial_state();
      EXPECT_NEAR(globally ? 1.0 - sol.value(init) : sol.value(init), a.value, 1e-6);
      ++answered;
    }
  }
  fs::remove_all(out);
  EXPECT_GE(models, 15);
  EXPECT_GE(answered, 40);
  std::cout << models << " models exported and read back, " << answered << " properties answered alike, "
            << skipped << " not expressible in the files or not answered\n";
}

}  // namespace
}  // namespace sgplan::models::prism_language
