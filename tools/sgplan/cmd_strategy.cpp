// sgplan strategy: strategies of extensive-form games (game trees only).
//   --mixed S.yaml [--to behavioural]     Kuhn's mixed -> behavioural conversion
//   --behavioural S.yaml [--to mixed]     the product mixed strategy (full or --reduced plans)
//   --profile P.yaml                      realization probabilities and expected payoffs
//   --spe                                 backward induction (perfect information)
//   --plans PLAYER                        list a player's pure plans (full or --reduced)
// with --check (realization equivalence of a conversion against every pure strategy of the other
// players), --exact (rational arithmetic throughout), --unreached uniform|zero and --json.
#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include "core/errors.hpp"
#include "models/extensive_form/backward_induction.hpp"
#include "models/extensive_form/kuhn.hpp"
#include "models/extensive_form/realization.hpp"
#include "models/extensive_form/strategy_file.hpp"
#include "models/registry.hpp"
#include "tools/sgplan/cli_common.hpp"
#include "tools/sgplan/game_tree_cli.hpp"

namespace sgplan::cli {

namespace {

struct StrategyCommand {
  ModelOptions model;
  TreeOptions tree;
  std::string mixed, behavioural, profile, plans_player;
  bool spe = false;
  std::string to;
  bool reduced = false;
  std::string unreached = "uniform";
  bool exact = false;
  bool check = false;
};

Json num_json(double x) {
  return Json(x);
}
Json num_json(const sgplan::Rational& r) {
  return Json(efg::to_string(r));
}
std::string num_text(double x) {
  return format_number(x, 10);
}
std::string num_text(const sgplan::Rational& r) {
  return efg::to_string(r);
}

template <class T>
bool near_zero(const T& x) {
  if constexpr (std::is_same_v<T, double>) {
    return x <= 1e-9;
  } else {
    return x == 0;
  }
}

std::string history_text(const efg::GameTree& tree, std::size_t t) {
  std::string out;
  for (const auto& [node, action] : efg::path_to(tree, tree.terminal_node(t))) {
    out += (out.empty() ? "" : ", ") + efg::describe_move(tree, node, action);
  }
  return out.empty() ? "(the root is terminal)" : out;
}

Json history_json(const efg::GameTree& tree, std::size_t t) {
  Json moves = Json::array();
  for (const auto& [node, action] : efg::path_to(tree, tree.terminal_node(t))) {
    moves.push_back(efg::describe_move(tree, node, action));
  }
  return moves;
}

Json plan_json(const efg::GameTree& tree, efg::PlayerId p, const efg::PurePlan& plan) {
  Json j = Json::object();
  const auto& sets = tree.player(p).infosets;
  for (std::size_t k = 0; k < sets.size(); ++k) {
    if (plan[k] == efg::kUnspecified) continue;
    const efg::Infoset& h = tree.infoset_data(sets[k]);
    j[h.label] = h.action_keys[plan[k]];
  }
  return j;
}

std::vector<std::string> labels_of(const efg::GameTree& tree, efg::PlayerId p,
                                   const std::vector<std::uint32_t>& ks) {
  std::vector<std::string> out;
  for (std::uint32_t k : ks) out.push_back(tree.infoset_data(tree.player(p).infosets[k]).label);
  return out;
}

efg::ConversionOptions conversion_options(const StrategyCommand& cmd) {
  efg::ConversionOptions o;
  o.unreached = cmd.unreached == "zero" ? efg::UnreachedRule::Zero : efg::UnreachedRule::Uniform;
  o.plans = cmd.reduced ? efg::PlanForm::Reduced : efg::PlanForm::Full;
  o.max_plans = cmd.tree.max_plans;
  return o;
}

// Each mode below fills one report: the JSON members it answers and the text blocks it prints.

template <class T>
void add_check(Report& report, const efg::GameTree& tree, const std::vector<efg::PlayerSequences>& seqs,
               const efg::Strategy<T>& from, const efg::Strategy<T>& to) {
  const auto check = efg::check_realization_equivalence(tree, seqs, from, to);
  const bool equivalent = near_zero(check.max_difference);
  report.json("check", Json{{"equivalent", equivalent},
                            {"max_difference", num_json(check.max_difference)},
                            {"terminal_histories", check.terminals_compared},
                            {"opponent_profiles", count_json(check.opponent_profiles)},
                            {"worst_history", check.worst_terminal == efg::kNone
                                                  ? Json(nullptr)
                                                  : history_json(tree, check.worst_terminal)}});
  std::ostringstream text;
  text << "check: " << (equivalent ? "realization-equivalent" : "NOT realization-equivalent")
       << " against every pure strategy of the other players (" << check.opponent_profiles.str()
       << " profiles); largest difference " << num_text(check.max_difference) << " over "
       << check.terminals_compared << " terminal histories";
  if (!equivalent && check.worst_terminal != efg::kNone) {
    text << ", at [" << history_text(tree, check.worst_terminal) << "]";
  }
  text << "\n";
  report.block(text.str());
}

template <class T>
void add_behavioural(Report& report, const efg::GameTree& tree, const efg::BehaviouralStrategy<T>& b,
                     const std::vector<std::uint32_t>& unreached) {
  const auto& sets = tree.player(b.player).infosets;
  Json beh = Json::object();
  for (std::size_t k = 0; k < sets.size(); ++k) {
    const efg::Infoset& h = tree.infoset_data(sets[k]);
    Json dist = Json::object();
    for (std::size_t a = 0; a < h.actions.size(); ++a)
      dist[h.action_keys[a]] = num_json(b.probabilities[k][a]);
    beh[h.label] = dist;
  }
  report.json("behavioural", beh).json("unreached", labels_of(tree, b.player, unreached));
  std::ostringstream text;
  std::size_t width = 0;
  for (efg::InfosetId h : sets) width = std::max(width, tree.infoset_data(h).label.size());
  for (std::size_t k = 0; k < sets.size(); ++k) {
    const efg::Infoset& h = tree.infoset_data(sets[k]);
    text << "  " << h.label << std::string(width - h.label.size() + 2, ' ');
    for (std::size_t a = 0; a < h.actions.size(); ++a) {
      text << (a == 0 ? "" : ", ") << h.action_keys[a] << " " << num_text(b.probabilities[k][a]);
    }
    text << "\n";
  }
  report.block(text.str());
}

// ", "-joined labels.
std::string joined_labels(const std::vector<std::string>& labels) {
  std::string out;
  for (std::size_t i = 0; i < labels.size(); ++i) out += (i == 0 ? "" : ", ") + labels[i];
  return out;
}

template <class T>
void run_mixed_to_behavioural(const StrategyCommand& cmd, const efg::GameTree& tree,
                              const std::vector<efg::PlayerSequences>& seqs) {
  const auto loaded = efg::load_strategy_file(cmd.mixed, tree, seqs, {cmd.exact});
  const auto* mixed_exact = std::get_if<efg::MixedStrategy<sgplan::Rational>>(&loaded.strategy);
  if (mixed_exact == nullptr) {
    throw InputError(
        loaded.where,
        "--mixed expects a mixed strategy (or a plan), but the file holds a behavioural one: use "
        "--behavioural");
  }
  const auto mixed = efg::strategy_cast<T>(*mixed_exact);
  const efg::PlayerId p = mixed.player;
  const auto result = efg::mixed_to_behavioural(tree, seqs[p], mixed, conversion_options(cmd));
  Report report;
  report.json("player", tree.player(p).key)
      .block("player " + tree.player(p).key + ": behavioural strategy from a mixed strategy over " +
             std::to_string(mixed.plans.size()) + " plan(s) (Kuhn)\n");
  add_behavioural(report, tree, result.strategy, result.unreached);
  report.json("unreached_rule", cmd.unreached).json("exact", cmd.exact);
  if (!result.unreached.empty()) {
    report.block("unreached by " + tree.player(p).key + "'s own play (filled by --unreached " +
                 cmd.unreached + "): " + joined_labels(labels_of(tree, p, result.unreached)) + "\n");
  }
  if (cmd.check) add_check<T>(report, tree, seqs, mixed, result.strategy);
  report.print(std::cout, cmd.model.json);
}

template <class T>
void run_behavioural_to_mixed(const StrategyCommand& cmd, const efg::GameTree& tree,
                              const std::vector<efg::PlayerSequences>& seqs) {
  const auto loaded = efg::load_strategy_file(cmd.behavioural, tree, seqs, {cmd.exact});
  const auto* b_exact = std::get_if<efg::BehaviouralStrategy<sgplan::Rational>>(&loaded.strategy);
  if (b_exact == nullptr) {
    throw InputError(
        loaded.where,
        "--behavioural expects a behavioural strategy, but the file holds a mixed one (or a plan): use "
        "--mixed");
  }
  const auto b = efg::strategy_cast<T>(*b_exact);
  const efg::PlayerId p = b.player;
  const auto result = efg::behavioural_to_mixed(tree, seqs[p], b, conversion_options(cmd));
  const auto& m = result.strategy;
  Json list = Json::array();
  for (std::size_t i = 0; i < m.plans.size(); ++i) {
    list.push_back(
        Json{{"plan", plan_json(tree, p, m.plans[i])}, {"probability", num_json(m.probabilities[i])}});
  }
  std::ostringstream text;
  text << "player " << tree.player(p).key << ": mixed strategy over " << m.plans.size() << " "
       << (cmd.reduced ? "reduced" : "full") << " plan(s) with positive probability (product of the "
       << "behavioural strategy)\n  plan order: ";
  const auto& sets = tree.player(p).infosets;
  for (std::size_t k = 0; k < sets.size(); ++k)
    text << (k == 0 ? "" : " ") << tree.infoset_data(sets[k]).label;
  text << "\n";
  for (std::size_t i = 0; i < m.plans.size(); ++i) {
    text << "  " << efg::plan_to_string(tree, p, m.plans[i]) << "   " << num_text(m.probabilities[i]) << "\n";
  }
  if (!result.unreached.empty()) {
    text << "no distribution given (unreached by the player's own play): "
         << joined_labels(labels_of(tree, p, result.unreached))
         << (cmd.reduced ? "\n" : " (uniform in full plans)\n");
  }
  Report report;
  report.json("player", tree.player(p).key)
      .json("mixed", list)
      .json("plan_form", cmd.reduced ? "reduced" : "full")
      .json("unreached", labels_of(tree, p, result.unreached))
      .json("exact", cmd.exact)
      .block(text.str());
  if (cmd.check) add_check<T>(report, tree, seqs, b, m);
  report.print(std::cout, cmd.model.json);
}

template <class T>
void add_realization(Report& report, const efg::GameTree& tree, const efg::Realization<T>& r) {
  std::size_t positive = 0;
  for (const T& p : r.probability) positive += efg::is_zero(p) ? 0 : 1;
  Json list = Json::array();
  std::ostringstream text;
  text << "terminal histories reached: " << positive << " of " << tree.num_terminals() << "\n";
  for (std::size_t t = 0; t < tree.num_terminals(); ++t) {
    if (efg::is_zero(r.probability[t])) continue;
    Json pay = Json::object();
    const auto u = tree.terminal_payoffs(t);
    text << "  " << num_text(r.probability[t]) << "  [" << history_text(tree, t) << "]  payoffs";
    for (efg::PlayerId p = 0; p < tree.num_players(); ++p) {
      pay[tree.player(p).key] = num_json(efg::from_rational<T>(u[p]));
      text << (p == 0 ? " " : ", ") << tree.player(p).key << " " << num_text(efg::from_rational<T>(u[p]));
    }
    text << "\n";
    list.push_back(Json{
        {"history", history_json(tree, t)}, {"probability", num_json(r.probability[t])}, {"payoffs", pay}});
  }
  Json expected = Json::object();
  text << "expected payoffs:";
  for (efg::PlayerId p = 0; p < tree.num_players(); ++p) {
    expected[tree.player(p).key] = num_json(r.expected_payoff[p]);
    text << (p == 0 ? " " : ", ") << tree.player(p).key << " " << num_text(r.expected_payoff[p]);
  }
  text << "\n";
  report.json("realization", list).json("expected_payoffs", expected).block(text.str());
}

template <class T>
void run_profile(const StrategyCommand& cmd, const efg::GameTree& tree,
                 const std::vector<efg::PlayerSequences>& seqs) {
  const auto loaded = efg::load_profile_file(cmd.profile, tree, seqs, {cmd.exact});
  std::vector<efg::Strategy<T>> profile;
  bool pure = true;
  for (const auto& s : loaded) {
    profile.push_back(efg::strategy_cast<T>(s.strategy));
    pure = pure && s.pure;
  }
  const auto r = efg::realize(tree, seqs, profile);
  Report report;
  report.json("pure", pure)
      .block(std::string(pure ? "pure strategy profile" : "strategy profile") + " (" +
             std::to_string(tree.num_players()) + " players)\n");
  add_realization(report, tree, r);
  report.print(std::cout, cmd.model.json);
}

template <class T>
void run_spe(const StrategyCommand& cmd, const efg::GameTree& tree,
             const std::vector<efg::PlayerSequences>& seqs) {
  const auto spe = efg::backward_induction(tree);
  std::vector<efg::Strategy<T>> profile;
  for (efg::PlayerId p = 0; p < tree.num_players(); ++p)
    profile.push_back(efg::pure_strategy<T>(p, spe.plans[p]));
  const auto r = efg::realize(tree, seqs, profile);
  Json value = Json::object(), plans = Json::object(), ties = Json::array();
  std::ostringstream text;
  text << "subgame-perfect equilibrium (backward induction; ties go to the first action)\n";
  for (efg::PlayerId p = 0; p < tree.num_players(); ++p) {
    value[tree.player(p).key] = num_json(efg::from_rational<T>(spe.value[p]));
    plans[tree.player(p).key] = plan_json(tree, p, spe.plans[p]);
    text << "  " << tree.player(p).key << ": payoff " << num_text(efg::from_rational<T>(spe.value[p]))
         << "; plan " << efg::plan_to_string(tree, p, spe.plans[p]) << "\n";
  }
  for (efg::InfosetId h : spe.ties) {
    ties.push_back(Json{{"player", tree.player(tree.infoset_data(h).player).key},
                        {"infoset", tree.infoset_data(h).label}});
  }
  if (!spe.ties.empty()) {
    text << "  ties (another optimal action exists) at:";
    for (efg::InfosetId h : spe.ties) text << " " << tree.infoset_data(h).label;
    text << "\n";
  }
  Report report;
  report.json("subgame_perfect_equilibrium", Json{{"payoffs", value}, {"plans", plans}, {"ties", ties}})
      .block(text.str());
  add_realization(report, tree, r);
  report.print(std::cout, cmd.model.json);
}

void run_plans(const StrategyCommand& cmd, const efg::GameTree& tree,
               const std::vector<efg::PlayerSequences>& seqs) {
  const auto player = tree.find_player(cmd.plans_player);
  if (!player) throw InputError("--plans: unknown player '" + cmd.plans_player + "'");
  const efg::PlayerId p = *player;
  Json list = Json::array();
  std::size_t count = 0;
  const auto& sets = tree.player(p).infosets;
  std::ostringstream text;
  text << "player " << tree.player(p).key << ": " << (cmd.reduced ? "reduced" : "full") << " plans\n  order:";
  for (efg::InfosetId h : sets) text << " " << tree.infoset_data(h).label;
  text << "\n";
  auto emit = [&](const efg::PurePlan& plan) {
    ++count;
    if (cmd.model.json) {
      list.push_back(plan_json(tree, p, plan));
    } else {
      text << "  " << efg::plan_to_string(tree, p, plan) << "\n";
    }
  };
  if (cmd.reduced) {
    efg::for_each_reduced_plan(tree, seqs[p], {}, cmd.tree.max_plans, emit);
  } else {
    efg::for_each_plan(tree, p, {}, cmd.tree.max_plans, emit);
  }
  text << count << " plan(s)\n";
  Report report;
  report.json("player", tree.player(p).key)
      .json("plan_form", cmd.reduced ? "reduced" : "full")
      .json("count", count)
      .json("plans", list)
      .block(text.str())
      .print(std::cout, cmd.model.json);
}

template <class T>
void dispatch(const StrategyCommand& cmd, const efg::GameTree& tree,
              const std::vector<efg::PlayerSequences>& seqs) {
  if (!cmd.mixed.empty()) return run_mixed_to_behavioural<T>(cmd, tree, seqs);
  if (!cmd.behavioural.empty()) return run_behavioural_to_mixed<T>(cmd, tree, seqs);
  if (!cmd.profile.empty()) return run_profile<T>(cmd, tree, seqs);
  if (cmd.spe) return run_spe<T>(cmd, tree, seqs);
  run_plans(cmd, tree, seqs);
}

void run_strategy(const StrategyCommand& cmd) {
  const int modes = !cmd.mixed.empty() + !cmd.behavioural.empty() + !cmd.profile.empty() + cmd.spe +
                    !cmd.plans_player.empty();
  if (modes != 1) {
    throw InputError(
        "choose exactly one of --mixed FILE, --behavioural FILE, --profile FILE, --spe or --plans PLAYER");
  }
  if (!cmd.to.empty()) {
    const bool to_behavioural = cmd.to == "behavioural" || cmd.to == "behavioral";
    if (cmd.mixed.empty() && cmd.behavioural.empty())
      throw InputError("--to goes with --mixed or --behavioural");
    if (!cmd.mixed.empty() && !to_behavioural) {
      throw InputError(
          "--mixed converts to a behavioural strategy: use --to behavioural (or --behavioural FILE --to "
          "mixed)");
    }
    if (!cmd.behavioural.empty() && to_behavioural) {
      throw InputError(
          "--behavioural converts to a mixed strategy: use --to mixed (or --mixed FILE --to behavioural)");
    }
  }
  if (cmd.check && cmd.mixed.empty() && cmd.behavioural.empty()) {
    throw InputError("--check verifies a conversion: use it with --mixed or --behavioural");
  }
  if (cmd.reduced && cmd.behavioural.empty() && cmd.plans_player.empty()) {
    throw InputError("--reduced goes with --behavioural FILE --to mixed or with --plans PLAYER");
  }
  const models::ModelFile file = models::ModelRegistry::builtin().open(cmd.model.file);
  if (file.kind().family != models::ModelFamily::GameTree) {
    throw InputError(SourceLocation{cmd.model.file, 0, 0},
                     "sgplan strategy needs a game tree (a Gambit .efg file, `model: game-tree` or "
                     "`model: repeated-game`), found a model of kind '" +
                         file.kind().name + "'");
  }
  const efg::GameTree tree = models::ModelRegistry::builtin().load_game_tree(file, cmd.tree.limits());
  const auto seqs = efg::compute_sequences(tree);
  if (cmd.exact) {
    dispatch<sgplan::Rational>(cmd, tree, seqs);
  } else {
    dispatch<double>(cmd, tree, seqs);
  }
}

}  // namespace

void register_strategy(CLI::App& app, int& exit_code) {
  auto cmd = std::make_shared<StrategyCommand>();
  CLI::App* sub = app.add_subcommand(
      "strategy",
      "strategies of a game tree: Kuhn conversions, realization probabilities, backward induction, plans");
  sub->add_option("FILE", cmd->model.file,
                  "game tree (Gambit .efg, model: game-tree or model: repeated-game)")
      ->required();
  sub->add_flag("--json", cmd->model.json, "print one JSON object on stdout");
  cmd->tree.add_to(*sub);
  sub->add_option("--mixed", cmd->mixed, "a mixed strategy (YAML) to convert into a behavioural one");
  sub->add_option("--behavioural,--behavioral", cmd->behavioural,
                  "a behavioural strategy (YAML) to convert into a mixed one");
  sub->add_option("--profile", cmd->profile,
                  "a strategy profile (YAML): realization probabilities and payoffs");
  sub->add_flag("--spe", cmd->spe, "subgame-perfect equilibrium by backward induction (perfect information)");
  sub->add_option("--plans", cmd->plans_player, "list the pure plans of this player");
  sub->add_option("--to", cmd->to,
                  "target of the conversion: behavioural (from --mixed) or mixed (from --behavioural)")
      ->check(CLI::IsMember({"behavioural", "behavioral", "mixed"}));
  sub->add_flag("--reduced", cmd->reduced, "reduced plans (choices the player's own moves exclude left out)");
  sub->add_option("--unreached", cmd->unreached,
                  "distribution at information sets the player's own strategy never reaches: uniform or zero")
      ->capture_default_str()
      ->check(CLI::IsMember({"uniform", "zero"}));
  sub->add_flag("--exact", cmd->exact,
                "exact rational arithmetic (probabilities must then sum to exactly 1)");
  sub->add_flag("--check", cmd->check,
                "verify realization equivalence against every pure strategy of the other players");
  sub->callback([cmd, &exit_code]() {
    run_strategy(*cmd);
    exit_code = kExitOk;
  });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
