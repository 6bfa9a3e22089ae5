// sgplan: planning in stochastic games. Each command lives in its own cmd_*.cpp; main maps
// errors to exit codes (DESIGN.md, "Errors"): 0 ok, 1 internal error, 2 bad input or usage,
// 3 a resource limit.
#include <CLI/CLI.hpp>
#include <iostream>
#include <new>

#include "core/errors.hpp"
#include "tools/sgplan/cli_common.hpp"

int main(int argc, char** argv) {
  CLI::App app{"sgplan: planning in stochastic games (state graphs, tree search, game trees)"};
  app.set_version_flag("--version", "sgplan 0.1.0");
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
  sgplan::cli::register_gtp(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "sgplan: error: " << e.what() << " (see sgplan --help, or sgplan COMMAND --help)\n";
    return sgplan::kExitInput;

  } catch (const sgplan::InputError& e) {
    std::cerr << "sgplan: error: " << e.what() << '\n';
    return sgplan::kExitInput;
  } catch (const sgplan::ResourceError& e) {
    std::cerr << "sgplan: resource limit: " << e.what() << '\n';
    return sgplan::kExitResource;
  } catch (const std::bad_alloc&) {
    std::cerr << "sgplan: resource limit: out of memory (lower --max-states or use a smaller model)\n";
    return sgplan::kExitResource;
  } catch (const std::exception& e) {
    std::cerr << "sgplan: internal error: " << e.what() << '\n';
    return sgplan::kExitInternal;
  }
  return exit_code;
}
