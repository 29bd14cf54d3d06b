#pragma once

#include <QString>

#include "core/accuracy/regime.h"

/// A regime's name in the user's language ("MoE", "long context", …).
namespace RegimeText {
QString name(core::Regime regime);
/// A signed relative error ("+12.3 %", "−4.0 %"), with a true minus sign.
QString signedPercent(double fraction);
}
