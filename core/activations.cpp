#include "core/activations.h"

#include <algorithm>

#include "core/model/linearmixer.h"
#include "core/translatable.h"

namespace core {

namespace {

constexpr TensorSplit kTp = TensorSplit::TensorSharded;
constexpr TensorSplit kSp = TensorSplit::SequenceSharded;
constexpr LayerBlock kAttn = LayerBlock::Attention;
constexpr LayerBlock kMlp = LayerBlock::Mlp;
constexpr LayerBlock kNorm = LayerBlock::Norms;

// Korthikanti §4.1: attention 11sbh + 5as²b, MLP 19sbh, norms 4sbh for a GPT layer.
constexpr std::array<TensorInfo, std::size_t(TensorKind::Count)> kTensors{{
    {"attn_norm_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Input of the attention norm"), "2·s·b·h", kNorm, kSp, true},
    {"qkv_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "QKV projection input"), "2·s·b·h", kAttn, kSp, true},
    {"query", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Query (for QKᵀ)"), "2·s·b·a·d", kAttn, kTp, true},
    {"key", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Key (for QKᵀ)"), "2·s·b·g·d", kAttn, kTp, true},
    {"query_for_recompute", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Query (input of the recomputed attention core)"), "2·s·b·a·d", kAttn, kTp, true},
    {"key_for_recompute", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Key (input of the recomputed attention core)"), "2·s·b·g·d", kAttn, kTp, true},
    {"softmax_output", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Softmax output"), "2·a·s²·b", kAttn, kTp, true},
    {"softmax_dropout_mask", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Attention dropout mask"), "a·s²·b", kAttn, kTp, true},
    {"attention_dropout_output", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Attention dropout output (for ·V)"), "2·a·s²·b", kAttn, kTp, true},
    {"value", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Value (for ·V)"), "2·s·b·g·d", kAttn, kTp, true},
    {"flash_softmax_lse", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "FlashAttention log-sum-exp (fp32)"), "4·s·b·a", kAttn, kTp, false},
    {"attention_output", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Output-projection input"), "2·s·b·a·d", kAttn, kTp, true},
    {"attention_residual_dropout_mask", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Attention-block dropout mask"), "s·b·h", kAttn, kSp, true},
    {"mlp_norm_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Input of the MLP norm"), "2·s·b·h", kNorm, kSp, true},
    {"fc1_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "First MLP linear input"), "2·s·b·h", kMlp, kSp, true},
    {"gelu_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "GELU input"), "2·s·b·F", kMlp, kTp, true},
    {"swiglu_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "SwiGLU input (gate and up, 2F wide)"), "4·s·b·F", kMlp, kTp, true},
    {"fc2_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Second MLP linear input"), "2·s·b·F", kMlp, kTp, true},
    {"mlp_dropout_mask", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "MLP dropout mask"), "s·b·h", kMlp, kSp, true},
    {"layernorm_statistics", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "LayerNorm mean and rstd (fp32, two norms)"), "2·8·s·b", kNorm, kSp, false},
    {"rmsnorm_statistics", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "RMSNorm rstd (fp32, two norms)"), "2·4·s·b", kNorm, kSp, false},
    {"layer_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Layer input (checkpoint)"), "2·s·b·h", kNorm, kSp, true},
    {"mla_latents", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "MLA latents (compressed Q and KV with their norms)"), "2·s·b·(2·q_lora + 2·kv_lora + rope)", kAttn, kSp, false},
    {"router_probabilities", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Router probabilities (fp32)"), "4·s·b·E", kMlp, kSp, false},
    {"expert_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Tokens dispatched to experts"), "2·s·b·k·CF·h", kMlp, kSp, false},
    {"expert_gelu_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Expert GELU input"), "2·s·b·k·CF·F_e", kMlp, kSp, false},
    {"expert_swiglu_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Expert SwiGLU input (2F_e wide)"), "4·s·b·k·CF·F_e", kMlp, kSp, false},
    {"expert_fc2_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Expert second linear input"), "2·s·b·k·CF·F_e", kMlp, kSp, false},
    {"expert_output", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Expert outputs (for the weighted combine)"), "2·s·b·k·CF·h", kMlp, kSp, false},
    {"shared_expert_activation_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Shared-expert activation input"), "2·s·b·F_s (×2 gated)", kMlp, kTp, false},
    {"shared_expert_fc2_input", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Shared-expert second linear input"), "2·s·b·F_s", kMlp, kTp, false},
    {"lora_intermediates", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "LoRA x·A products"), "2·s·b·r × adapted matrices", kAttn, kSp, false},
    {"gate_projection_output", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "First MLP projection output (w1)"), "2·s·b·F", kMlp, kTp, false},
    {"mlp_output", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "MLP output (w2)"), "2·s·b·h", kMlp, kSp, false},
    {"eager_norm_tensors", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "RMSNorm fp32 input and normalized output (two eager norms)"), "2 × (4 + 2)·s·b·h", kNorm, kSp, false},
    {"silu_output", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "SiLU output (eager SwiGLU)"), "2·s·b·F", kMlp, kTp, false},
    {"rope_inputs", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "RoPE inputs of Q and K (eager rotary embedding)"), "4·s·b·(a + g)·d", kAttn, kTp, false},
    {"repeated_kv", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "K and V repeated to every head (repeat_kv)"), "2·2·s·b·(a − g)·d", kAttn, kTp, false},
    // Linear mixers (issue 28). Gated DeltaNet: FLA chunk.py @bc3b101d lines 253–335 saves q, k, v,
    // g, β and A = (I + A)⁻¹ per 64-token chunk; the causal conv keeps its input; the gated norm
    // and out_proj keep the core output. Mamba-2: ssd_combined.py @e9594ce1 lines 820–898 saves
    // zxbcdt (the in_proj output), out_x and the norm's rstd; chunk states are recomputed.
    {"linear_projection_output", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Linear mixer input projection output (conv input and gates)"), "2·s·b·in_proj", kAttn, kTp, false},
    {"linear_conv_output", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Linear mixer q, k, v after the causal conv"), "2·s·b·(2·Hk·dk + Hv·dv)", kAttn, kTp, false},
    {"delta_chunk_tensors", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Gated DeltaNet chunk inverse (64 per head) and fp32 decay and beta"), "2·s·b·Hv·64 + 8·s·b·Hv", kAttn, kTp, false},
    {"linear_core_output", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Linear mixer output (gated norm and out_proj inputs)"), "2·2·s·b·Hv·dv", kAttn, kTp, false},
}};

} // namespace

const TensorInfo& tensorInfo(TensorKind kind)
{
    return kTensors[std::size_t(kind)];
}

ActivationShape activationShape(const Scenario& scenario, const ModelArchitecture& shape, LayerKind kind)
{
    ActivationShape a;
    a.seq = double(scenario.training.seqLength);
    a.microBatch = double(scenario.training.microBatchSize);
    a.hidden = shape.hiddenSize;
    a.heads = shape.numAttentionHeads;
    a.kvHeads = shape.numQueryGroups > 0 ? shape.numQueryGroups : shape.numAttentionHeads;
    a.headDim = shape.effectiveHeadDim();
    a.ffn = shape.ffnHiddenSize;
    a.gated = shape.gatedMlp;
    a.dropout = shape.dropout;
    a.layerNorm = shape.normalization == Normalization::LayerNorm;
    a.elementBytes = activationBytes(scenario.training.precision);
    a.tensor = scenario.parallel.tensor;
    a.context = scenario.parallel.context;
    a.sequenceParallel = scenario.parallel.sequenceParallel && scenario.parallel.tensor > 1;
    a.recompute = scenario.training.recompute;
    a.flashAttention = scenario.training.flashAttention;
    // torchtitan's "selective" is per-op checkpointing (train_configs: selective_ac_option = "op").
    a.selectiveOps = scenario.training.framework == Framework::Fsdp2 && scenario.training.recompute == Recompute::Selective;
    // FP8 training (Transformer Engine) keeps the inputs of its FP8 GEMMs in FP8 for the weight
    // gradient; norms, attention and the activation function stay 16-bit.
    a.gemmInputBytes = scenario.training.precision == PrecisionRecipe::Fp8Mixed ? 1 : a.elementBytes;
    a.eagerModules = scenario.training.framework != Framework::Megatron;
    a.rotary = shape.positionEmbedding == PositionEmbedding::Rotary;
    if (shape.isMla()) {
        a.mla = true;
        a.qkHeadDim = double(shape.qkNopeHeadDim) + shape.qkRopeHeadDim;
        a.vHeadDim = shape.vHeadDim;
        a.qLoraRank = shape.qLoraRank;
        a.kvLatent = double(shape.kvLoraRank) + shape.qkRopeHeadDim;
    }
    if (kind == LayerKind::LinearAttention || kind == LayerKind::LinearMixerOnly) {
        a.linear = shape.linearMixer;
        a.linearQk = double(shape.linearNumKeyHeads) * shape.linearKeyHeadDim;
        a.linearV = double(shape.linearNumValueHeads) * shape.linearValueHeadDim;
        a.linearHeads = shape.linearNumValueHeads;
        a.linearKeyHeads = shape.linearNumKeyHeads;
        a.linearInProjection = linearInProjection(shape);
        a.noMlp = kind == LayerKind::LinearMixerOnly;
    }
    if ((kind == LayerKind::Moe || kind == LayerKind::LinearAttention) && shape.isMoE()) {
        a.moe = true;
        a.experts = shape.numExperts;
        a.topK = shape.moeTopK;
        a.capacityFactor = scenario.training.moeCapacityFactor;
        a.expertFfn = shape.moeFfnHiddenSize;
        a.sharedFfn = shape.sharedExpertWidth();
        a.expertTensor = scenario.parallel.effectiveExpertTensor();
    }
    return a;
}

void layerActivations(const ActivationShape& x, LayerActivations& out)
{
    out.count = 0;
    out.recomputeWorkspace = 0;
    const double e = x.elementBytes;        // bytes of one saved 16-bit element
    const double gi = x.gemmInputBytes;     // … of a saved GEMM input
    const double t = x.tensor;
    const double sLocal = x.seq / x.context; // CP: each rank holds s/c tokens
    const double T = sLocal * x.microBatch;  // tokens per micro-batch on this rank
    const double h = x.hidden, a = x.heads, g = x.kvHeads, F = x.ffn;
    // Per-token widths of Q, K, V and the attention output (MLA: every head has its own K/V
    // after the up-projection, Q/K carry the RoPE part).
    const double qWidth = x.mla ? a * x.qkHeadDim : a * x.headDim;
    const double kWidth = x.mla ? a * x.qkHeadDim : g * x.headDim;
    const double vWidth = x.mla ? a * x.vHeadDim : g * x.headDim;
    const double oWidth = x.mla ? a * x.vHeadDim : a * x.headDim;
    // Attention scores: each local query row against all keys (s/c × s per head).
    const double scores = x.microBatch * a * sLocal * x.seq;
    // Full recomputation lists the complete layer first: that is what it rebuilds per layer.
    const bool attentionCoreSaved = !x.flashAttention && x.recompute != Recompute::Selective;
    const bool selective = x.recompute == Recompute::Selective && !x.selectiveOps;
    const double seqShard = x.sequenceParallel ? t : 1.0;
    double full = 0, paper = 0;

    auto add = [&](TensorKind kind, double unsharded) {
        const TensorInfo& info = kTensors[std::size_t(kind)];
        const double bytes = unsharded / (info.split == TensorSplit::TensorSharded ? t : seqShard);
        out.tensors[std::size_t(out.count++)] = SavedTensor{kind, bytes};
        full += bytes;
        if (info.inPaper)
            paper += bytes;
    };

    // Eager RMSNorm (HF LlamaRMSNorm, torchtitan/torchtune RMSNorm): the fp32 copy of the input
    // (saved by pow and mul) and the bf16 normalized output (saved by the weight multiply); the
    // bf16 input itself is not kept. Fused norms keep the input.
    const bool eagerNorm = x.eagerModules && !x.layerNorm;
    // LoRA/QLoRA freeze the norm weights with the rest of the base: the weight multiply then keeps
    // nothing, since autograd saves a multiply's input only for the other input's gradient
    // (PyTorch tools/autograd/gen_variable_type.py @ 9e69e82, emit_save_inputs guard_for: "We don't
    // want to save tensors if we know that they will never be used"), and only the fp32 copy stays.
    const bool frozenNorms = x.loraRankTimesTargets > 0;
    if (eagerNorm)
        add(TensorKind::EagerNormTensors, 2 * (4 + (frozenNorms ? 0 : e)) * T * h);
    else
        add(TensorKind::AttentionNormInput, e * T * h);
    add(TensorKind::QkvInput, gi * T * h);
    if (x.linear != LinearMixer::None) {
        // The linear mixer in place of attention: nothing grows with s².
        add(TensorKind::LinearProjectionOutput, e * T * x.linearInProjection);
        if (x.linear == LinearMixer::GatedDeltaNet) {
            add(TensorKind::LinearConvOutput, e * T * (2 * x.linearQk + x.linearV));
            add(TensorKind::DeltaChunkTensors, e * T * x.linearHeads * 64 + 8 * T * x.linearHeads);
        }
        if (x.linear == LinearMixer::GatedDeltaNet)
            add(TensorKind::LinearCoreOutput, (e + gi) * T * x.linearV);
        else // Mamba-2's fused path keeps out_x and the fp32 rstd of each norm group; it recomputes the norm output
            add(TensorKind::LinearCoreOutput, e * T * x.linearV + 4 * T * x.linearKeyHeads);
    } else {
        if (attentionCoreSaved) {
            add(TensorKind::Query, e * T * qWidth);
            add(TensorKind::Key, e * T * kWidth);
            add(TensorKind::SoftmaxOutput, e * scores);
            if (x.dropout) {
                add(TensorKind::SoftmaxDropoutMask, scores);
                add(TensorKind::AttentionDropoutOutput, e * scores);
            }
        } else {
            // Selective recomputation or FlashAttention: the s² tensors are rebuilt in the
            // backward from Q and K, which stay saved.
            add(TensorKind::QueryForRecompute, e * T * qWidth);
            add(TensorKind::KeyForRecompute, e * T * kWidth);
        }
        add(TensorKind::Value, e * T * vWidth);
        if (x.eagerModules && !x.mla) {
            // apply_rotary_pos_emb: q·cos + rotate_half(q)·sin saves q and rotate_half(q) (torchtitan
            // and torchtune: one fp32 copy), the same for k; repeat_kv copies K and V to all heads.
            if (x.rotary)
                add(TensorKind::RopeInputs, 4 * T * (qWidth + kWidth));
            if (kWidth < qWidth)
                add(TensorKind::RepeatedKv, 2 * e * T * (qWidth - kWidth));
        }
        if (x.flashAttention)
            add(TensorKind::FlashSoftmaxLse, 4 * T * a); // fp32 log-sum-exp per query and head (Dao et al. 2022)
        add(TensorKind::AttentionOutput, gi * T * oWidth);
        if (x.mla) // down-projected Q and KV and their RMSNorm outputs, kept for the up-projections' backward
            add(TensorKind::MlaLatents, e * T * 2 * (x.qLoraRank + x.kvLatent));
    }
    if (x.loraRankTimesTargets > 0)
        add(TensorKind::LoraIntermediates, e * T * x.loraRankTimesTargets);
    if (x.dropout)
        add(TensorKind::AttentionResidualDropoutMask, T * h);

    if (!x.noMlp) {
        if (!eagerNorm)
            add(TensorKind::MlpNormInput, e * T * h);
        add(TensorKind::Fc1Input, gi * T * h);
        if (x.moe) {
            // MoE block (Megatron MoE layer): fp32 router probabilities; each token dispatched to k
            // experts (× capacity factor), their MLP tensors, and the expert outputs kept for the
            // weighted combine. Expert TP divides the expert FFN width.
            const double routed = T * x.topK * x.capacityFactor;
            const double et = std::max(1, x.expertTensor);
            add(TensorKind::RouterProbabilities, 4 * T * x.experts);
            add(TensorKind::ExpertInput, gi * routed * h);
            if (x.gated)
                add(TensorKind::ExpertSwigluInput, 2 * e * routed * x.expertFfn / et);
            else
                add(TensorKind::ExpertGeluInput, e * routed * x.expertFfn / et);
            add(TensorKind::ExpertFc2Input, gi * routed * x.expertFfn / et);
            add(TensorKind::ExpertOutput, e * routed * h);
            if (x.sharedFfn > 0) {
                add(TensorKind::SharedExpertActivationInput, (x.gated ? 2 : 1) * e * T * x.sharedFfn);
                add(TensorKind::SharedExpertFc2Input, gi * T * x.sharedFfn);
            }
        } else {
            if (x.gated) {
                add(TensorKind::SwigluInput, 2 * e * T * F); // both halves of the 2F-wide projection
                if (x.eagerModules) // act_fn(gate_proj(x)) * up_proj(x): the mul saves the SiLU output
                    add(TensorKind::SiluOutput, e * T * F);
            } else
                add(TensorKind::GeluInput, e * T * F);
            add(TensorKind::Fc2Input, gi * T * F);
        }
        if (x.dropout)
            add(TensorKind::MlpDropoutMask, T * h);
    }

    // Norm statistics (fp32 per token): LayerNorm mean + rstd, RMSNorm rstd only. Table 2
    // neglects them; they are what distinguishes the two norms in memory.
    if (x.layerNorm)
        add(TensorKind::LayerNormStatistics, 16 * T);
    else
        add(TensorKind::RmsNormStatistics, 8 * T);

    if (x.recompute == Recompute::Full) {
        // Full recomputation keeps only the layer input (Korthikanti Table 2: 2sbh, ÷t with SP)
        // and rebuilds everything above, one layer at a time, during the backward.
        out.recomputeWorkspace = full;
        out.count = 0;
        full = paper = 0;
        add(TensorKind::LayerInput, e * T * h);
    } else if (x.selectiveOps) {
        // torchtitan _apply_ac_to_transformer_block (op policy): the checkpoint keeps the block
        // input and the outputs of the ops in _save_list (every other mm: wq, wv, w1, and w2
        // when the MLP is gated; SDPA with its log-sum-exp); the backward reruns the rest.
        const double before = full;
        out.count = 0;
        full = paper = 0;
        add(TensorKind::LayerInput, e * T * h);
        if (x.linear != LinearMixer::None) {
            add(TensorKind::LinearCoreOutput, e * T * x.linearV);
        } else {
            add(TensorKind::Query, e * T * qWidth);
            add(TensorKind::Value, e * T * vWidth);
            add(TensorKind::AttentionOutput, e * T * oWidth);
            add(TensorKind::FlashSoftmaxLse, 4 * T * a);
        }
        if (!x.moe && !x.noMlp) {
            add(TensorKind::GateProjectionOutput, e * T * F);
            if (x.gated)
                add(TensorKind::MlpOutput, e * T * h);
        }
        out.recomputeWorkspace = std::max(0.0, before - full);
    } else if (selective && !x.flashAttention && x.linear == LinearMixer::None) {
        // The attention core (softmax and, with dropout, its mask and output) is rebuilt for
        // one layer at a time.
        out.recomputeWorkspace = (e * scores + (x.dropout ? (1 + e) * scores : 0)) / t;
    }
    // The backward of one layer: dY arriving, dX leaving, and the larger block's intermediate
    // gradients.
    {
        const double et = std::max(1, x.expertTensor);
        const double mlpWidth = x.moe ? T * x.topK * x.capacityFactor * x.expertFfn / et + T * x.sharedFfn / t : T * F / t;
        const double mlp = x.noMlp ? 0 : e * mlpWidth * (x.gated ? 3 : 2);
        const double qkv = e * T * (qWidth + kWidth + vWidth) / t;
        // A linear mixer: the gradients of its projection output and of q, k, v after the conv.
        const double attention = x.linear != LinearMixer::None ? e * T * (x.linearInProjection + 2 * x.linearQk + x.linearV) / t
            : x.flashAttention                                 ? qkv + 4 * T * qWidth / t
                                                               : qkv + 2 * e * scores / t;
        out.backwardWorkspace = 2 * e * T * h / seqShard + std::max(mlp, attention);
    }
    out.total = full;
    out.paperTotal = paper;
}

LayerActivations layerActivations(const ActivationShape& shape)
{
    LayerActivations out;
    layerActivations(shape, out);
    return out;
}

} // namespace core
