// sgplan solve --engine matrix-free: interval iteration without a stored graph (mdp/matrix_free.hpp),
// with its own report (no choices, transitions or policy to print: none is stored).
#pragma once

#include "models/graph_model.hpp"
#include "tools/sgplan/cli_common.hpp"

namespace sgplan::cli {

// Solves `model` matrix-free and prints the report; returns the exit code (3 at a limit).
int run_matrix_free(const ModelOptions& model_options, const SolverOptions& solver,
                    const models::GraphModel& model, bool profile);

}  // namespace sgplan::cli
