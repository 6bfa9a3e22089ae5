// sgplan: planning in stochastic games. Each command lives in its own cmd_*.cpp; main maps
// errors to exit codes (docs/DESIGN.md, "Errors"): 0 ok, 1 internal error, 2 bad input or usage,
// 3 a resource limit. With --json an error is also one JSON object on stdout (cli_error.hpp), so
// a caller reading stdout always gets exactly one object.
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <string_view>

#include "core/errors.hpp"
#include "tools/sgplan/cli_common.hpp"
#include "tools/sgplan/cli_error.hpp"

namespace {

// Whether the command line asks for JSON: the flag may stand anywhere after the command.
bool wants_json(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg(argv[i]);
    if (arg == "--") break;
    if (arg == "--json") return true;
  }
  return false;
}

// Everything written must have reached stdout: a full disk or a closed pipe is an error, not a
// success with a lost answer.
int check_output(int exit_code, bool json) {
  std::cout.flush();
  const bool stream_ok = static_cast<bool>(std::cout);
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  if (stream_ok && flushed) return exit_code;
  const int error = errno;
  std::string message = "cannot write the output to standard output";
  if (error != 0) message += std::string(": ") + std::strerror(error);
  // The JSON object cannot reach a stdout that fails; stderr still tells.
  (void)json;
  std::cerr << "sgplan: resource limit: " << message << '\n';
  return exit_code == sgplan::kExitOk ? sgplan::kExitResource : exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"sgplan: planning in stochastic games (state graphs, tree search, game trees)"};
  app.set_version_flag("--version", "sgplan " SGPLAN_VERSION);
  app.require_subcommand(1);
  int exit_code = sgplan::kExitOk;
  sgplan::cli::register_solve(app, exit_code);
  sgplan::cli::register_info(app, exit_code);
  sgplan::cli::register_simulate(app, exit_code);
  sgplan::cli::register_export(app, exit_code);
  sgplan::cli::register_bench(app, exit_code);
  sgplan::cli::register_count(app, exit_code);
  sgplan::cli::register_strategy(app, exit_code);
  sgplan::cli::register_lambda(app, exit_code);
  sgplan::cli::register_threats(app, exit_code);
  sgplan::cli::register_gtp(app, exit_code);
  sgplan::cli::register_kinds(app, exit_code);
  const bool json = wants_json(argc, argv);
  using sgplan::cli::report_error;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return check_output(
        report_error(json, sgplan::cli::ErrorKind::Usage,
                     std::string(e.what()) + " (see sgplan --help, or sgplan COMMAND --help)"),
        json);
  } catch (const sgplan::InputError& e) {
    return check_output(report_error(json, e), json);
  } catch (const sgplan::ResourceError& e) {
    return check_output(report_error(json, sgplan::cli::ErrorKind::Resource, e.what()), json);
  } catch (const std::bad_alloc&) {
    return check_output(report_error(json, sgplan::cli::ErrorKind::Resource,
                                     "out of memory (lower --max-states or use a smaller model)"),
                        json);
  } catch (const std::exception& e) {
    return check_output(report_error(json, sgplan::cli::ErrorKind::Internal, e.what()), json);
  }
  return check_output(exit_code, json);
}
