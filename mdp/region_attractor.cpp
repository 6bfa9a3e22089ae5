#include "mdp/region_attractor.hpp"

namespace sgplan::mdp {

RegionAttractor positive_attractor(const RegionSystem& sys, const double* outside,
                                   const std::vector<std::uint32_t>& profile) {
  const std::size_t n = sys.size(), m = sys.num_choices();
  // Reverse lists: for each local state, the local choices with an entry into it.
  std::vector<std::uint32_t> offset(n + 1, 0);
  for (std::uint32_t e = 0; e < sys.num_entries(); ++e) {
    if (sys.local(e) != kExit) ++offset[sys.local(e) + 1];
  }
  for (std::size_t i = 0; i < n; ++i) offset[i + 1] += offset[i];
  std::vector<std::uint32_t> into(offset[n]);
  std::vector<std::uint32_t> owner(m);
  {
    std::vector<std::uint32_t> next(offset.begin(), offset.end() - 1);
    for (std::uint32_t i = 0; i < n; ++i) {
      for (std::uint32_t c = sys.first_choice(i); c < sys.end_choice(i); ++c) {
        owner[c] = i;
        for (std::uint32_t e = sys.first_entry(c); e < sys.end_entry(c); ++e) {
          if (sys.local(e) != kExit) into[next[sys.local(e)]++] = c;
        }
      }
    }
  }
  RegionAttractor a;
  a.in.assign(n, 0);
  a.hit.assign(m, 0);
  std::vector<std::uint32_t> missing(n), queue;
  for (std::uint32_t i = 0; i < n; ++i) missing[i] = sys.end_choice(i) - sys.first_choice(i);
  auto on_hit = [&](std::uint32_t c) {
    if (a.hit[c]) return;
    a.hit[c] = 1;
    const std::uint32_t i = owner[c];
    if (a.in[i]) return;
    const Owner o = sys.owner(i);
    const bool joins = o == Owner::Min ? --missing[i] == 0 : (o == Owner::Chance || profile[i] == c);
    if (joins) {
      a.in[i] = 1;
      queue.push_back(i);
    }
  };
  for (std::uint32_t c = 0; c < m; ++c) {
    for (std::uint32_t e = sys.first_entry(c); e < sys.end_entry(c); ++e) {
      if (sys.local(e) == kExit && outside[sys.exit_target(e)] > 0.0) {
        on_hit(c);
        break;
      }
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t j = queue[head];
    for (std::uint32_t k = offset[j]; k < offset[j + 1]; ++k) on_hit(into[k]);
  }
  return a;
}

}  // namespace sgplan::mdp
