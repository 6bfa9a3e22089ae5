#include "models/extensive_form/labels.hpp"

#include <unordered_map>
#include <unordered_set>

namespace sgplan::models::extensive_form {

namespace {

// Steps: (1) a name is a candidate when non-empty and unique; (2) every other entry gets its
// generated label; (3) a candidate equal to some generated label yields and is generated too.
// Generated labels are pairwise distinct, and candidates are pairwise distinct and (after step 3)
// distinct from every generated label, so the result is unique.
template <class Generate>
std::vector<std::string> label_with(const std::vector<std::string>& names, Generate generate) {
  std::unordered_map<std::string, int> count;
  for (const std::string& n : names) ++count[n];
  std::vector<std::string> out(names.size());
  std::vector<bool> candidate(names.size(), false);
  std::unordered_set<std::string> generated;
  for (std::size_t i = 0; i < names.size(); ++i) {
    candidate[i] = !names[i].empty() && count[names[i]] == 1;
    if (!candidate[i]) {
      out[i] = generate(i);
      generated.insert(out[i]);
    }
  }
  // A candidate may collide with a label generated in step 3 itself; repeat until stable.
  bool changed = true;
  while (changed) {
    changed = false;
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (candidate[i] && generated.count(names[i]) != 0) {
        candidate[i] = false;
        out[i] = generate(i);
        generated.insert(out[i]);
        changed = true;
      }
    }
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (candidate[i]) out[i] = names[i];
  }
  return out;
}

}  // namespace

std::vector<std::string> unique_keys(const std::vector<std::string>& names) {
  return label_with(names, [](std::size_t i) {
    std::string key(1, '#');
    key += std::to_string(i + 1);
    return key;
  });
}

std::vector<std::string> infoset_labels(const std::string& player_name, const std::vector<std::string>& names,
                                        const std::vector<std::uint32_t>& numbers) {
  return label_with(names, [&](std::size_t i) {
    std::string label = player_name;
    label += ':';
    label += std::to_string(numbers[i]);
    return label;
  });
}

}  // namespace sgplan::models::extensive_form
