#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/model/layerkind.h"
#include "core/scenario.h"

namespace core {

/// Where a saved tensor lives in the layer (Korthikanti §4.1 groups).
enum class LayerBlock { Attention, Mlp, Norms };

/// How tensor parallelism splits a saved tensor (Korthikanti §4.2): TP-sharded tensors are
/// divided by t; "replicated" ones (norm inputs, GEMM inputs, dropout masks) only by
/// sequence parallelism.
enum class TensorSplit { TensorSharded, SequenceSharded };

/// Every tensor a transformer layer may keep for its backward pass.
enum class TensorKind : std::uint8_t {
    AttentionNormInput, QkvInput, Query, Key, QueryForRecompute, KeyForRecompute, SoftmaxOutput,
    SoftmaxDropoutMask, AttentionDropoutOutput, Value, FlashSoftmaxLse, AttentionOutput,
    AttentionResidualDropoutMask, MlpNormInput, Fc1Input, GeluInput, SwigluInput, Fc2Input, MlpDropoutMask,
    LayerNormStatistics, RmsNormStatistics, LayerInput,
    MlaLatents, RouterProbabilities, ExpertInput, ExpertGeluInput, ExpertSwigluInput, ExpertFc2Input, ExpertOutput,
    SharedExpertActivationInput, SharedExpertFc2Input, LoraIntermediates, GateProjectionOutput, MlpOutput,
    EagerNormTensors, SiluOutput, RopeInputs, RepeatedKv,
    LinearProjectionOutput, LinearConvOutput, DeltaChunkTensors, LinearCoreOutput, Count
};

struct TensorInfo
{
    std::string_view id;       ///< stable and unique: "softmax_output" (for translations)
    std::string_view label;    ///< "Softmax output"
    std::string_view formula;  ///< per micro-batch, before parallelism: "2·a·s²·b"
    LayerBlock block;
    TensorSplit split;
    bool inPaper;              ///< counted in Korthikanti Table 2 (false: small extras we add)
};

const TensorInfo& tensorInfo(TensorKind kind);

struct SavedTensor
{
    TensorKind kind;
    double bytes;              ///< per GPU, per micro-batch, after TP/SP/CP
};

/// The tensors one transformer layer keeps for its backward pass, per micro-batch.
struct LayerActivations
{
    std::array<SavedTensor, 24> tensors;
    int count = 0;
    double total = 0;       ///< all saved tensors
    double paperTotal = 0;  ///< only the terms Korthikanti Table 2 counts
    double recomputeWorkspace = 0; ///< transient: what recomputation rebuilds for one layer
    /// Transient of one layer's backward: the gradient arriving at the layer and the one it
    /// passes down (2·s·b·h), and the largest block's intermediate gradients, alive together
    /// while autograd runs the block (MLP: of the second linear's input and of the first's
    /// output, 3·s·b·F gated; attention: dQ, dK, dV and FlashAttention-2's fp32 dQ accumulator,
    /// or the s² gradients of the probabilities and the scores without it).
    double backwardWorkspace = 0;
};

/// Inputs of the per-layer activation count, resolved from a scenario.
struct ActivationShape
{
    double seq = 0;          ///< s, full sequence (CP splits it below)
    double microBatch = 0;   ///< b
    double hidden = 0;       ///< h
    double heads = 0;        ///< a
    double kvHeads = 0;      ///< g
    double headDim = 0;      ///< d
    double ffn = 0;          ///< F
    bool gated = false;
    bool dropout = true;
    bool layerNorm = true;   ///< false: RMSNorm
    double elementBytes = 2; ///< 16-bit activations
    int tensor = 1;          ///< t
    int context = 1;         ///< c
    bool sequenceParallel = false;
    Recompute recompute = Recompute::None;
    bool flashAttention = false;
    /// torchtitan's per-op selective checkpointing (selective_ac_option "op"): saves the layer
    /// input, every other matmul's output and the attention output; recomputes the rest.
    bool selectiveOps = false;
    double gemmInputBytes = 2; ///< bytes of a saved GEMM input (FP8 training saves them in FP8: 1)
    /// Layers written as plain PyTorch modules (HF transformers, torchtitan, torchtune) rather
    /// than Megatron's fused kernels: RMSNorm in fp32, SiLU and RoPE as separate ops, K and V
    /// repeated to every head; each op saves its own inputs.
    bool eagerModules = false;
    bool rotary = true;
    // Multi-head latent attention (DeepSeek): Q/K head dim, V head dim and the latent widths.
    bool mla = false;
    double qkHeadDim = 0, vHeadDim = 0, qLoraRank = 0, kvLatent = 0;
    // Mixture-of-experts MLP in place of the dense one.
    bool moe = false;
    double experts = 0, topK = 0, capacityFactor = 1, expertFfn = 0, sharedFfn = 0;
    int expertTensor = 1;
    // A linear mixer (Gated DeltaNet, Mamba-2) in place of attention (issue 28), its widths
    // (core/model/linearmixer.h), and a layer with no MLP after it (Nemotron-H's Mamba block).
    LinearMixer linear = LinearMixer::None;
    double linearQk = 0, linearV = 0, linearHeads = 0, linearKeyHeads = 0, linearInProjection = 0;
    bool noMlp = false;
    // LoRA: rank × number of adapted matrices (their x·A products are saved).
    double loraRankTimesTargets = 0;
};

/// The shape of one layer of `kind` (an MoE layer's MLP is its routed and shared experts).
ActivationShape activationShape(const Scenario& scenario, const ModelArchitecture& shape, LayerKind kind = LayerKind::Dense);

/// Korthikanti et al. 2022 (arXiv 2205.05198) §4, listed tensor by tensor. For a GPT layer
/// (MHA, GELU F = 4h, LayerNorm, dropout) `paperTotal` is exactly Table 2's row for the
/// chosen TP/SP/recompute setting.
void layerActivations(const ActivationShape& shape, LayerActivations& out);
LayerActivations layerActivations(const ActivationShape& shape);

} // namespace core
