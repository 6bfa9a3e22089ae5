// The registry entry of PRISM-language models (.prism, .nm, .pm, .smg): a state graph whose
// success is reaching --target (a state expression: "label", formula, variables), maximised
// (--minimize: minimised; an smg's --coalition maximises, the others minimise), with open
// constants from --const.
#pragma once

#include <string>

#include "models/model_kind.hpp"

namespace sgplan::models::prism_language {

ModelKind prism_language_kind();

// A model or properties file's whole text; InputError naming the file where it cannot be read.
std::string read_text(const std::string& path);

}  // namespace sgplan::models::prism_language
