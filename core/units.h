#pragma once

// Units used throughout the core. Bytes, parameter counts and FLOPs are doubles: 10^15
// parameters × 18 B and 10^29 FLOPs must not overflow, and doubles are exact for integers
// below 2^53 ≈ 9·10^15, which covers every parameter count a real model has.

namespace core {

inline constexpr double kKB = 1e3;
inline constexpr double kMB = 1e6;
inline constexpr double kGB = 1e9;   // the seeds' arithmetic (7B × 16 B = 112 GB) is decimal
inline constexpr double kTB = 1e12;
inline constexpr double kKiB = 1024.0;
inline constexpr double kMiB = 1024.0 * 1024.0;
inline constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
inline constexpr double kTera = 1e12;
inline constexpr double kSecondsPerHour = 3600.0;
inline constexpr double kSecondsPerDay = 86400.0;

} // namespace core
