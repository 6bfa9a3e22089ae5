// A Go Text Protocol engine (GTP version 2, draft 2 of the specification) for the reading
// questions: sgplan gtp reads commands on stdin and answers on stdout, so GoGui, Sabaki or GNU Go's
// regression scripts can drive it.
//
// Protocol (GTP 2, sections 2-3): a command is "[id] name [arguments]"; before parsing, control
// characters other than LF are dropped (HT becomes a space), "#" starts a comment, and empty lines
// are skipped. The answer is "=[id] result" or "?[id] message", ended by an empty line; a result of
// several lines has no empty line inside. Every malformed command gets an error answer; nothing a
// controller sends can stop the engine except quit or the end of its input.
// Commands: the required and board ones (protocol_version, name, version, known_command,
// list_commands, boardsize, clear_board, komi, play, undo, quit, showboard), loadsgf FILE [N|VERTEX]
// (the position before move N, GNU Go's convention; answers the colour to move), the reading
// extensions as GNU Go answers them (attack, defend, ladder_attack VERTEX and connect, disconnect
// V1 V2: "1 D3", "2 D3", "0"; same_dragon V1 V2: 1 when no cut works, else 0; an
// answer that rests on a search a limit cut off has a second line, "unproven: ..." naming it),
// GNU Go's trymove COLOR VERTEX / popgo (a move stack for the regression files), countlib VERTEX,
// increase_depths / decrease_depths (double or halve the node budget of a question) and
// sgplan-last_reading (nodes, time, order, depth and principal variation of the last question).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "models/go/board.hpp"
#include "models/go/reading.hpp"

namespace sgplan::cli {

class GtpEngine {
 public:
  explicit GtpEngine(const models::go::ReadingOptions& options);

  // Answers one line of input; "" for a line that is empty or only a comment. Sets quit().
  std::string handle(const std::string& line);
  // Reads commands until quit or the end of the input.
  void run(std::istream& in, std::ostream& out);
  bool quit() const { return quit_; }
  const models::go::Board& board() const { return board_; }

 private:
  struct Reply {
    bool ok = true;
    std::string text;
  };
  Reply dispatch(const std::string& name, const std::vector<std::string>& args);
  Reply reading(const std::string& name, const std::vector<std::string>& args);
  // connect / disconnect V1 V2 (GNU Go's names and codes), same_dragon V1 V2 (1 when disconnect
  // answers 0).
  Reply connection(const std::string& name, const std::vector<std::string>& args);
  // A question's GTP answer (code, move, and the limit note of an unproven "no"), kept for
  // sgplan-last_reading.
  Reply answer(const models::go::ReadingResult& r);
  Reply play(const std::vector<std::string>& args, bool tentative);
  Reply loadsgf(const std::vector<std::string>& args);

  models::go::ReadingOptions options_;
  models::go::Board board_;
  double komi_ = 0.0;
  models::go::Color to_move_ = models::go::Color::kBlack;
  int tentative_ = 0;  // moves on the trymove stack (on top of the board's history)
  bool quit_ = false;
  models::go::ReadingResult last_;
  bool has_last_ = false;
};

// The commands the engine knows, in list_commands order.
const std::vector<std::string>& gtp_commands();

}  // namespace sgplan::cli
