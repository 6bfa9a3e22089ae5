// The answers to a language's properties as `sgplan solve` reports them (models::PropertyResult),
// shared by the PRISM language (a props file) and JANI (the properties inside the model): the
// properties --property chooses (a name or a 1-based index; all without it), each answered by
// answer_property (through `answer`, which a language may wrap: JANI names its errors' JSON
// pointers), or listed with the reason it is not.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "models/model_kind.hpp"
#include "models/prism_language/property_answer.hpp"

namespace sgplan::models::prism_language {

using AnswerFunction = std::function<PropertyAnswer(const Property&, const AnswerOptions&)>;

// InputError (at `where`, the file holding the properties) when none is chosen.
std::vector<PropertyResult> property_results(const std::vector<Property>& properties,
                                             const std::string& where, const LoadOptions& options,
                                             const PropertyRequest& request, const AnswerFunction& answer);

}  // namespace sgplan::models::prism_language
