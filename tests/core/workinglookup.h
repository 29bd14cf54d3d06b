#pragma once

// Reading one line of an estimate's working in the core tests: the value a term printed and
// the value substituted for one of its symbols (what the window's working shows).

#include <string_view>

#include "core/working.h"

namespace workinglookup {

/// The first line of `term`'s substitution for `symbol`; −1 when there is none.
inline double substitution(const core::Working& w, core::Term term, std::string_view symbol)
{
    for (const core::WorkingLine& line : w.lines())
        if (line.term == term)
            for (const core::Substitution& s : line.substitutions)
                if (s.symbol == symbol)
                    return s.value;
    return -1;
}

/// The value of the first line of `term`; −1 when there is none.
inline double lineValue(const core::Working& w, core::Term term)
{
    for (const core::WorkingLine& line : w.lines())
        if (line.term == term)
            return line.value;
    return -1;
}

} // namespace workinglookup
