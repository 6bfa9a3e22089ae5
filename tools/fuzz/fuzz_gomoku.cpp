// The Go-Moku harness: a position file in either format (a Renju case file when its first line that
// is not a comment starts with "mode:", else YAML `model: gomoku`), then its board.
#include "models/gomoku/gomoku_kinds.hpp"
#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"

namespace sgplan::fuzz {

int fuzz_gomoku(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view kTarget = "gomoku";
  const std::string path = write_temp_file("position.txt", as_text(data, size));
  guarded(kTarget, [&] {
    const models::gomoku::GomokuPosition position = models::gomoku::load_gomoku_position(path);
    const models::gomoku::Board board = position.board();
    (void)board;
  });
  return 0;
}

}  // namespace sgplan::fuzz
