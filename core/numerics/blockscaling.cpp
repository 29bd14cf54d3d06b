#include "core/numerics/blockscaling.h"

#include <algorithm>
#include <cmath>

#include "core/numerics/elementgrid.h"

namespace core {

namespace {

constexpr double kE4M3Max = 448; // OCP FP8 v1.0: S.1111.110
constexpr double kE2M1Max = 6;   // OCP MX v1.0 Table 5
constexpr double kE4M3MinNormal = 0x1p-6; // torch.finfo(torch.float8_e4m3fn).tiny

} // namespace

int mxSharedExponent(double blockAbsMax, int elementMaxExponent)
{
    if (!(blockAbsMax > 0))
        return -kE8M0Bias;
    const int exponent = std::ilogb(blockAbsMax) - elementMaxExponent; // ilogb = floor(log2 |x|), exact
    return std::clamp(exponent, -kE8M0Bias, kE8M0Bias);
}

double nvfp4TensorScale(double tensorAbsMax)
{
    return tensorAbsMax / (kE4M3Max * kE2M1Max);
}

double nvfp4BlockScale(double blockAbsMax, double tensorScale)
{
    static const ElementGrid e4m3 = elementGrid(NumberFormat::Fp8E4M3, true);
    const double wanted = tensorScale > 0 ? blockAbsMax / kE2M1Max / tensorScale : 0;
    const double clamped = std::clamp(wanted, kE4M3MinNormal, kE4M3Max);
    return std::min(roundFloatMagnitude(e4m3, clamped), kE4M3Max);
}

} // namespace core
