// sgplan gtp: a Go Text Protocol engine on stdin/stdout for the reading questions (attack, defend,
// ladder_attack), see gtp_engine.hpp. The flags set the search of every question.
#include <iostream>
#include <memory>

#include "models/go/reading.hpp"
#include "tools/sgplan/cli_common.hpp"
#include "tools/sgplan/gtp_engine.hpp"
#include "tools/sgplan/reading_flags.hpp"

namespace sgplan::cli {

void register_gtp(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<ReadingFlags>();
  CLI::App* sub = app.add_subcommand(
      "gtp", "a Go Text Protocol engine on stdin/stdout: attack, defend and ladder_attack by lambda search");
  flags->add_to(*sub);
  sub->callback([flags, &exit_code]() {
    std::ios::sync_with_stdio(false);
    GtpEngine engine(flags->options());
    engine.run(std::cin, std::cout);
    exit_code = kExitOk;
  });
  refuse_negative_counts(*sub);
}

}  // namespace sgplan::cli
