#pragma once

#include <QString>
#include <vector>

/// Numbers as the window shows them: locale-aware, translated units, short.
namespace DisplayFormat {

/// Memory is shown in decimal GB (the seeds' arithmetic: 7B × 16 B = 112 GB) or in GiB.
enum class MemoryUnit { GB, GiB };

double bytesPerUnit(MemoryUnit unit);
QString unitName(MemoryUnit unit);
/// A memory axis' ticks from 0 to `topBytes`: 1, 2 or 5 × 10^k display units apart, about four
/// of them (the step views' value axes); empty for a top that is not a positive number.
std::vector<double> memoryTicks(double topBytes, MemoryUnit unit);
/// The unit View ▸ Units chose, for text that is not a view with its own setUnit() (the
/// working, warnings, control notes). The window sets it and then refreshes its views.
MemoryUnit memoryUnit();
void setMemoryUnit(MemoryUnit unit);
/// A GPU's capacity as its name counts it and in the chosen unit: "80 GiB (85.9 GB)" (an
/// "80GB" A100 holds 80 × 2³⁰ bytes), just "80 GiB" when the unit is GiB.
QString capacity(double bytes, MemoryUnit unit);
/// Up to `decimals` decimals (one from 100 on), trailing zeros dropped: 112, 38.5, 26.25, 14
/// (GB) — the textbook's figures as it writes them.
QString bytesExact(double bytes, MemoryUnit unit, int decimals = 2);
/// "58.7 GB"; `decimals` < 0 picks 2 below 10 units, 1 otherwise.
QString bytes(double bytes, MemoryUnit unit, int decimals = -1);
/// Parameter or token counts: "6.74 B", "350 M", "1.20 T".
QString count(double value);
/// "70.9 s", "2.4 hours", "61.0 days", "3.4 years".
QString duration(double seconds);
QString days(double days);
/// "$223 k", "$2.23 M".
QString money(double dollars);
QString percent(double fraction, int decimals = 1);
/// "4.29 × 10²² FLOP"
QString scientific(double value, const QString& unit = {});

} // namespace DisplayFormat
