#pragma once

// The text scanning the memory-log readers share (core/calibration/memorylog.cpp): trimmed
// views, numbers with their decimals, grouped integers, units, words and indices.

#include <optional>
#include <string>
#include <string_view>

namespace core::logscan {

inline constexpr double kKiB = 1024.0;
inline constexpr double kMiB = kKiB * 1024;
inline constexpr double kGiB = kMiB * 1024;

std::string_view trim(std::string_view s);
/// At most 80 characters of `s`, trimmed: what an issue quotes of a line.
std::string clip(std::string_view s);
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }
/// A decimal number at the start of `s` (after spaces): sets `used` to the characters read and
/// `decimals` to the digits after the point. Rejects inf and nan.
std::optional<double> leadingNumber(std::string_view s, std::size_t& used, int* decimals = nullptr);
/// The whole of `s` (trimmed) as a number.
std::optional<double> wholeNumber(std::string_view s, int* decimals = nullptr);
/// A rank or device index read as a number: beyond any real index is "not an index" (-1), and
/// never a float-to-int overflow.
inline int indexOf(double v) { return v >= 0 && v < 1e6 ? int(v) : -1; }
/// An integer with optional thousands commas ("447,088").
std::optional<double> groupedInteger(std::string_view s, std::size_t& used);
/// Bytes per unit; 0 for an unknown unit. MB and GB are read as 2^20 and 2^30 bytes: every tool
/// divides by powers of 1024 whatever it prints (see memorylog.h).
double unitBytes(std::string_view unit);
/// The word at the start of `s` (after spaces): letters only.
std::string_view leadingWord(std::string_view s, std::size_t& used);
/// The first integer after `key` in `s`, or -1.
int integerAfter(std::string_view s, std::string_view key);

} // namespace core::logscan
