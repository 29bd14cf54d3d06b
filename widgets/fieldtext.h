#pragma once

#include <QString>

#include "core/fields.h"

/// The translated name of each scenario field (core/fields.h), as the controls, the issue
/// messages and the undo steps call it: "Tensor parallel (TP)" for parallel.tensor.
namespace FieldText {

QString label(core::Field field);

} // namespace FieldText
