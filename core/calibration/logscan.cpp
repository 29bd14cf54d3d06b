#include "core/calibration/logscan.h"

#include <array>
#include <charconv>
#include <cmath>
#include <utility>

namespace core::logscan {

using sv = std::string_view;

sv trim(sv s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::string clip(sv s)
{
    s = trim(s);
    return std::string(s.substr(0, 80));
}

/// A decimal number at the start of `s` (after spaces): sets `used` to the characters read and
/// `decimals` to the digits after the point. Rejects inf and nan.
std::optional<double> leadingNumber(sv s, std::size_t& used, int* decimals)
{
    std::size_t i = 0;
    while (i < s.size() && s[i] == ' ')
        ++i;
    const char* first = s.data() + i;
    const char* last = s.data() + s.size();
    if (first < last && *first == '+')
        ++first;
    double value = 0;
    const auto [ptr, ec] = std::from_chars(first, last, value, std::chars_format::general);
    if (ec != std::errc() || !std::isfinite(value))
        return std::nullopt;
    used = std::size_t(ptr - s.data());
    if (decimals) {
        const sv digits(first, std::size_t(ptr - first));
        const std::size_t dot = digits.find('.');
        *decimals = dot == sv::npos ? 0 : int(digits.size() - dot - 1);
    }
    return value;
}

/// The whole of `s` (trimmed) as a number.
std::optional<double> wholeNumber(sv s, int* decimals)
{
    s = trim(s);
    std::size_t used = 0;
    const auto v = leadingNumber(s, used, decimals);
    if (!v || used != s.size())
        return std::nullopt;
    return v;
}

/// An integer with optional thousands commas ("447,088").
std::optional<double> groupedInteger(sv s, std::size_t& used)
{
    std::size_t i = 0;
    while (i < s.size() && s[i] == ' ')
        ++i;
    double value = 0;
    bool any = false;
    for (; i < s.size(); ++i) {
        if (isDigit(s[i])) {
            value = value * 10 + (s[i] - '0');
            any = true;
        } else if (s[i] == ',' && any && i + 1 < s.size() && isDigit(s[i + 1])) {
            continue;
        } else {
            break;
        }
    }
    used = i;
    return any ? std::optional<double>(value) : std::nullopt;
}

/// Bytes per unit; 0 for an unknown unit. MB and GB are read as 2^20 and 2^30 bytes: every tool
/// here divides by powers of 1024 whatever it prints (see memorylog.h).
double unitBytes(sv unit)
{
    static constexpr std::array<std::pair<sv, double>, 14> kUnits{{
        {"B", 1}, {"bytes", 1}, {"KiB", kKiB}, {"KB", kKiB}, {"kB", kKiB}, {"MiB", kMiB}, {"MB", kMiB},
        {"GiB", kGiB}, {"GB", kGiB}, {"TiB", kGiB * 1024}, {"TB", kGiB * 1024}, {"PiB", kGiB * 1024 * 1024},
        {"Bytes", 1}, {"byte", 1},
    }};
    for (const auto& [name, bytes] : kUnits)
        if (unit == name)
            return bytes;
    return 0;
}

/// The word at the start of `s` (after spaces): letters only.
sv leadingWord(sv s, std::size_t& used)
{
    std::size_t i = 0;
    while (i < s.size() && s[i] == ' ')
        ++i;
    const std::size_t from = i;
    while (i < s.size() && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z')))
        ++i;
    used = i;
    return s.substr(from, i - from);
}

/// The first integer after `key` in `s`, or -1.
int integerAfter(sv s, sv key)
{
    const std::size_t at = s.find(key);
    if (at == sv::npos)
        return -1;
    std::size_t i = at + key.size();
    if (i >= s.size() || !isDigit(s[i]))
        return -1;
    long v = 0;
    for (; i < s.size() && isDigit(s[i]) && v < 1000000; ++i)
        v = v * 10 + (s[i] - '0');
    return int(v);
}

} // namespace core::logscan
