#include "core/activations.h"

namespace core {

namespace {

constexpr TensorSplit kTp = TensorSplit::TensorSharded;
constexpr TensorSplit kSp = TensorSplit::SequenceSharded;
constexpr LayerBlock kAttn = LayerBlock::Attention;
constexpr LayerBlock kMlp = LayerBlock::Mlp;
constexpr LayerBlock kNorm = LayerBlock::Norms;

// Korthikanti §4.1: attention 11sbh + 5as²b, MLP 19sbh, norms 4sbh for a GPT layer.
constexpr std::array<TensorInfo, std::size_t(TensorKind::Count)> kTensors{{
    {"attn_norm_input", "Input of the attention norm", "2·s·b·h", kNorm, kSp, true},
    {"qkv_input", "QKV projection input", "2·s·b·h", kAttn, kSp, true},
    {"query", "Query (for QKᵀ)", "2·s·b·a·d", kAttn, kTp, true},
    {"key", "Key (for QKᵀ)", "2·s·b·g·d", kAttn, kTp, true},
    {"query", "Query (input of the recomputed attention core)", "2·s·b·a·d", kAttn, kTp, true},
    {"key", "Key (input of the recomputed attention core)", "2·s·b·g·d", kAttn, kTp, true},
    {"softmax_output", "Softmax output", "2·a·s²·b", kAttn, kTp, true},
    {"softmax_dropout_mask", "Attention dropout mask", "a·s²·b", kAttn, kTp, true},
    {"attention_dropout_output", "Attention dropout output (for ·V)", "2·a·s²·b", kAttn, kTp, true},
    {"value", "Value (for ·V)", "2·s·b·g·d", kAttn, kTp, true},
    {"flash_softmax_lse", "FlashAttention log-sum-exp (fp32)", "4·s·b·a", kAttn, kTp, false},
    {"attention_output", "Output-projection input", "2·s·b·a·d", kAttn, kTp, true},
    {"attention_residual_dropout_mask", "Attention-block dropout mask", "s·b·h", kAttn, kSp, true},
    {"mlp_norm_input", "Input of the MLP norm", "2·s·b·h", kNorm, kSp, true},
    {"fc1_input", "First MLP linear input", "2·s·b·h", kMlp, kSp, true},
    {"activation_input", "GELU input", "2·s·b·F", kMlp, kTp, true},
    {"activation_input", "SwiGLU input (gate and up, 2F wide)", "4·s·b·F", kMlp, kTp, true},
    {"fc2_input", "Second MLP linear input", "2·s·b·F", kMlp, kTp, true},
    {"mlp_dropout_mask", "MLP dropout mask", "s·b·h", kMlp, kSp, true},
    {"norm_statistics", "LayerNorm mean and rstd (fp32, two norms)", "2·8·s·b", kNorm, kSp, false},
    {"norm_statistics", "RMSNorm rstd (fp32, two norms)", "2·4·s·b", kNorm, kSp, false},
    {"layer_input", "Layer input (checkpoint)", "2·s·b·h", kNorm, kSp, true},
}};

} // namespace

const TensorInfo& tensorInfo(TensorKind kind)
{
    return kTensors[std::size_t(kind)];
}

ActivationShape activationShape(const Scenario& scenario, const ModelArchitecture& shape)
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
    return a;
}

void layerActivations(const ActivationShape& x, LayerActivations& out)
{
    out.count = 0;
    out.recomputeWorkspace = 0;
    const double e = x.elementBytes;        // bytes of one saved 16-bit element
    const double t = x.tensor;
    const double sLocal = x.seq / x.context; // CP: each rank holds s/c tokens
    const double T = sLocal * x.microBatch;  // tokens per micro-batch on this rank
    const double h = x.hidden, a = x.heads, g = x.kvHeads, d = x.headDim, F = x.ffn;
    // Attention scores: each local query row against all keys (s/c × s per head).
    const double scores = x.microBatch * a * sLocal * x.seq;
    // Full recomputation lists the complete layer first: that is what it rebuilds per layer.
    const bool attentionCoreSaved = !x.flashAttention && x.recompute != Recompute::Selective;
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

    add(TensorKind::AttentionNormInput, e * T * h);
    add(TensorKind::QkvInput, e * T * h);
    if (attentionCoreSaved) {
        add(TensorKind::Query, e * T * a * d);
        add(TensorKind::Key, e * T * g * d);
        add(TensorKind::SoftmaxOutput, e * scores);
        if (x.dropout) {
            add(TensorKind::SoftmaxDropoutMask, scores);
            add(TensorKind::AttentionDropoutOutput, e * scores);
        }
    } else {
        // Selective recomputation or FlashAttention: the s² tensors are rebuilt in the
        // backward from Q and K, which stay saved.
        add(TensorKind::QueryForRecompute, e * T * a * d);
        add(TensorKind::KeyForRecompute, e * T * g * d);
    }
    add(TensorKind::Value, e * T * g * d);
    if (x.flashAttention)
        add(TensorKind::FlashSoftmaxLse, 4 * T * a); // fp32 log-sum-exp per query and head (Dao et al. 2022)
    add(TensorKind::AttentionOutput, e * T * a * d);
    if (x.dropout)
        add(TensorKind::AttentionResidualDropoutMask, T * h);

    add(TensorKind::MlpNormInput, e * T * h);
    add(TensorKind::Fc1Input, e * T * h);
    if (x.gated)
        add(TensorKind::SwigluInput, 2 * e * T * F); // both halves of the 2F-wide projection
    else
        add(TensorKind::GeluInput, e * T * F);
    add(TensorKind::Fc2Input, e * T * F);
    if (x.dropout)
        add(TensorKind::MlpDropoutMask, T * h);

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
    } else if (x.recompute == Recompute::Selective && !x.flashAttention) {
        // The attention core (softmax and its dropout) is rebuilt for one layer at a time.
        out.recomputeWorkspace = (e * scores + (x.dropout ? (1 + e) * scores : 0)) / t;
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
