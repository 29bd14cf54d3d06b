#include "core/numerics/elementgrid.h"

namespace core {

int ElementGrid::maxExponent() const
{
    return std::ilogb(maxValue);
}

ElementGrid floatGrid(int exponentBits, int mantissaBits, SpecialEncoding specials, bool saturate)
{
    ElementGrid g;
    g.integer = false;
    g.bits = 1 + exponentBits + mantissaBits;
    g.mantissaBits = mantissaBits;
    const int bias = (1 << (exponentBits - 1)) - 1;
    g.minExponent = 1 - bias;
    g.minNormal = std::ldexp(1.0, g.minExponent);
    const int topExponent = (1 << exponentBits) - 1 - bias; // the all-ones exponent field
    const double ulpsBelowTwo = std::ldexp(1.0, -mantissaBits);
    switch (specials) {
    case SpecialEncoding::Ieee: // the all-ones exponent is inf/NaN: max = (2 − 2^−M) · 2^(top − 1)
        g.maxValue = (2 - ulpsBelowTwo) * std::ldexp(1.0, topExponent - 1);
        break;
    case SpecialEncoding::NanOnly: // only S.1…1.1…1 is NaN: max = (2 − 2^(1−M)) · 2^top (E4M3: 448)
        g.maxValue = (2 - 2 * ulpsBelowTwo) * std::ldexp(1.0, topExponent);
        break;
    case SpecialEncoding::None: // every pattern finite: max = (2 − 2^−M) · 2^top (E2M1: 6)
        g.maxValue = (2 - ulpsBelowTwo) * std::ldexp(1.0, topExponent);
        break;
    }
    g.infinityOnOverflow = !saturate && specials == SpecialEncoding::Ieee;
    return g;
}

ElementGrid elementGrid(NumberFormat format, bool saturate)
{
    const FormatDescription f = describe(describe(format).element);
    if (f.isInteger()) {
        ElementGrid g;
        g.integer = true;
        g.bits = f.bits;
        g.mantissaBits = 0;
        g.minExponent = 0;
        g.minNormal = 1;
        g.maxValue = properties(f.format).maxValue;
        g.infinityOnOverflow = false;
        return g;
    }
    ElementGrid g = floatGrid(f.exponentBits, f.mantissaBits, f.specials, saturate || f.overflow == Overflow::Saturate);
    g.bits = f.storageBits;
    return g;
}

} // namespace core
