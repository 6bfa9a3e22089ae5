// Numbers as PRISM writes them in its explicit files (.tra probabilities): PrismUtils.formatDouble
// (prism/src/prism/PrismUtils.java) with the export precision, 16 significant digits by default
// (PrismSettings.DEFAULT_EXPORT_MODEL_PRECISION; ModelExportOptions.getModelPrecision).
//
// formatDouble is Java's String.format("%.16g") with the trailing zeros of the fraction removed
// ("0.5000000000000000" -> "0.5", "1.000000000000000" -> "1", "1.500000000000000e-05" ->
// "1.5e-05"). Java's %g does not round the double's exact binary value as C's printf does: it
// takes the shortest decimal that reads back as the same double (Double.toString's digits) and
// rounds that decimal half up to the precision. It writes the decimal form when the rounded value
// is at least 1e-4 and below 10^precision, and the scientific form otherwise, with a signed
// exponent of at least two digits. So 1/6, whose shortest decimal is 0.16666666666666666, prints
// as 0.1666666666666667; and 0.22876222127045265 prints as 0.2287622212704527, where C's %.16g
// gives 0.2287622212704526 (the double lies a little below the decimal).
#pragma once

#include <string>

namespace sgplan::models::formats {

inline constexpr int kPrismExportPrecision = 16;

std::string prism_double_text(double x, int significant = kPrismExportPrecision);

}  // namespace sgplan::models::formats
