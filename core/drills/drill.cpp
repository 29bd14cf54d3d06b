#include "core/drills/drill.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

#include "core/estimate.h"
#include "core/fields.h"
#include "core/units.h"

namespace core {

namespace {

constexpr std::string_view kNames[] = {"model_states_per_gpu", "weights_per_gpu", "fullest_gpu",  "kv_cache_per_sequence",
                                       "training_days",        "gpu_hours",       "cost_usd",     "total_model_flops",
                                       "zero3_communication_ratio"};
static_assert(std::size(kNames) == std::size_t(DrillQuantity::Count));

double fullestTotal(const Estimate& e)
{
    return e.fullest().totalBytes;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

/// Skips spaces (and the UTF-8 no-break and thin spaces).
void skipSpaces(std::string_view& s)
{
    while (!s.empty()) {
        if (s.front() == ' ' || s.front() == '\t') {
            s.remove_prefix(1);
        } else if (startsWith(s, "\xC2\xA0")) {
            s.remove_prefix(2);
        } else if (startsWith(s, "\xE2\x80\x89") || startsWith(s, "\xE2\x80\xAF")) {
            s.remove_prefix(3);
        } else {
            break;
        }
    }
}

/// A number with digit-grouping commas, a decimal point and an exponent written e22, ×10^22,
/// x 10^22 or × 10²²; false if there is none.
bool readNumber(std::string_view& s, double& out)
{
    std::string digits;
    std::size_t i = 0;
    bool any = false;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.' || (s[i] == ',' && any) || (i == 0 && (s[i] == '-' || s[i] == '+')))) {
        if (s[i] != ',')
            digits += s[i];
        any = any || std::isdigit(static_cast<unsigned char>(s[i]));
        ++i;
    }
    if (!any)
        return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E') && i + 1 < s.size()
        && (std::isdigit(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '-' || s[i + 1] == '+')) {
        digits += 'e';
        ++i;
        digits += s[i++];
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
            digits += s[i++];
    }
    double value = 0;
    const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (r.ec != std::errc() || r.ptr != digits.data() + digits.size())
        return false;
    s.remove_prefix(i);
    // "× 10^22", "x10^22", "*10^22", "× 10²²"
    std::string_view rest = s;
    skipSpaces(rest);
    bool times = false;
    if (startsWith(rest, "\xC3\x97")) { // ×
        rest.remove_prefix(2);
        times = true;
    } else if (startsWith(rest, "x") || startsWith(rest, "*")) {
        rest.remove_prefix(1);
        times = true;
    }
    skipSpaces(rest);
    if (times && startsWith(rest, "10")) {
        rest.remove_prefix(2);
        int exponent = 0, sign = 1;
        bool read = false;
        if (startsWith(rest, "^")) {
            rest.remove_prefix(1);
            if (startsWith(rest, "-")) {
                sign = -1;
                rest.remove_prefix(1);
            }
            while (!rest.empty() && std::isdigit(static_cast<unsigned char>(rest.front()))) {
                exponent = exponent * 10 + (rest.front() - '0');
                rest.remove_prefix(1);
                read = true;
            }
        } else {
            // superscript digits ⁰¹²³⁴⁵⁶⁷⁸⁹ and ⁻
            static const std::string_view kSup[] = {"\xE2\x81\xB0", "\xC2\xB9", "\xC2\xB2", "\xC2\xB3", "\xE2\x81\xB4",
                                                    "\xE2\x81\xB5", "\xE2\x81\xB6", "\xE2\x81\xB7", "\xE2\x81\xB8", "\xE2\x81\xB9"};
            if (startsWith(rest, "\xE2\x81\xBB")) {
                sign = -1;
                rest.remove_prefix(3);
            }
            for (bool more = true; more;) {
                more = false;
                for (int d = 0; d < 10; ++d)
                    if (startsWith(rest, kSup[d])) {
                        exponent = exponent * 10 + d;
                        rest.remove_prefix(kSup[d].size());
                        more = read = true;
                        break;
                    }
            }
        }
        if (read) {
            value *= std::pow(10.0, sign * exponent);
            s = rest;
        }
    }
    out = value;
    return true;
}

struct UnitWord
{
    std::string_view word;
    GuessDimension dimension;
    double scale; ///< to the dimension's base unit
};

// Longest first where one is a prefix of another ("gib" before "gb", "days" before "d").
const UnitWord kUnits[] = {
    {"tib", GuessDimension::Bytes, 1099511627776.0}, {"gib", GuessDimension::Bytes, kGiB}, {"mib", GuessDimension::Bytes, kMiB},
    {"kib", GuessDimension::Bytes, kKiB},            {"tb", GuessDimension::Bytes, kTB},    {"gb", GuessDimension::Bytes, kGB},
    {"mb", GuessDimension::Bytes, kMB},              {"kb", GuessDimension::Bytes, kKB},    {"bytes", GuessDimension::Bytes, 1},
    {"byte", GuessDimension::Bytes, 1},              {"g", GuessDimension::Bytes, kGB},     {"t", GuessDimension::Bytes, kTB},
    {"years", GuessDimension::Days, 365},            {"year", GuessDimension::Days, 365},   {"months", GuessDimension::Days, 30.4375},
    {"month", GuessDimension::Days, 30.4375},        {"weeks", GuessDimension::Days, 7},    {"week", GuessDimension::Days, 7},
    {"days", GuessDimension::Days, 1},               {"day", GuessDimension::Days, 1},      {"d", GuessDimension::Days, 1},
    {"\xE5\xB9\xB4", GuessDimension::Days, 365},     // 年
    {"\xE4\xB8\xAA\xE6\x9C\x88", GuessDimension::Days, 30.4375}, // 个月
    {"\xE5\x91\xA8", GuessDimension::Days, 7},       // 周
    {"\xE5\xA4\xA9", GuessDimension::Days, 1},       // 天
    {"gpu-hours", GuessDimension::Hours, 1},         {"gpu-h", GuessDimension::Hours, 1},   {"hours", GuessDimension::Hours, 1},
    {"hour", GuessDimension::Hours, 1},              {"h", GuessDimension::Hours, 1},
    {"\xE5\xB0\x8F\xE6\x97\xB6", GuessDimension::Hours, 1}, // 小时
    {"flops", GuessDimension::Flops, 1},             {"flop", GuessDimension::Flops, 1},
    {"usd", GuessDimension::Money, 1},               {"dollars", GuessDimension::Money, 1}, {"\xE7\xBE\x8E\xE5\x85\x83", GuessDimension::Money, 1}, // 美元
    {"x", GuessDimension::Ratio, 1},                 {"\xC3\x97", GuessDimension::Ratio, 1}, // ×
    {"\xE5\x80\x8D", GuessDimension::Ratio, 1},      // 倍
};

/// Days and hours are one dimension for a guess: "1,464 hours" answers "how many days".
bool compatible(GuessDimension unit, GuessDimension wanted)
{
    const auto time = [](GuessDimension d) { return d == GuessDimension::Days || d == GuessDimension::Hours; };
    return unit == wanted || (time(unit) && time(wanted));
}

double toWanted(double value, GuessDimension unit, GuessDimension wanted)
{
    if (unit == GuessDimension::Hours && wanted == GuessDimension::Days)
        return value / 24;
    if (unit == GuessDimension::Days && wanted == GuessDimension::Hours)
        return value * 24;
    return value;
}

} // namespace

GuessDimension dimensionOf(DrillQuantity q)
{
    switch (q) {
    case DrillQuantity::ModelStatesPerGpu:
    case DrillQuantity::WeightsPerGpu:
    case DrillQuantity::FullestGpu:
    case DrillQuantity::KvCachePerSequence: return GuessDimension::Bytes;
    case DrillQuantity::TrainingDays: return GuessDimension::Days;
    case DrillQuantity::GpuHours: return GuessDimension::Hours;
    case DrillQuantity::CostUsd: return GuessDimension::Money;
    case DrillQuantity::TotalModelFlops: return GuessDimension::Flops;
    case DrillQuantity::Zero3CommunicationRatio:
    case DrillQuantity::Count: break;
    }
    return GuessDimension::Ratio;
}

std::string_view drillQuantityName(DrillQuantity q)
{
    return q == DrillQuantity::Count ? std::string_view() : kNames[std::size_t(q)];
}

std::optional<DrillQuantity> drillQuantityFromName(std::string_view name)
{
    for (std::size_t i = 0; i < std::size(kNames); ++i)
        if (kNames[i] == name)
            return DrillQuantity(i);
    return std::nullopt;
}

double drillAnswer(DrillQuantity q, const Scenario& s)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Estimate e = estimate(s);
    if (!e.valid)
        return nan;
    const RankGroup& g = e.fullest();
    switch (q) {
    case DrillQuantity::ModelStatesPerGpu:
        return g.categoryBytes(Category::Parameters) + g.categoryBytes(Category::Gradients) + g.categoryBytes(Category::OptimizerStates);
    case DrillQuantity::WeightsPerGpu: return g.bytes[std::size_t(Component::Weights)];
    case DrillQuantity::FullestGpu: return fullestTotal(e);
    case DrillQuantity::KvCachePerSequence: return e.inference.kvBytesPerSequence;
    case DrillQuantity::TrainingDays: return e.compute.trainingSeconds / kSecondsPerDay;
    case DrillQuantity::GpuHours: return e.compute.gpuHours;
    case DrillQuantity::CostUsd: return e.compute.cost;
    case DrillQuantity::TotalModelFlops: return e.compute.totalModelFlops;
    case DrillQuantity::Zero3CommunicationRatio: {
        Scenario z3 = s, z0 = s;
        setFieldValue(z3, Field::TrainingZeroStage, 3);
        setFieldValue(z0, Field::TrainingZeroStage, 0); // without the offload ZeRO 0 cannot have (core/rules)
        const Estimate a = estimate(z3), b = estimate(z0);
        if (!a.valid || !b.valid || b.communication.dataParallel <= 0)
            return nan;
        return a.communication.dataParallel / b.communication.dataParallel;
    }
    case DrillQuantity::Count: break;
    }
    return nan;
}

Guess parseGuess(std::string_view text, GuessDimension dimension)
{
    Guess g;
    std::string_view s = text;
    skipSpaces(s);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n'))
        s.remove_suffix(1);
    if (s.empty())
        return g;
    // Currency first: "$220k", "¥1.5M", "US$ 2e5".
    bool money = false;
    for (std::string_view sign : {"us$", "US$", "$", "\xC2\xA5", "\xEF\xBF\xA5"}) { // ¥ ￥
        if (startsWith(s, sign)) {
            s.remove_prefix(sign.size());
            money = true;
            break;
        }
    }
    skipSpaces(s);
    double value = 0;
    if (!readNumber(s, value)) {
        g.error = GuessError::NotANumber;
        return g;
    }
    skipSpaces(s);
    // Count suffixes where a guess counts things (dollars, FLOPs, GPU-hours): 220k, 1.5M, 2B.
    std::string rest = lower(s);
    const bool counts = money || dimension == GuessDimension::Money || dimension == GuessDimension::Flops || dimension == GuessDimension::Hours;
    const auto single = [&rest](char c) { return !rest.empty() && rest[0] == c && (rest.size() == 1 || !std::isalpha(static_cast<unsigned char>(rest[1]))); };
    if (counts)
        for (const auto& [c, scale] : {std::pair{'k', 1e3}, std::pair{'m', 1e6}, std::pair{'b', 1e9}, std::pair{'t', 1e12}})
            if (single(c)) {
                value *= scale;
                std::string_view r = std::string_view(rest).substr(1);
                skipSpaces(r);
                rest = std::string(r);
                break;
            }
    if (startsWith(rest, "\xE4\xB8\x87")) { // 万 (10⁴)
        value *= 1e4;
        rest.erase(0, 3);
    }
    if (rest.empty()) {
        g.error = money && dimension != GuessDimension::Money ? GuessError::WrongUnit : GuessError::None;
        g.value = value; // in the display unit: GB, days, hours, USD, FLOPs, ×
        if (dimension == GuessDimension::Bytes)
            g.value = value * kGB;
        return g;
    }
    for (const UnitWord& u : kUnits) {
        if (rest == u.word || (startsWith(rest, u.word) && rest.size() > u.word.size() && !std::isalpha(static_cast<unsigned char>(rest[u.word.size()]))
                               && static_cast<unsigned char>(rest[u.word.size()]) < 0x80)) {
            if (!compatible(u.dimension, dimension) || money) {
                g.error = GuessError::WrongUnit;
                return g;
            }
            g.value = toWanted(value * u.scale, u.dimension, dimension);
            g.error = GuessError::None;
            return g;
        }
    }
    g.error = GuessError::WrongUnit;
    return g;
}

Verdict judge(double guess, double answer)
{
    Verdict v;
    if (!(answer > 0) || !(guess > 0)) {
        v.ratio = answer == guess ? 1 : 0;
        v.band = answer == guess ? Verdict::Band::Close : Verdict::Band::Off;
        return v;
    }
    v.ratio = guess / answer;
    const double off = std::max(v.ratio, 1 / v.ratio);
    v.band = off <= 1.1 ? Verdict::Band::Close : off <= 1.3 ? Verdict::Band::Near : off <= 2 ? Verdict::Band::Order : Verdict::Band::Off;
    return v;
}

} // namespace core
