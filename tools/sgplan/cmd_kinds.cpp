// sgplan kinds: every model kind the registry knows (models/registry.hpp), with its family, how
// a file of it is recognised, the commands and methods that apply, and what else it can do; then
// every method of every family with what it promises. All of it is generated from the registry's
// table and the method tables (core/method_info.hpp), so a new kind or method appears here by
// being registered.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "mdp/methods.hpp"
#include "models/registry.hpp"
#include "search/lambda/lambda_options.hpp"
#include "search/tree_methods.hpp"
#include "tools/sgplan/cli_common.hpp"

namespace sgplan::cli {

namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "" : ", ") + items[i];
  return out;
}

std::string recognised_by(const models::ModelKind& kind) {
  if (!kind.extensions.empty()) return "file name ending " + joined(kind.extensions);
  if (kind.sniff) return "its text";
  return "YAML `model: " + kind.name + "`";
}

// The commands a kind's family goes to, and the ones its capabilities add.
std::vector<std::string> commands_of(const models::ModelKind& kind) {
  switch (kind.family) {
    case models::ModelFamily::StateGraph: {
      std::vector<std::string> out{"solve", "info", "simulate", "export --format prism|dot"};
      if (kind.capabilities.count) out.push_back("count");
      return out;
    }
    case models::ModelFamily::GameTree:
      return {"info", "strategy", "export --format efg"};
    case models::ModelFamily::ThreatPosition:
      return {kind.load_phutball ? "threats" : "lambda"};
  }
  return {};
}

// The solve methods: every graph method for a state graph, the tree searches where the kind has
// them. Whether one works on a given file (a game with chance refuses alpha-beta) is checked when
// it runs (methods.hpp, usable_on).
std::vector<std::string> methods_of(const models::ModelKind& kind) {
  std::vector<std::string> out;
  if (kind.family != models::ModelFamily::StateGraph) return out;
  for (std::string_view m : method_names(MethodCommand::Solve)) {
    if (method_family(m) != MethodFamily::Tree || kind.capabilities.tree_search) out.emplace_back(m);
  }
  return out;
}

std::vector<std::string> extras_of(const models::KindCapabilities& c) {
  std::vector<std::string> out;
  if (c.exact) out.push_back("exact numbers (solve --exact, --certify)");
  if (c.render) out.push_back("a drawing (solve --render)");
  if (c.report) out.push_back("tables in the solve report");
  if (c.properties_in_model) out.push_back("properties in the model file (solve answers them)");
  return out;
}

// Every method table, in the order the families are documented.
std::vector<const MethodInfo*> all_methods() {
  std::vector<const MethodInfo*> out;
  for (const MethodInfo& row : mdp::kGraphMethods) out.push_back(&row);
  for (const MethodInfo& row : search::kTreeMethods) out.push_back(&row);
  for (const MethodInfo& row : mdp::kPartialMethods) out.push_back(&row);
  for (const MethodInfo& row : search::lambda::kLambdaEngines) out.push_back(&row);
  return out;
}

// "exact", "sound bounds" or "lower bound only", and when it needs a horizon.
std::string promises(const MethodInfo& m) {
  std::string out = m.exact ? "exact" : m.sound ? "sound bounds" : "lower bound only";
  if (m.needs_horizon)
    out += m.family == MethodFamily::Tree ? ", cyclic models need --horizon" : ", chosen by --horizon";
  return out;
}

Json methods_json() {
  Json out = Json::array();
  for (const MethodInfo* m : all_methods()) {
    Json e;
    e["method"] = std::string(m->name);
    e["family"] = std::string(to_string(m->family));
    e["needs_horizon"] = m->needs_horizon;
    e["sound"] = m->sound;
    e["exact"] = m->exact;
    e["help"] = std::string(m->help);
    out.push_back(e);
  }
  return out;
}

void print_methods_text() {
  std::cout << "\nmethods (solve --method; lambda and gtp --engine)\n";
  for (const MethodInfo* m : all_methods()) {
    std::string head = "  " + std::string(to_string(m->family)) + " " + std::string(m->name);
    head.resize(std::max<std::size_t>(head.size() + 1, 32), ' ');
    std::cout << head << m->help << " [" << promises(*m) << "]\n";
  }
}

void run_kinds(bool json) {
  const models::ModelRegistry& registry = models::ModelRegistry::builtin();
  if (json) {
    Json kinds = Json::array();
    for (const models::ModelKind& k : registry.kinds()) {
      Json e;
      e["kind"] = k.name;
      e["family"] = std::string(models::family_name(k.family));
      e["recognised_by"] = recognised_by(k);
      e["extensions"] = k.extensions;
      e["summary"] = k.summary;
      e["commands"] = commands_of(k);
      e["methods"] = methods_of(k);
      e["default_method"] =
          k.capabilities.default_method.empty() ? Json(nullptr) : Json(k.capabilities.default_method);
      e["tree_search"] = k.capabilities.tree_search;
      e["exact"] = k.capabilities.exact;
      e["render"] = k.capabilities.render;
      e["report"] = k.capabilities.report;
      e["count"] = k.capabilities.count;
      kinds.push_back(e);
    }
    Json j;
    j["kinds"] = kinds;
    j["methods"] = methods_json();
    print_json(j);
    return;
  }
  for (const models::ModelKind& k : registry.kinds()) {
    std::cout << k.name << " (" << models::family_name(k.family) << "; " << recognised_by(k) << ")\n"
              << "  " << k.summary << "\n"
              << "  commands  " << joined(commands_of(k)) << "\n";
    if (const auto methods = methods_of(k); !methods.empty())
      std::cout << "  methods   " << joined(methods) << "\n";
    if (!k.capabilities.default_method.empty())
      std::cout << "  default   " << k.capabilities.default_method << "\n";
    if (const auto extras = extras_of(k.capabilities); !extras.empty()) {
      std::cout << "  also      " << joined(extras) << "\n";
    }
  }
  print_methods_text();
}

}  // namespace

void register_kinds(CLI::App& app, int& exit_code) {
  auto json = std::make_shared<bool>(false);
  CLI::App* sub = app.add_subcommand("kinds", "list every model kind sgplan reads, with what applies to it");
  sub->add_flag("--json", *json, "print one JSON object");
  sub->callback([json, &exit_code]() {
    run_kinds(*json);
    exit_code = kExitOk;
  });
}

}  // namespace sgplan::cli
