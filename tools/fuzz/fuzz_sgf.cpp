// The SGF harness: parse the record, then set up the positions GTP's loadsgf would (the whole main
// line, and before the first, middle and last moves), which plays every move of the line.
#include "models/go/sgf.hpp"
#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"

namespace sgplan::fuzz {

int fuzz_sgf(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kTarget = "sgf";
  guarded(kTarget, [&] {
    const models::go::SgfGame game = models::go::parse_sgf(as_text(data, size), "input.sgf");
    const int moves = game.moves();
    for (const int n : {0, 1, moves / 2, moves, moves + 1}) {
      const models::go::SgfPosition position = models::go::position_at(game, n);
      if (position.moves_played < 0 || position.moves_played > moves) {
        report_finding(kTarget, "position_at(" + std::to_string(n) + ") played " +
                                    std::to_string(position.moves_played) + " of " + std::to_string(moves) +
                                    " moves");
      }
    }
  });
  return 0;
}

}  // namespace sgplan::fuzz
