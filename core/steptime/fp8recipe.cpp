#include "core/steptime/fp8recipe.h"

#include "core/steptime_data.h"

namespace core {

namespace {

using steptime_data::constant;

constexpr double kCastTranspose = constant("fp8_cast_transpose_bytes");
constexpr double kAmaxRead = constant("fp8_current_amax_bytes");
constexpr double kFp4Cast = constant("nvfp4_cast_bytes");

} // namespace

Fp8RecipeCost fp8RecipeCost(Fp8Recipe recipe, const GpuStepFigures& gpu)
{
    Fp8RecipeCost c;
    switch (recipe) {
    case Fp8Recipe::Delayed:
    case Fp8Recipe::Blockwise:
    case Fp8Recipe::Mxfp8:
        // Scales known before the cast (the amax history) or found inside the cast kernel (one
        // block at a time): one fused cast-transpose pass.
        c.castBytesPerElement = kCastTranspose;
        break;
    case Fp8Recipe::Current:
        // The tensor's own amax first: one more read of it.
        c.castBytesPerElement = kCastTranspose + kAmaxRead;
        break;
    case Fp8Recipe::Nvfp4:
        c.castBytesPerElement = kFp4Cast;
        c.gemmPeakRatio = gpu.fp4PeakRatio > 0 ? gpu.fp4PeakRatio : 1;
        break;
    }
    return c;
}

} // namespace core
