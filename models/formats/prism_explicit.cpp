#include "models/formats/prism_explicit.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "core/errors.hpp"
#include "mdp/state_graph_builder.hpp"
#include "models/formats/probability.hpp"

namespace sgplan::models::formats {

namespace {

struct Token {
  std::string text;
  int column = 0;  // 1-based
};

std::vector<Token> split(const std::string& line) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i >= line.size()) break;
    std::size_t j = i;
    while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
    out.push_back({line.substr(i, j - i), static_cast<int>(i) + 1});
    i = j;
  }
  return out;
}

class LineReader {
 public:
  explicit LineReader(const std::string& path) : path_(path), in_(path) {
    if (!in_) throw InputError(SourceLocation{path, 0, 0}, "cannot open the file");
  }
  bool next(std::vector<Token>& tokens) {
    std::string line;
    while (std::getline(in_, line)) {
      ++line_;
      tokens = split(line);
      // PRISM writes a comment line above each part ("# Transitions (MDP)", "# Labels").
      if (!tokens.empty() && tokens[0].text[0] != '#') return true;
    }
    return false;
  }
  [[noreturn]] void fail(const Token& t, const std::string& message) const {
    throw InputError(SourceLocation{path_, line_, t.column}, message);
  }
  [[noreturn]] void fail_line(const std::string& message) const {
    throw InputError(SourceLocation{path_, line_, 1}, message);
  }
  std::uint64_t index(const Token& t, const char* what, std::uint64_t limit) const {
    std::uint64_t v = 0;
    auto [ptr, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
    if (ec != std::errc() || ptr != t.text.data() + t.text.size()) {
      fail(t, std::string("expected ") + what + " (a non-negative integer), found '" + t.text + "'");
    }
    if (v >= limit) {
      fail(t, std::string("expected ") + what + " below " + std::to_string(limit) + ", found " + t.text);
    }
    return v;
  }
  const std::string& path() const { return path_; }
  int line() const { return line_; }
  // The byte offset after the last line read (`end`, the file's size, once the file is read).
  std::uint64_t position(std::uint64_t end) {
    const auto at = in_.tellg();
    return at == std::fstream::pos_type(-1) ? end : static_cast<std::uint64_t>(at);
  }

 private:
  std::string path_;
  std::ifstream in_;
  int line_ = 0;
};

struct Transition {
  std::uint64_t source, choice, target;
  std::uint64_t player;  // an SMG file's "source:player"; 0 otherwise
  double probability;
  Rational exact;
  std::string action;
  int line;
  int action_column;
};

// Reads the .lab file: returns per state whether it is initial and whether it is a target.
// `init_at` receives where the first two states labelled "init" are named (to report a second one).
void read_labels(const std::string& path, const std::string& target, std::size_t states,
                 std::vector<std::uint8_t>& is_initial, std::vector<std::uint8_t>& is_target,
                 std::vector<SourceLocation>& init_at) {
  LineReader in(path);
  std::vector<Token> tokens;
  if (!in.next(tokens))
    throw InputError(SourceLocation{path, 1, 1}, "empty label file (expected '0=\"init\" ...')");
  // Header: index="name" pairs.
  std::map<std::uint64_t, std::string> names;
  for (const Token& t : tokens) {
    auto eq = t.text.find('=');
    if (eq == std::string::npos || t.text.size() < eq + 3 || t.text[eq + 1] != '"' || t.text.back() != '"') {
      in.fail(t, "expected a label declaration such as 0=\"init\", found '" + t.text + "'");
    }
    Token number{t.text.substr(0, eq), t.column};
    names[in.index(number, "a label index", 1u << 30)] = t.text.substr(eq + 2, t.text.size() - eq - 3);
  }
  std::int64_t init_id = -1, target_id = -1;
  for (const auto& [id, name] : names) {
    if (name == "init") init_id = static_cast<std::int64_t>(id);
    if (name == target) target_id = static_cast<std::int64_t>(id);
  }
  if (init_id < 0) throw InputError(SourceLocation{path, 1, 1}, "no \"init\" label is declared");
  if (target_id < 0) {
    std::string known;
    for (const auto& [id, name] : names) known += (known.empty() ? "" : ", ") + name;
    throw InputError(SourceLocation{path, 1, 1},
                     "target label \"" + target + "\" is not declared (declared: " + known + ")");
  }
  is_initial.assign(states, 0);
  is_target.assign(states, 0);
  while (in.next(tokens)) {
    Token head = tokens[0];
    if (head.text.empty() || head.text.back() != ':')
      in.fail(head, "expected 'state:' at the start of the line, found '" + head.text + "'");
    head.text.pop_back();
    const std::uint64_t s = in.index(head, "a state index", states);
    for (std::size_t i = 1; i < tokens.size(); ++i) {
      const std::uint64_t id = in.index(tokens[i], "a label index", 1u << 30);
      if (!names.count(id))
        in.fail(tokens[i], "label index " + tokens[i].text + " is not declared in the header");
      if (static_cast<std::int64_t>(id) == init_id && is_initial[s] == 0) {
        is_initial[s] = 1;
        if (init_at.size() < 2) init_at.push_back(SourceLocation{path, in.line(), tokens[i].column});
      }
      if (static_cast<std::int64_t>(id) == target_id) is_target[s] = 1;
    }
  }
}

// "12:1" -> "12" and "1" (each with its column); "12" -> "12" and none.
std::pair<Token, std::optional<Token>> split_colon(const Token& t) {
  const std::size_t colon = t.text.find(':');
  if (colon == std::string::npos) return {t, std::nullopt};
  return {Token{t.text.substr(0, colon), t.column},
          Token{t.text.substr(colon + 1), t.column + static_cast<int>(colon) + 1}};
}

// --coalition for an SMG file of `players` players (0: not an SMG): per player, whether it is in.
// Its errors name the header (`header`), which says whether there are players and how many.
std::vector<std::uint8_t> coalition_of(const std::string& text, std::uint64_t players,
                                       const SourceLocation& header) {
  if (players == 0) {
    if (!text.empty())
      throw InputError(header,
                       "--coalition is for SMG files (header 'states:players choices transitions'); this "
                       "header has no players");
    return {};
  }
  if (text.empty()) {
    throw InputError(header, "an SMG file needs the players who maximise: --coalition N[,M...] (" +
                                 std::to_string(players) +
                                 " players, numbered from 1 in the order of the model's player "
                                 "blocks)");
  }
  std::vector<std::uint8_t> in(players, 0);
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, end - start);
    std::uint64_t p = 0;
    const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), p);
    if (item == "*") {
      in.assign(players, 1);
    } else if (ec != std::errc() || ptr != item.data() + item.size() || p < 1 || p > players) {
      throw InputError(header, "--coalition: an SMG file numbers its players from 1 to " +
                                   std::to_string(players) + " (its files hold no names), found '" + item +
                                   "'");
    } else {
      in[p - 1] = 1;
    }
    start = end + 1;
  }
  return in;
}

}  // namespace

mdp::StateGraph read_prism_explicit(const std::string& tra_path, const PrismImportOptions& options) {
  if (options.labels_path.empty()) {
    throw InputError("a PRISM .tra file needs its labels: --labels FILE.lab (and --target LABEL)");
  }
  if (options.target_label.empty())
    throw InputError("a PRISM .tra file needs --target LABEL (the success label)");
  LineReader in(tra_path);
  std::vector<Token> tokens;
  if (!in.next(tokens)) throw InputError(SourceLocation{tra_path, 1, 1}, "empty transition file");
  const bool mdp_file = tokens.size() == 3;
  if (tokens.size() != 2 && tokens.size() != 3) {
    in.fail_line(
        "expected the header 'states choices transitions' (MDP), 'states:players choices transitions' (SMG) "
        "or 'states transitions' (DTMC)");
  }
  constexpr std::uint64_t kLimit = 0xfffffff0u;
  // PRISM-games writes an SMG's header as "states:players choices transitions".
  const auto [states_token, players_token] = split_colon(tokens[0]);
  const bool smg_file = players_token.has_value();
  if (smg_file && !mdp_file)
    in.fail(tokens[0], "an SMG header has three counts: 'states:players choices transitions'");
  const std::uint64_t n = in.index(states_token, "the number of states", kLimit);
  const std::uint64_t players = smg_file ? in.index(*players_token, "the number of players", 1u << 16) : 0;
  if (smg_file && players == 0) in.fail(*players_token, "an SMG needs at least one player");
  const std::vector<std::uint8_t> coalition =
      coalition_of(options.coalition, players, SourceLocation{tra_path, in.line(), 1});
  const std::uint64_t declared_choices = mdp_file ? in.index(tokens[1], "the number of choices", kLimit) : n;
  const std::uint64_t declared = in.index(tokens.back(), "the number of transitions", kLimit);
  if (n == 0) in.fail(tokens[0], "a model needs at least one state");

  // The header is checked before anything is allocated for it: first against the file itself (a
  // count the rest of the file cannot hold is a wrong header, an input error), then against the
  // limits (a header that may be right but is too big, a resource error).
  std::uint64_t reserve = 0;  // rows to reserve: only as many as the file can hold
  std::error_code size_error;
  const std::uintmax_t file_bytes = std::filesystem::file_size(tra_path, size_error);
  if (!size_error) {
    // The shortest transition line is "0 0 0 1" (MDP) or "0 0 1" (DTMC) and a newline.
    const std::uint64_t shortest = mdp_file ? 8 : 6;
    const std::uint64_t rest = file_bytes - std::min<std::uintmax_t>(file_bytes, in.position(file_bytes));
    const std::uint64_t room = (rest + 1) / shortest;
    if (declared > room) {
      in.fail(tokens.back(), "the header declares " + std::to_string(declared) +
                                 " transitions, but the rest of the file (" + std::to_string(rest) +
                                 " bytes) holds at most " + std::to_string(room) + " transition lines");
    }
    reserve = declared;
  }
  if (mdp_file && declared_choices > declared) {
    in.fail(tokens[1], "the header declares " + std::to_string(declared_choices) + " choices but only " +
                           std::to_string(declared) + " transitions (every choice has at least one)");
  }
  auto check_header = [&](std::uint64_t count, std::uint64_t limit, const char* what, const char* flag) {
    if (count > limit) {
      throw ResourceError(std::string(what) + " limit: the header of " + tra_path + " declares " +
                          std::to_string(count) + " " + what + "s, more than the limit of " +
                          std::to_string(limit) + " (raise it with " + flag + ")");
    }
  };
  check_header(n, options.max_states, "state", "--max-states");
  check_header(declared, options.max_transitions, "transition", "--max-transitions");

  std::vector<Transition> rows;
  rows.reserve(reserve);
  const std::size_t fields = mdp_file ? 4 : 3;
  while (in.next(tokens)) {
    if (tokens.size() < fields || tokens.size() > fields + 1) {
      in.fail_line(mdp_file ? "expected 'source choice target probability [action]'"
                            : "expected 'source target probability'");
    }
    if (rows.size() == declared) {
      in.fail_line("more transitions than the " + std::to_string(declared) +
                   " the header declares (expected the end of the file)");
    }
    Transition t;
    t.line = in.line();
    const auto [source_token, player_token] = split_colon(tokens[0]);
    if (player_token.has_value() != smg_file) {
      in.fail(tokens[0], smg_file ? "expected 'source:player' (an SMG row), found '" + tokens[0].text + "'"
                                  : "expected a source state, found '" + tokens[0].text + "'");
    }
    t.source = in.index(source_token, "a source state", n);
    t.player = smg_file ? in.index(*player_token, "a player", players) : 0;
    t.choice = mdp_file ? in.index(tokens[1], "a choice index", kLimit) : 0;
    t.target = in.index(tokens[fields - 2], "a target state", n);
    const Token& pt = tokens[fields - 1];
    auto p = parse_probability(pt.text);
    if (!p) in.fail(pt, "expected a probability, found '" + pt.text + "'");
    if (p->exact <= 0 || p->exact > 1) in.fail(pt, "probability " + pt.text + " is not in (0, 1]");
    t.probability = p->value;
    t.exact = p->exact;
    t.action_column = tokens.back().column;
    // A DTMC row may end with the action of the command it comes from (PRISM writes it); there is
    // no choice to name, so it is read past.
    if (mdp_file && tokens.size() == fields + 1) t.action = tokens.back().text;
    rows.push_back(std::move(t));
  }
  if (rows.size() != declared) {
    throw InputError(SourceLocation{tra_path, 1, 1}, "the header declares " + std::to_string(declared) +
                                                         " transitions, the file has " +
                                                         std::to_string(rows.size()));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Transition& a, const Transition& b) {
    return a.source != b.source ? a.source < b.source : a.choice < b.choice;
  });

  std::vector<std::uint8_t> is_initial, is_target;
  std::vector<SourceLocation> init_at;
  read_labels(options.labels_path, options.target_label, n, is_initial, is_target, init_at);
  const auto initial_count = std::count(is_initial.begin(), is_initial.end(), 1);
  if (initial_count != 1) {
    // Where the second initial state is named, or the header that declares "init" for none.
    throw InputError(init_at.size() > 1 ? init_at[1] : SourceLocation{options.labels_path, 1, 1},
                     "expected exactly one state labelled \"init\", found " + std::to_string(initial_count));
  }

  mdp::StateGraphBuilder builder;
  std::map<std::string, mdp::LabelId> label_ids;
  std::vector<std::string> labels;
  std::size_t r = 0;
  std::uint64_t choices_seen = 0;
  for (std::uint64_t s = 0; s < n; ++s) {
    const std::size_t begin = r;
    while (r < rows.size() && rows[r].source == s) ++r;
    // Group this state's rows by choice and check each distribution exactly.
    std::vector<std::pair<std::size_t, std::size_t>> groups;
    for (std::size_t i = begin; i < r;) {
      std::size_t j = i;
      Rational sum = 0;
      while (j < r && rows[j].choice == rows[i].choice) {
        if (rows[j].action != rows[i].action) {
          throw InputError(SourceLocation{tra_path, rows[j].line, rows[j].action_column},
                           "choice " + std::to_string(rows[i].choice) + " of state " + std::to_string(s) +
                               " has two action labels");
        }
        sum += rows[j].exact;
        ++j;
      }
      if (!sums_to_one(sum) || (options.keep_exact && sum != 1)) {
        throw InputError(
            SourceLocation{tra_path, rows[i].line, 1},
            "choice " + std::to_string(rows[i].choice) + " of state " + std::to_string(s) + " sums to " +
                to_string(sum) +
                (sum != 1 && sums_to_one(sum) ? ", not exactly 1 (an exact solve needs exact sums)"
                                              : ", expected 1"));
      }
      groups.emplace_back(i, j);
      i = j;
    }
    choices_seen += groups.size();
    for (std::size_t i = begin; i < r; ++i) {
      if (rows[i].player != rows[begin].player) {
        throw InputError(SourceLocation{tra_path, rows[i].line, 1},
                         "state " + std::to_string(s) + " belongs to player " +
                             std::to_string(rows[begin].player) + " on line " +
                             std::to_string(rows[begin].line) + " and to player " +
                             std::to_string(rows[i].player) + " here");
      }
    }
    const bool self_loop_only = groups.size() == 1 && r - begin == 1 && rows[begin].target == s;
    auto add_state = [&](mdp::Owner owner, int value) {
      if (options.keep_exact) {
        builder.add_exact_state(owner, Rational(value));
      } else {
        builder.add_state(owner, value);
      }
    };
    if (is_target[s]) {
      add_state(mdp::Owner::Terminal, 1);
    } else if (groups.empty() || self_loop_only) {
      add_state(mdp::Owner::Terminal, 0);
    } else {
      // One unlabelled choice leaves nothing to decide: a chance state (as export writes them).
      const bool chance = !mdp_file || (groups.size() == 1 && rows[begin].action.empty());
      // An SMG state is the coalition's (maximising, or minimising with --minimize) or the others'.
      const bool maximize =
          coalition.empty() || coalition[rows[begin].player] ? !options.minimize : options.minimize;
      add_state(chance ? mdp::Owner::Chance : maximize ? mdp::Owner::Max : mdp::Owner::Min, 0);

      for (auto [i, j] : groups) {
        mdp::LabelId label = mdp::kNoLabel;
        if (!rows[i].action.empty()) {
          auto [it, fresh] = label_ids.emplace(rows[i].action, static_cast<mdp::LabelId>(labels.size()));
          if (fresh) labels.push_back(rows[i].action);
          label = it->second;
        }
        builder.add_choice(label);
        for (std::size_t k = i; k < j; ++k) {
          const auto t = static_cast<mdp::StateIndex>(rows[k].target);
          if (options.keep_exact) {
            builder.add_exact_entry(t, rows[k].exact);
          } else {
            builder.add_entry(t, rows[k].probability);
          }
        }
      }
    }
  }
  if (mdp_file && choices_seen != declared_choices) {
    throw InputError(SourceLocation{tra_path, 1, 1},
                     "the header declares " + std::to_string(declared_choices) + " choices, the file has " +
                         std::to_string(choices_seen));
  }
  builder.set_initial(
      static_cast<mdp::StateIndex>(std::find(is_initial.begin(), is_initial.end(), 1) - is_initial.begin()));
  if (!labels.empty()) builder.set_label_table(std::move(labels));
  return builder.finalize();
}

namespace {

const std::string kNoAction;

// PRISM's reserved words (the PRISM manual, "Reserved words"): no identifier may be one.
const std::set<std::string> kPrismKeywords = {"A",
                                              "bool",
                                              "clock",
                                              "const",
                                              "ctmc",
                                              "C",
                                              "double",
                                              "dtmc",
                                              "E",
                                              "endinit",
                                              "endinvariant",
                                              "endmodule",
                                              "endplayer",
                                              "endrewards",
                                              "endsystem",
                                              "false",
                                              "formula",
                                              "filter",
                                              "func",
                                              "F",
                                              "global",
                                              "G",
                                              "init",
                                              "invariant",
                                              "I",
                                              "int",
                                              "label",
                                              "max",
                                              "mdp",
                                              "min",
                                              "module",
                                              "nondeterministic",
                                              "player",
                                              "Pmax",
                                              "Pmin",
                                              "P",
                                              "probabilistic",
                                              "prob",
                                              "pta",
                                              "rate",
                                              "rewards",
                                              "Rmax",
                                              "Rmin",
                                              "R",
                                              "S",
                                              "smg",
                                              "stochastic",
                                              "system",
                                              "true",
                                              "U",
                                              "W",
                                              "X"};

}  // namespace

bool is_prism_identifier(const std::string& name) {
  if (name.empty() || kPrismKeywords.count(name) > 0) return false;
  if (!(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; });
}

std::vector<std::string> prism_action_names(const mdp::StateGraph& g) {
  std::vector<std::string> out;
  std::set<std::string> taken;
  for (const std::string& label : g.label_table()) {
    if (label.empty()) {
      out.emplace_back();
      continue;
    }
    // Every character PRISM does not allow becomes '_' ("stay,stay" -> "stay_stay"); a leading
    // digit or a reserved word gets a '_' in front; a clash with an earlier name gets a suffix.
    std::string name = label;
    for (char& ch : name) {
      if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_')) ch = '_';
    }
    if (!is_prism_identifier(name)) name = "_" + name;
    const std::string base = name;
    for (int k = 2; taken.count(name) > 0; ++k) name = base + "_" + std::to_string(k);
    taken.insert(name);
    out.push_back(name);
  }
  return out;
}

std::vector<std::string> write_prism_explicit(const mdp::StateGraph& g, const std::string& prefix) {
  const bool has_max = g.has_owner(mdp::Owner::Max), has_min = g.has_owner(mdp::Owner::Min);
  if (has_max && has_min) {
    throw InputError("PRISM's explicit MDP format has one decision maker, but this game has " +
                     std::to_string(g.count_owner(mdp::Owner::Max)) + " Max and " +
                     std::to_string(g.count_owner(mdp::Owner::Min)) + " Min states; use --format dot");
  }
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.is_terminal(s) && g.terminal_value(s) != 0.0 && g.terminal_value(s) != 1.0) {
      throw InputError("state " + g.state_display_name(s) + " is a terminal with value " +
                       std::to_string(g.terminal_value(s)) +
                       "; PRISM's reachability queries need terminals of value 0 or 1");
    }
  }
  const std::size_t terminals = g.count_owner(mdp::Owner::Terminal);
  std::vector<std::string> paths{prefix + ".tra", prefix + ".lab", prefix + ".props"};
  std::ofstream tra(paths[0]), lab(paths[1]), props(paths[2]);
  if (!tra || !lab || !props) throw InputError("cannot write the PRISM files " + prefix + ".{tra,lab,props}");
  tra << g.num_states() << ' ' << g.num_choices() + terminals << ' ' << g.num_transitions() + terminals
      << '\n';
  char buffer[64];
  // Action labels as PRISM identifiers (the importer rejects "stay,stay"); the original names go
  // into the .props file as comments, the one place of the three that has them.
  const std::vector<std::string> actions = prism_action_names(g);
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    if (g.is_terminal(s)) {
      tra << s << " 0 " << s << " 1\n";
      continue;
    }
    for (mdp::ChoiceIndex c = g.first_choice(s); c < g.end_choice(s); ++c) {
      const mdp::LabelId id = g.choice_label_id(c);
      const std::string& label = id == mdp::kNoLabel || id >= actions.size() ? kNoAction : actions[id];
      for (mdp::EntryIndex e = g.first_entry(c); e < g.end_entry(c); ++e) {
        std::snprintf(buffer, sizeof buffer, "%.17g", g.probability(e));
        tra << s << ' ' << c - g.first_choice(s) << ' ' << g.target(e) << ' ' << buffer;
        if (!label.empty()) tra << ' ' << label;
        tra << '\n';
      }
    }
  }
  lab << "0=\"init\" 1=\"success\" 2=\"failure\"\n";
  for (mdp::StateIndex s = 0; s < g.num_states(); ++s) {
    std::string line;
    if (s == g.initial_state()) line += " 0";
    if (g.is_terminal(s)) line += g.terminal_value(s) == 1.0 ? " 1" : " 2";
    if (!line.empty()) lab << s << ':' << line << '\n';
  }
  for (std::size_t id = 0; id < actions.size(); ++id) {
    if (!actions[id].empty() && actions[id] != g.label_table()[id]) {
      props << "// action " << actions[id] << " is sgplan's \"" << g.label_table()[id] << "\"\n";
    }
  }
  props << (has_min ? "Pmin=? [ F \"success\" ]\n" : "Pmax=? [ F \"success\" ]\n");
  if (!tra || !lab || !props)
    throw InputError("error while writing the PRISM files " + prefix + ".{tra,lab,props}");
  return paths;
}

}  // namespace sgplan::models::formats
