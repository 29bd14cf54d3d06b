#pragma once

#include <string>

#include "core/io/printunit.h"

namespace core {

struct ServingTimeline;

/// The serving timeline as text (estimate --timeline on a serving scenario): the pool, then one
/// line per moment with its steps, requests, blocks and the KV bytes used; the peak and the
/// preemption point marked.
std::string servingTimelineToTable(const ServingTimeline& timeline, PrintUnit unit = PrintUnit::GB);

} // namespace core
