#pragma once

#include <QString>

#include "core/advice/advice.h"
#include "widgets/displayformat.h"

/// The advisor's words in the window's language: the core gives codes and numbers.
namespace AdviceText {

/// "Full activation checkpointing"; a combination joins its parts with " + ".
QString title(const core::Remedy& remedy);
QString actionTitle(core::RemedyAction action);
/// What the remedy costs, from its numbers: "saves 16.4 GB → 42.3 GB per GPU · fits ·
/// +29.5 % FLOPs · step × 1.29 · +3.4 GB communication per step · 162 GB CPU memory per node".
QString summary(const core::Remedy& remedy, DisplayFormat::MemoryUnit unit);
/// A run's remedy (core::Advice::runRemedies): "run 86.3 → 77.4 days (−10.3 %) · goodput
/// 81.4 % → 92.6 %", and the CPU memory per node an asynchronous checkpoint stages.
QString runSummary(const core::Remedy& remedy, DisplayFormat::MemoryUnit unit);
QString note(core::RemedyNote note);
/// The --set overrides, one per line, for the tooltip and for copying.
QString overrides(const core::Remedy& remedy);

} // namespace AdviceText
