#pragma once

namespace core {

/// How weights, gradients and optimizer states are stored ("precision recipe").
enum class PrecisionRecipe {
    Mixed16,             ///< fp16/bf16 weights and grads + fp32 master (ZeRO §3.1, the seeds): 2 + 2 + 4
    MixedBf16Fp32Grads,  ///< Megatron default: bf16 weights, fp32 grad accumulation + fp32 master: 2 + 4 + 4
    Fp32,                ///< everything fp32, no master copy: 4 + 4
    Bf16,                ///< pure bf16: weights, grads and optimizer moments in bf16, no master: 2 + 2
    Fp8Mixed,            ///< FP8 primary weights (Megatron --fp8-param-gather), fp32 grads and master: 1 + 4 + 4
};

enum class Optimizer { Adam, AdamW, Sgd, SgdMomentum, Lion, Adam8bit, Adafactor };

/// Which numeric format the GEMMs run in, to pick the GPU's peak.
enum class ComputeDType { Fp32, Tf32, Bf16, Fp16, Fp8 };

/// Bytes per parameter of each model-state part, before any sharding.
struct StateBytesPerParameter
{
    double weights = 0;
    double gradients = 0;
    double master = 0;     ///< fp32 master copy kept by the optimizer (counted as optimizer state)
    double moments = 0;    ///< optimizer moments (Adam m and v, momentum, factored statistics)
    double optimizer() const { return master + moments; }
    double total() const { return weights + gradients + master + moments; }
};

/// `matrixAspect` is 1/rows + 1/cols averaged over the weight matrices (Adafactor's factored
/// second moment stores one row and one column accumulator per matrix); pass 0 if unknown.
StateBytesPerParameter stateBytes(PrecisionRecipe recipe, Optimizer optimizer, double matrixAspect = 0);

/// Number of per-parameter optimizer moments (Adam 2, momentum/Lion 1, SGD 0).
int optimizerMoments(Optimizer optimizer);

/// Bytes of one activation element saved for the backward pass (16-bit except the fp32 recipe).
inline double activationBytes(PrecisionRecipe recipe)
{
    return recipe == PrecisionRecipe::Fp32 ? 4 : 2;
}

/// Bytes per element of the weights as the GEMMs read them.
ComputeDType computeDType(PrecisionRecipe recipe);

/// Block size of bitsandbytes' block-wise 8-bit optimizer states (Dettmers et al. 2021);
/// each block stores one fp32 absmax.
inline constexpr double kAdam8bitBlock = 2048;

} // namespace core
