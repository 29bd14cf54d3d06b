#include "core/steptime/eagerops.h"

#include "core/steptime_data.h"

namespace core {

namespace {

using steptime_data::constant;

constexpr double kRmsNormPasses = constant("eager_rmsnorm_passes");
constexpr double kFusedNormPasses = 2; // read h, write h: elementwise_hidden_passes' count of a norm
constexpr double kSwigluPasses = constant("eager_swiglu_passes");
constexpr double kRotaryPasses = constant("eager_rotary_passes");
constexpr double kLossBytes = constant("eager_loss_bytes_per_logit");
constexpr double kFusedLossBytes = 12; // the fused count: 3 passes of fp32 logits (steptime_model.cpp)
constexpr double kFusedGatedPasses = constant("elementwise_ffn_passes_gated");
constexpr double kFusedProjectionPasses = constant("elementwise_projection_passes");

} // namespace

EagerTraffic eagerTraffic(const ModelArchitecture& m, const TrainingSetup& tr, double q, double k)
{
    EagerTraffic out;
    if (tr.framework == Framework::Megatron)
        return out; // Transformer Engine's fused kernels and Megatron's fused cross entropy
    // torchtitan compiles each transformer block, not the loss (parallelize_llama apply_compile):
    // the loss's operators stay eager either way.
    out.lossBytesPerLogit = kLossBytes - kFusedLossBytes;
    if (tr.torchCompile)
        return out;
    // torchtitan/models/norms.py @ 026e23a RMSNorm: x.float(), pow, mean, x·rsqrt, type_as, ·weight,
    // each a kernel; nn.LayerNorm is one native kernel (the fused count).
    if (m.normalization == Normalization::RMSNorm)
        out.hidden = double(m.normsPerLayer) * (kRmsNormPasses - kFusedNormPasses);
    // torchtitan/models/llama/model.py @ 6d74b81 FeedForward: w2(F.silu(w1(x)) * w3(x)).
    if (m.gatedMlp)
        out.ffn = kSwigluPasses - kFusedGatedPasses;
    // apply_rotary_emb: Q and K to fp32, the complex product, back to 16 bits (model.py @ 6d74b81);
    // repeat_kv materialises GQA's keys and values at q width (reads 2k, writes 2q); the
    // attention output's transpose(1, 2).contiguous() reads and writes q.
    if (m.positionEmbedding == PositionEmbedding::Rotary)
        out.projection += (kRotaryPasses - kFusedProjectionPasses) * (q + k);
    if (k < q)
        out.projection += 2 * (q + k);
    out.projection += 2 * q;
    return out;
}

} // namespace core
