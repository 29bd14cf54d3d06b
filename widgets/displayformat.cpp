#include "widgets/displayformat.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

#include "core/units.h"

namespace DisplayFormat {

namespace {

QString fixed(double v, int decimals)
{
    return QLocale().toString(v, 'f', decimals);
}

/// Three significant digits, never in exponent form: 1.23, 12.3, 123.
QString threeDigits(double v)
{
    const double a = std::fabs(v);
    return fixed(v, a >= 100 ? 0 : a >= 10 ? 1 : 2);
}

QString superscript(int exponent)
{
    static const char16_t kDigits[] = u"⁰¹²³⁴⁵⁶⁷⁸⁹";
    QString out;
    const QString digits = QString::number(std::abs(exponent));
    if (exponent < 0)
        out += QChar(u'⁻');
    for (QChar c : digits)
        out += QChar(kDigits[c.digitValue()]);
    return out;
}

} // namespace

namespace {
MemoryUnit g_unit = MemoryUnit::GB;
}

MemoryUnit memoryUnit()
{
    return g_unit;
}

void setMemoryUnit(MemoryUnit unit)
{
    g_unit = unit;
}

QString capacity(double value, MemoryUnit unit)
{
    const double gib = value / core::kGiB;
    // Whole GiB as a whole number (80), others to one decimal (H20: 95.6).
    const QString binary = QLocale().toString(gib, 'f', std::fabs(gib - std::round(gib)) < 0.005 ? 0 : 1);
    //: a GPU's capacity in binary units; %1 = number
    const QString named = QCoreApplication::translate("DisplayFormat", "%1 GiB").arg(binary);
    if (unit == MemoryUnit::GiB)
        return named;
    //: a GPU's capacity: %1 = "80 GiB", %2 = the same in decimal GB ("85.9 GB")
    return QCoreApplication::translate("DisplayFormat", "%1 (%2)").arg(named, bytes(value, MemoryUnit::GB, 1));
}

QString bytesExact(double value, MemoryUnit unit, int decimals)
{
    double v = value / bytesPerUnit(unit);
    QString name = unitName(unit);
    if (std::fabs(v) >= 1000) {
        v /= unit == MemoryUnit::GB ? 1000 : 1024;
        name = unit == MemoryUnit::GB ? QCoreApplication::translate("DisplayFormat", "TB") : QCoreApplication::translate("DisplayFormat", "TiB");
    }
    // Two decimals say 26.25 GB; above 100 the fourth digit is the last one worth writing.
    QString number = QLocale().toString(v, 'f', std::fabs(v) >= 100 ? std::min(decimals, 1) : decimals);
    const QChar point = QLocale().decimalPoint().front();
    if (number.contains(point)) {
        while (number.endsWith(QLatin1Char('0')))
            number.chop(1);
        if (number.endsWith(point))
            number.chop(1);
    }
    return QCoreApplication::translate("DisplayFormat", "%1 %2").arg(number, name);
}

double bytesPerUnit(MemoryUnit unit)
{
    return unit == MemoryUnit::GB ? core::kGB : core::kGiB;
}

std::vector<double> memoryTicks(double topBytes, MemoryUnit unit)
{
    std::vector<double> ticks;
    const double per = bytesPerUnit(unit);
    const double raw = topBytes / per / 4;
    if (!(raw > 0) || !std::isfinite(raw))
        return ticks;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double step = (raw / mag < 1.5 ? 1 : raw / mag < 3.5 ? 2 : raw / mag < 7.5 ? 5 : 10) * mag * per;
    for (double b = 0; b <= topBytes && ticks.size() < 32; b += step)
        ticks.push_back(b);
    return ticks;
}

QString unitName(MemoryUnit unit)
{
    return unit == MemoryUnit::GB ? QCoreApplication::translate("DisplayFormat", "GB") : QCoreApplication::translate("DisplayFormat", "GiB");
}

QString bytes(double value, MemoryUnit unit, int decimals)
{
    double v = value / bytesPerUnit(unit);
    // Thousands of GB read better as TB ("2.03 TB", not "2,027.6 GB").
    if (std::fabs(v) >= 1000) {
        v /= unit == MemoryUnit::GB ? 1000 : 1024;
        const QString name = unit == MemoryUnit::GB ? QCoreApplication::translate("DisplayFormat", "TB")
                                                    : QCoreApplication::translate("DisplayFormat", "TiB");
        //: %1 = number, %2 = TB or TiB
        return QCoreApplication::translate("DisplayFormat", "%1 %2").arg(fixed(v, 2), name);
    }
    if (decimals < 0)
        decimals = std::fabs(v) < 10 ? 2 : 1;
    //: %1 = number, %2 = GB or GiB
    return QCoreApplication::translate("DisplayFormat", "%1 %2").arg(fixed(v, decimals), unitName(unit));
}

QString count(double value)
{
    const double a = std::fabs(value);
    //: count suffixes: trillion, billion, million, thousand; %1 = number
    if (a >= 1e12) return QCoreApplication::translate("DisplayFormat", "%1 T").arg(threeDigits(value / 1e12));
    if (a >= 1e9) return QCoreApplication::translate("DisplayFormat", "%1 B").arg(threeDigits(value / 1e9));
    if (a >= 1e6) return QCoreApplication::translate("DisplayFormat", "%1 M").arg(threeDigits(value / 1e6));
    if (a >= 1e4) return QCoreApplication::translate("DisplayFormat", "%1 k").arg(threeDigits(value / 1e3));
    // Whole counts as they are (5,120 tokens); fractions of small ones to three digits (6.35 GPU-hours).
    if (value == std::round(value) || a >= 100)
        return QLocale().toString(std::round(value), 'f', 0);
    return threeDigits(value);
}

QString days(double d)
{
    if (d >= 730)
        //: %1 = number of years
        return QCoreApplication::translate("DisplayFormat", "%1 years").arg(threeDigits(d / 365.25));
    if (d >= 2)
        //: %1 = number of days
        return QCoreApplication::translate("DisplayFormat", "%1 days").arg(threeDigits(d));
    if (d * 24 >= 2)
        //: %1 = number of hours
        return QCoreApplication::translate("DisplayFormat", "%1 hours").arg(threeDigits(d * 24));
    //: %1 = number of minutes
    return QCoreApplication::translate("DisplayFormat", "%1 min").arg(threeDigits(d * 24 * 60));
}

QString duration(double seconds)
{
    if (seconds > 0 && seconds < 1)
        //: %1 = number of milliseconds
        return QCoreApplication::translate("DisplayFormat", "%1 ms").arg(threeDigits(seconds * 1e3));
    if (seconds < 120)
        //: %1 = number of seconds
        return QCoreApplication::translate("DisplayFormat", "%1 s").arg(threeDigits(seconds));
    return days(seconds / core::kSecondsPerDay);
}

QString money(double dollars)
{
    const double a = std::fabs(dollars);
    //: money: %1 = amount in US dollars, with a suffix for thousands, millions, billions
    if (a >= 1e9) return QCoreApplication::translate("DisplayFormat", "$%1 B").arg(threeDigits(dollars / 1e9));
    if (a >= 1e6) return QCoreApplication::translate("DisplayFormat", "$%1 M").arg(threeDigits(dollars / 1e6));
    if (a >= 1e4) return QCoreApplication::translate("DisplayFormat", "$%1 k").arg(threeDigits(dollars / 1e3));
    return QCoreApplication::translate("DisplayFormat", "$%1").arg(fixed(dollars, a >= 100 ? 0 : 2));
}

QString percent(double fraction, int decimals)
{
    //: %1 = percentage number
    return QCoreApplication::translate("DisplayFormat", "%1 %").arg(fixed(fraction * 100, decimals));
}

QString scientific(double value, const QString& unit)
{
    if (value == 0 || !std::isfinite(value))
        return unit.isEmpty() ? QStringLiteral("0") : QStringLiteral("0 ") + unit;
    const int exponent = int(std::floor(std::log10(std::fabs(value))));
    if (exponent >= -2 && exponent < 5)
        return unit.isEmpty() ? threeDigits(value) : threeDigits(value) + QLatin1Char(' ') + unit;
    const double mantissa = value / std::pow(10.0, exponent);
    QString text = fixed(mantissa, 2) + QStringLiteral(" × 10") + superscript(exponent);
    return unit.isEmpty() ? text : text + QLatin1Char(' ') + unit;
}

} // namespace DisplayFormat
