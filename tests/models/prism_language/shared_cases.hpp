// The shared test data (../shared/cases, or SGPLAN_CASES) as the PRISM-language tests read it.
#pragma once

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "models/prism_language/compiled_model.hpp"

namespace sgplan::models::prism_language::testing {

// The folder holding qvbs/, prism-tests/ and prism-games/, or "" where it is absent.
inline std::string cases_dir() {
  const char* env = std::getenv("SGPLAN_CASES");
  const std::string dir = env != nullptr && *env != '\0' ? env : SGPLAN_CASES_DEFAULT;
  std::error_code ec;
  return std::filesystem::is_directory(std::filesystem::path(dir) / "qvbs", ec) ? dir : std::string();
}

inline std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// QVBS's index.json holds some exact results as integers of hundreds of digits, beyond what a
// JSON reader takes as a number; the tests need none of them, so each such run reads as 0.
inline std::string without_huge_numbers(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    std::size_t j = i;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])) != 0) ++j;
    if (j - i >= 300) {
      out += '0';
    } else {
      out.append(text, i, std::max<std::size_t>(j - i, 1));
    }
    i = j > i ? j : i + 1;
  }
  return out;
}

// One QVBS instance whose original PRISM file is in the shared data: its folder, files, the
// --const values of its open parameters, the reference state count and its results.
struct QvbsInstance {
  std::filesystem::path dir;
  std::string prism, props;  // file names in dir; props may be ""
  ConstantOverrides constants;
  std::string label;  // "consensus.2.prism K=2", for failure messages
  std::uint64_t states = 0;
  std::string states_note;  // which tool counted them ("Storm", "mcsta")
  nlohmann::json results;   // [{property, value}]
};

inline std::string json_value_text(const nlohmann::json& v) {
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return v.dump();
}

// Calls f on every such instance of `cases`/qvbs with a reference state count up to max_states.
inline void for_each_qvbs_prism_instance(const std::string& cases, std::uint64_t max_states,
                                         const std::function<void(const QvbsInstance&)>& f) {
  namespace fs = std::filesystem;
  for (const auto& entry : fs::directory_iterator(fs::path(cases) / "qvbs")) {
    const fs::path index = entry.path() / "index.json";
    if (!fs::exists(index)) continue;
    const nlohmann::json j = nlohmann::json::parse(without_huge_numbers(read(index)));
    for (const auto& file : j["files"]) {
      QvbsInstance base;
      base.dir = entry.path();
      for (const auto& o : file.value("original-file", nlohmann::json::array())) {
        const std::string name = o.get<std::string>();
        const std::string ext = name.size() > 6 ? name.substr(name.size() - 6) : "";
        if (ext == ".prism") base.prism = name;
        if (ext == ".props") base.props = name;
      }
      if (base.prism.empty() || !fs::exists(base.dir / base.prism)) continue;
      for (const auto& open : file.value("open-parameter-values", nlohmann::json::array())) {
        if (!open.contains("states")) continue;
        QvbsInstance instance = base;
        instance.states = open["states"][0]["number"].get<std::uint64_t>();
        instance.states_note = open["states"][0].value("note", "");
        if (instance.states > max_states) continue;
        instance.label = instance.prism;
        for (const auto& v : open.value("values", nlohmann::json::array())) {
          instance.constants[v["name"].get<std::string>()] = json_value_text(v["value"]);
          instance.label += " " + v["name"].get<std::string>() + "=" + json_value_text(v["value"]);
        }
        instance.results = open.value("results", nlohmann::json::array());
        f(instance);
      }
    }
  }
}

}  // namespace sgplan::models::prism_language::testing
