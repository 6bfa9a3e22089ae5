// The GTP harness: the input's lines go to one engine, as `sgplan gtp` reads them from stdin, with
// reading budgets small enough that a question takes milliseconds. Every answer must be one
// well-formed GTP answer: "=" or "?", no empty line inside, an empty line at the end, and never
// the engine's "internal error" (an exception other than an input error). Lines naming loadsgf are
// left out: a fuzzed path could name any file of the machine, and SGF has its own target.
#include <chrono>

#include "tools/fuzz/fuzz_support.hpp"
#include "tools/fuzz/harnesses.hpp"
#include "tools/sgplan/gtp_engine.hpp"

namespace sgplan::fuzz {

namespace {

constexpr std::string_view kTarget = "gtp";

// What the engine reads of a line once control characters are dropped (gtp_engine.hpp).
std::string without_controls(std::string_view line) {
  std::string out;
  for (const char c : line) {
    if (static_cast<unsigned char>(c) >= 32 && c != 127) out += c;
  }
  return out;
}

void check_answer(const std::string& line, const std::string& answer) {
  const bool framed = answer.size() >= 3 && (answer.front() == '=' || answer.front() == '?') &&
                      answer.compare(answer.size() - 2, 2, "\n\n") == 0 &&
                      answer.find("\n\n") == answer.size() - 2;
  if (!framed) report_finding(kTarget, "a malformed answer to '" + line + "': '" + answer + "'");
  if (answer.find("internal error") != std::string::npos) {
    report_finding(kTarget, "'" + line + "' was answered with " + answer);
  }
}

}  // namespace

int fuzz_gtp(const std::uint8_t* data, std::size_t size) {
  models::go::ReadingOptions options;
  options.max_nodes = 1'000;
  options.max_seconds = 0.01;
  options.table_mib = 1;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  guarded(kTarget, [&] {
    cli::GtpEngine engine(options);
    const std::string_view text = as_text(data, size);
    std::size_t start = 0;
    while (start <= text.size() && !engine.quit() && std::chrono::steady_clock::now() < deadline) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      const std::string line(text.substr(start, end - start));
      start = end + 1;
      if (without_controls(line).find("loadsgf") != std::string::npos) continue;
      const std::string answer = engine.handle(line);
      if (!answer.empty()) check_answer(line, answer);
    }
  });
  return 0;
}

}  // namespace sgplan::fuzz
