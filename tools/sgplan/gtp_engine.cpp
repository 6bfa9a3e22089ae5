#include "tools/sgplan/gtp_engine.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <exception>
#include <istream>
#include <ostream>
#include <sstream>

#include "core/errors.hpp"
#include "models/go/sgf.hpp"

namespace sgplan::cli {

namespace go = models::go;

namespace {

constexpr const char* kVersion = SGPLAN_VERSION;

// GTP 2, section 3.1: drop control characters but LF (HT becomes a space), cut comments.
std::string preprocess(const std::string& line) {
  std::string out;
  out.reserve(line.size());
  for (char c : line) {
    if (c == '#') break;
    const auto u = static_cast<unsigned char>(c);
    if (c == '\t') {
      out += ' ';
    } else if (u >= 32 && u != 127) {
      out += c;
    }
  }
  return out;
}

std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> words;
  std::istringstream in(s);
  std::string w;
  while (in >> w) words.push_back(w);
  return words;
}

// The second line of an answer that rests on a search cut off by a limit (reading.hpp): the first
// line stays GNU Go's, which its regression scripts read, and this one says the "no" in it is not
// a proof and which flag would search further.
std::string limit_note(const go::ReadingResult& r, const go::ReadingOptions& o) {
  std::string limits;
  if (r.depth_limited) limits = "the depth limit (--depth, --net-depth)";
  if (r.budget_limited) {
    if (!limits.empty()) limits += " and ";
    limits += o.max_seconds > 0.0 ? "the node or time budget (--max-nodes, --max-seconds)"
                                  : "the node budget (--max-nodes)";
  }
  return "unproven: a search this answer rests on stopped at " + limits + ", not exhausted";
}

bool parse_int(const std::string& s, int& out) {
  const char* end = s.data() + s.size();
  const auto r = std::from_chars(s.data(), end, out);
  return r.ec == std::errc() && r.ptr == end;
}

}  // namespace

const std::vector<std::string>& gtp_commands() {
  static const std::vector<std::string> commands = {"protocol_version",
                                                    "name",
                                                    "version",
                                                    "known_command",
                                                    "list_commands",
                                                    "quit",
                                                    "boardsize",
                                                    "clear_board",
                                                    "komi",
                                                    "play",
                                                    "undo",
                                                    "showboard",
                                                    "loadsgf",
                                                    "attack",
                                                    "defend",
                                                    "ladder_attack",
                                                    "connect",
                                                    "disconnect",
                                                    "same_dragon",
                                                    "trymove",
                                                    "popgo",
                                                    "countlib",
                                                    "increase_depths",
                                                    "decrease_depths",
                                                    "sgplan-last_reading"};
  return commands;
}

GtpEngine::GtpEngine(const go::ReadingOptions& options) : options_(options), board_(19) {}

std::string GtpEngine::handle(const std::string& raw) {
  const std::vector<std::string> words = split_words(preprocess(raw));
  if (words.empty()) return "";
  std::size_t first = 0;
  std::string id;
  int number = 0;
  if (parse_int(words[0], number) && number >= 0) {
    id = words[0];
    first = 1;
  }
  Reply reply;
  if (first >= words.size()) {
    reply = Reply{false, "no command"};
  } else {
    const std::string name = words[first];
    const std::vector<std::string> args(words.begin() + static_cast<std::ptrdiff_t>(first) + 1, words.end());
    try {
      reply = dispatch(name, args);
    } catch (const InputError& e) {
      reply = Reply{false, e.what()};
    } catch (const std::exception& e) {
      reply = Reply{false, std::string("internal error: ") + e.what()};
    }
  }
  // A result never holds an empty line (it would end the answer early).
  std::string text = reply.text;
  std::string clean;
  clean.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' && (i + 1 == text.size() || text[i + 1] == '\n')) continue;
    clean += text[i];
  }
  std::string out = (reply.ok ? "=" : "?") + id;
  if (!clean.empty()) out += (clean.front() == '\n' ? "" : " ") + clean;
  return out + "\n\n";
}

void GtpEngine::run(std::istream& in, std::ostream& out) {
  std::string line;
  while (!quit_ && std::getline(in, line)) {
    const std::string answer = handle(line);
    if (answer.empty()) continue;
    out << answer << std::flush;
  }
}

GtpEngine::Reply GtpEngine::dispatch(const std::string& name, const std::vector<std::string>& args) {
  const auto need = [&](std::size_t n) -> bool { return args.size() >= n; };
  if (name == "protocol_version") return {true, "2"};
  if (name == "name") return {true, "sgplan"};
  if (name == "version") return {true, kVersion};
  if (name == "known_command") {
    if (!need(1)) return {false, "syntax error"};
    const auto& c = gtp_commands();
    return {true, std::find(c.begin(), c.end(), args[0]) != c.end() ? "true" : "false"};
  }
  if (name == "list_commands") {
    std::string text;
    for (const std::string& c : gtp_commands()) text += (text.empty() ? "" : "\n") + c;
    return {true, text};
  }
  if (name == "quit") {
    quit_ = true;
    return {true, ""};
  }
  if (name == "boardsize") {
    int size = 0;
    if (!need(1) || !parse_int(args[0], size)) return {false, "boardsize not an integer"};
    if (size < go::kMinSize || size > go::kMaxSize) return {false, "unacceptable size"};
    board_ = go::Board(size);
    tentative_ = 0;
    has_last_ = false;
    return {true, ""};
  }
  if (name == "clear_board") {
    board_ = go::Board(board_.size());
    tentative_ = 0;
    to_move_ = go::Color::kBlack;
    return {true, ""};
  }
  if (name == "komi") {
    if (!need(1)) return {false, "syntax error"};
    double k = 0.0;
    std::istringstream in(args[0]);
    if (!(in >> k) || !in.eof() || !std::isfinite(k)) return {false, "komi not a float"};
    komi_ = k;
    return {true, ""};
  }
  if (name == "play") return play(args, false);
  if (name == "trymove") return play(args, true);
  if (name == "popgo") {
    if (tentative_ == 0) return {false, "Stack empty."};
    board_.undo();
    --tentative_;
    to_move_ = go::opponent(to_move_);
    return {true, ""};
  }
  if (name == "undo") {
    if (tentative_ > 0 || board_.moves_played() == 0) return {false, "cannot undo"};
    board_.undo();
    to_move_ = go::opponent(to_move_);
    return {true, ""};
  }
  if (name == "showboard") return {true, "\n" + board_.text()};
  if (name == "loadsgf") return loadsgf(args);
  if (name == "countlib") {
    if (!need(1)) return {false, "syntax error"};
    const auto v = go::parse_vertex(args[0], board_.size());
    if (!v || *v == go::kPassPoint) return {false, "invalid coordinate"};
    if (board_.empty_at(*v)) return {false, "vertex must not be empty"};
    return {true, std::to_string(board_.liberties(*v))};
  }
  if (name == "increase_depths" || name == "decrease_depths") {
    const bool up = name == "increase_depths";
    if (up && options_.max_nodes <= (std::uint64_t{1} << 40)) options_.max_nodes *= 2;
    if (!up && options_.max_nodes >= 2048) options_.max_nodes /= 2;
    return {true, ""};
  }
  if (name == "attack" || name == "defend" || name == "ladder_attack") return reading(name, args);
  if (name == "connect" || name == "disconnect" || name == "same_dragon") return connection(name, args);
  if (name == "sgplan-last_reading") {
    if (!has_last_) return {false, "no reading question asked yet"};
    std::ostringstream o;
    o << "nodes " << last_.nodes << " searches " << last_.searches << " seconds ";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4f", last_.seconds);
    o << buffer << " order " << last_.order << " depth " << last_.depth << " budget "
      << (last_.budget_exhausted ? "exhausted" : "ok") << " pv";
    for (go::Point p : last_.pv) o << ' ' << go::vertex_name(p, board_.size());
    return {true, o.str()};
  }
  return {false, "unknown command"};
}

GtpEngine::Reply GtpEngine::play(const std::vector<std::string>& args, bool tentative) {
  if (args.size() < 2) return {false, "syntax error (expected a colour and a vertex)"};
  const auto color = go::parse_color(args[0]);
  if (!color) return {false, "invalid color"};
  const auto v = go::parse_vertex(args[1], board_.size());
  if (!v) return {false, "invalid coordinate"};
  if (*v == go::kPassPoint) {
    board_.pass();
  } else if (!board_.play(*v, *color, false)) {
    return {false, "illegal move"};
  }
  if (tentative) ++tentative_;
  to_move_ = go::opponent(*color);
  return {true, ""};
}

GtpEngine::Reply GtpEngine::loadsgf(const std::vector<std::string>& args) {
  if (args.empty()) return {false, "syntax error (expected a file name)"};
  const go::SgfGame game = go::read_sgf(args[0]);
  go::SgfPosition pos{go::Board(game.size), go::Color::kBlack, 0};
  if (args.size() >= 2) {
    int n = 0;
    if (parse_int(args[1], n) && n >= 0) {
      pos = go::position_at(game, n);
    } else {
      const auto v = go::parse_vertex(args[1], game.size);
      if (!v || *v == go::kPassPoint) return {false, "syntax error (expected a move number or a vertex)"};
      pos = go::position_before(game, *v);
    }
  } else {
    pos = go::position_at(game, 0);
  }
  board_ = pos.board;
  to_move_ = pos.to_move;
  tentative_ = 0;
  return {true, go::color_name(to_move_)};
}

GtpEngine::Reply GtpEngine::reading(const std::string& name, const std::vector<std::string>& args) {
  if (args.empty()) return {false, "syntax error (expected a vertex)"};
  const auto v = go::parse_vertex(args[0], board_.size());
  if (!v || *v == go::kPassPoint) return {false, "invalid coordinate"};
  if (board_.empty_at(*v)) return {false, "vertex must not be empty"};
  go::ReadingResult r;
  if (name == "attack") {
    r = go::attack(board_, *v, options_);
  } else if (name == "defend") {
    r = go::defend(board_, *v, options_);
  } else {
    if (board_.liberties(*v) != 2) return {false, "string must have exactly 2 liberties"};
    r = go::ladder_attack(board_, *v, options_);
  }
  return answer(r);
}

GtpEngine::Reply GtpEngine::connection(const std::string& name, const std::vector<std::string>& args) {
  if (args.size() < 2) return {false, "syntax error (expected two vertices)"};
  std::array<go::Point, 2> stones{};
  for (std::size_t i = 0; i < 2; ++i) {
    const auto v = go::parse_vertex(args[i], board_.size());
    if (!v || *v == go::kPassPoint) return {false, "invalid coordinate"};
    if (board_.empty_at(*v)) return {false, "vertex must not be empty"};
    stones[i] = *v;
  }
  if (name == "same_dragon") {
    // GNU Go's dragons amalgamate strings by its own connection heuristics; ours is a definition
    // that can be checked: one dragon when the opponent, moving first, cannot cut them (disconnect
    // answers 0: every cut refuted by a proof). Strings of two colours are two dragons.
    if (board_.at(stones[0]) != board_.at(stones[1])) return {true, "0"};
    const go::ReadingResult r = go::disconnect(board_, stones[0], stones[1], options_);
    last_ = r;
    has_last_ = true;
    return {true, r.code == 0 ? "1" : "0"};
  }
  if (board_.at(stones[0]) != board_.at(stones[1])) return {false, "vertices must have same color"};
  return answer(name == "connect" ? go::connect(board_, stones[0], stones[1], options_)
                                  : go::disconnect(board_, stones[0], stones[1], options_));
}

GtpEngine::Reply GtpEngine::answer(const go::ReadingResult& r) {
  last_ = r;
  has_last_ = true;
  std::string text = std::to_string(r.code);
  if (r.code != 0) text += " " + go::vertex_name(r.move, board_.size());
  if (!r.exhaustive()) text += "\n" + limit_note(r, options_);
  return {true, text};
}

}  // namespace sgplan::cli
