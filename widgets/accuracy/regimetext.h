#pragma once

#include <QString>

#include "core/accuracy/regime.h"

/// A regime's name in the user's language ("MoE", "long context", …).
namespace RegimeText {
QString name(core::Regime regime);
}
