#include "core/precision.h"

namespace core {

int optimizerMoments(Optimizer optimizer)
{
    switch (optimizer) {
    case Optimizer::Adam:
    case Optimizer::AdamW:
    case Optimizer::Adam8bit:
        return 2;
    case Optimizer::SgdMomentum:
    case Optimizer::Lion:
        return 1;
    case Optimizer::Sgd:
    case Optimizer::Adafactor: // factored: not one value per parameter
        return 0;
    }
    return 0;
}

StateBytesPerParameter stateBytes(PrecisionRecipe recipe, Optimizer optimizer, double matrixAspect)
{
    StateBytesPerParameter s;
    double momentBytes = 4; // fp32 moments unless the recipe or optimizer says otherwise
    switch (recipe) {
    case PrecisionRecipe::Mixed16:           s.weights = 2; s.gradients = 2; s.master = 4; break;
    case PrecisionRecipe::MixedBf16Fp32Grads: s.weights = 2; s.gradients = 4; s.master = 4; break;
    case PrecisionRecipe::Fp32:              s.weights = 4; s.gradients = 4; s.master = 0; break;
    case PrecisionRecipe::Bf16:              s.weights = 2; s.gradients = 2; s.master = 0; momentBytes = 2; break;
    case PrecisionRecipe::Fp8Mixed:          s.weights = 1; s.gradients = 4; s.master = 4; break;
    }
    switch (optimizer) {
    case Optimizer::Adam:
    case Optimizer::AdamW:
    case Optimizer::SgdMomentum:
    case Optimizer::Lion:
        s.moments = optimizerMoments(optimizer) * momentBytes;
        break;
    case Optimizer::Sgd:
        s.moments = 0;
        break;
    case Optimizer::Adam8bit:
        // Two uint8 moments plus one fp32 absmax per 2048-element block each (bitsandbytes).
        s.moments = 2 * (1 + 4 / kAdam8bitBlock);
        break;
    case Optimizer::Adafactor:
        // Factored second moment: a row and a column accumulator (fp32) per matrix, no first
        // moment (beta1 = None, the T5/HF default): 4·(1/rows + 1/cols) bytes per parameter.
        s.moments = 4 * matrixAspect;
        break;
    }
    return s;
}

ComputeDType computeDType(PrecisionRecipe recipe)
{
    switch (recipe) {
    case PrecisionRecipe::Fp32: return ComputeDType::Fp32;
    case PrecisionRecipe::Fp8Mixed: return ComputeDType::Fp8;
    case PrecisionRecipe::Mixed16:
    case PrecisionRecipe::MixedBf16Fp32Grads:
    case PrecisionRecipe::Bf16:
        return ComputeDType::Bf16;
    }
    return ComputeDType::Bf16;
}

} // namespace core
