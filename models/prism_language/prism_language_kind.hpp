// The registry entry of PRISM-language models (.prism, .nm, .pm, .smg): a state graph whose
// success is reaching --target (a state expression: "label", formula, variables), maximised
// (--minimize: minimised; an smg's --coalition maximises, the others minimise), with open
// constants from --const.
#pragma once

#include <string>

#include "models/model_kind.hpp"
#include "models/prism_language/model.hpp"

namespace sgplan::models::prism_language {

class CompiledModel;

ModelKind prism_language_kind();

// `export --format prism` of a model in the PRISM language, or translated into it (JANI, PPDDL):
// the model itself in PRISM's explicit files (explicit_export.hpp), with --const for its open
// constants and --max-states as the limit; --target, --coalition and --minimize are refused (they
// belong to solving the files).
ModelExportResult export_model_files(PrismModel model, const LoadOptions& options, const std::string& prefix);
// The same for a model already compiled (PPDDL's, whose loader compiles its translation).
ModelExportResult export_model_files(const CompiledModel& compiled, const LoadOptions& options,
                                     const std::string& prefix);
// A model or properties file's whole text; InputError naming the file where it cannot be read.
std::string read_text(const std::string& path);

}  // namespace sgplan::models::prism_language
