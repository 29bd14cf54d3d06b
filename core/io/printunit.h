#pragma once

#include <cstdio>
#include <string>

namespace core {

/// Memory as the command line prints it: decimal GB (the seeds' arithmetic: 7B × 16 B = 112 GB)
/// or GiB (2³⁰ bytes, what nvidia-smi's MiB add up to).
enum class PrintUnit { GB, GiB };

inline double bytesPerPrintUnit(PrintUnit unit) { return unit == PrintUnit::GB ? 1e9 : 1024.0 * 1024.0 * 1024.0; }
inline const char* printUnitName(PrintUnit unit) { return unit == PrintUnit::GB ? "GB" : "GiB"; }
/// Bytes in the unit with two decimals ("78.00"), as the command line's tables print memory.
inline std::string memoryInUnit(double bytes, PrintUnit unit)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", bytes / bytesPerPrintUnit(unit));
    return buf;
}

} // namespace core
