#pragma once

#include <QString>
#include <string_view>

/// The words inside the working's formulas and substituted values ("Σ saved tensors",
/// "in flight"), translated. The core writes them in English next to the maths; a formula or
/// symbol this table does not know yet is shown as the core wrote it.
namespace WorkingNotation {

/// "A_layer × n_layers × in flight" → the same formula in the interface language.
QString formula(std::string_view english);
/// "in flight", "per token", "Table 2 terms"; plain symbols (h, s, D_z) come back unchanged.
QString symbol(std::string_view english);

} // namespace WorkingNotation
