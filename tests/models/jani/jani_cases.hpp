// The QVBS JANI files of the shared test data (../shared/cases/qvbs, or SGPLAN_CASES) as the JANI
// tests read them: every instance index.json describes whose JANI file is present, with the
// --const values of its open parameters, its reference state counts and its results.
#pragma once

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "models/jani/jani_kind.hpp"
#include "tests/models/prism_language/shared_cases.hpp"

namespace sgplan::models::jani::testing {

using prism_language::testing::cases_dir;
using prism_language::testing::read;
using prism_language::testing::without_huge_numbers;

struct JaniInstance {
  std::filesystem::path dir;
  std::string jani;   // the file name in dir
  std::string prism;  // the original PRISM file's name, where it is in dir; else ""
  std::string props;  // and its props file
  prism_language::ConstantOverrides constants;
  std::string label;  // "consensus.2.jani K=2", for failure messages
  // Each tool's count ({"Storm", 272}, {"mcsta", 440}); empty where index.json has none.
  std::vector<std::pair<std::string, std::uint64_t>> states;
  nlohmann::json results;  // [{property, value}]
  std::uint64_t count(const std::string& tool) const {
    for (const auto& [t, n] : states)
      if (t == tool) return n;
    return 0;
  }
  std::uint64_t smallest_count() const {
    std::uint64_t out = 0;
    for (const auto& [t, n] : states) out = out == 0 ? n : std::min(out, n);
    return out;
  }
};

// Calls f on every instance (every open-parameter-values entry, or the file alone where it has
// none) of a JANI file present in `cases`/qvbs whose smallest reference count is at most
// max_states (instances without a count are included).
inline void for_each_qvbs_jani_instance(const std::string& cases, std::uint64_t max_states,
                                        const std::function<void(const JaniInstance&)>& f) {
  namespace fs = std::filesystem;
  std::vector<fs::path> folders;
  for (const auto& entry : fs::directory_iterator(fs::path(cases) / "qvbs")) folders.push_back(entry.path());
  std::sort(folders.begin(), folders.end());
  for (const fs::path& folder : folders) {
    const fs::path index = folder / "index.json";
    if (!fs::exists(index)) continue;
    const nlohmann::json j = nlohmann::json::parse(without_huge_numbers(read(index)));
    for (const auto& file : j["files"]) {
      JaniInstance base;
      base.dir = folder;
      base.jani = file["file"].get<std::string>();
      if (!fs::exists(folder / base.jani)) continue;
      for (const auto& o : file.value("original-file", nlohmann::json::array())) {
        const std::string name = o.get<std::string>();
        const std::string ext = name.size() > 6 ? name.substr(name.size() - 6) : "";
        if (ext == ".prism" && fs::exists(folder / name)) base.prism = name;
        if (ext == ".props" && fs::exists(folder / name)) base.props = name;
      }
      nlohmann::json opens = file.value("open-parameter-values", nlohmann::json::array());
      if (opens.empty()) opens.push_back(nlohmann::json::object());
      for (const auto& open : opens) {
        JaniInstance instance = base;
        instance.label = instance.jani;
        for (const auto& v : open.value("values", nlohmann::json::array())) {
          const std::string value = prism_language::testing::json_value_text(v["value"]);
          instance.constants[v["name"].get<std::string>()] = value;
          instance.label += " " + v["name"].get<std::string>() + "=" + value;
        }
        for (const auto& s : open.value("states", nlohmann::json::array()))
          instance.states.emplace_back(s.value("note", ""), s["number"].get<std::uint64_t>());
        if (instance.smallest_count() > max_states) continue;
        instance.results = open.value("results", nlohmann::json::array());
        f(instance);
      }
    }
  }
}

}  // namespace sgplan::models::jani::testing
