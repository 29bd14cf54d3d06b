#pragma once

#include <cstdint>
#include <string>

namespace core {

enum class Normalization { RMSNorm, LayerNorm };
enum class PositionEmbedding { Rotary, Learned };
/// How RoPE is stretched past the trained context (HF rope_scaling.rope_type).
enum class RopeScaling { None, Llama3, Yarn, Linear };
/// The MLP's activation; Auto: SiLU when gated (SwiGLU), GELU otherwise (Megatron-LM's defaults).
enum class Activation { Auto, Silu, Gelu, GeluTanh, Relu, SquaredRelu };

/// A decoder-only transformer. Either an architecture (hasArchitecture) or just a
/// parameter count; counts are doubles (see units.h).
struct ModelArchitecture
{
    std::string preset;           ///< preset id it came from, empty for a custom model
    std::string name;             ///< display name
    bool hasArchitecture = true;  ///< false: only `parameters` is known
    double parameters = 0;        ///< only used when !hasArchitecture

    int numLayers = 0;
    int hiddenSize = 0;
    int ffnHiddenSize = 0;
    int numAttentionHeads = 0;
    int numQueryGroups = 0;       ///< KV heads; == heads for MHA, 1 for MQA
    int headDim = 0;              ///< 0: hidden / heads (Megatron kv_channels)
    int vocabSize = 0;
    int padVocabMultiple = 0;     ///< 0: no padding; else Megatron make_vocab_size_divisible_by (×TP)
    int maxPositionEmbeddings = 0;
    bool tiedEmbeddings = false;
    bool gatedMlp = true;         ///< SwiGLU/GeGLU: three h×F matrices instead of two
    Normalization normalization = Normalization::RMSNorm;
    PositionEmbedding positionEmbedding = PositionEmbedding::Rotary;
    bool linearBias = false;      ///< biases on every linear layer (GPT-2/3)
    bool qkvBias = false;         ///< biases on Q, K, V only (Qwen2); implied by linearBias
    bool dropout = false;         ///< hidden and attention dropout during training (GPT: yes, Llama: no)

    int normsPerLayer = 2;        ///< norms per layer (Gemma 2/3 have 4: pre and post)
    bool qkNorm = false;          ///< per-head RMSNorm on Q and K (Gemma 3, Qwen 3): 2·head_dim each

    // Mixture of experts: zero experts means a dense model. Which layers are MoE layers follows
    // from these keys (core/model/layerpattern.h layerPattern).
    int numExperts = 0;
    int moeTopK = 0;
    int moeFfnHiddenSize = 0;     ///< per routed expert
    int numSharedExperts = 0;     ///< always-active experts (DeepSeek, Qwen MoE)
    int sharedExpertFfnHiddenSize = 0; ///< total FFN width of the shared experts; 0: numSharedExperts × moeFfnHiddenSize
    bool sharedExpertGate = false;///< sigmoid gate h×1 on the shared expert (Qwen MoE)
    int moeLayerFrequency = 1;
    int firstDenseLayers = 0;     ///< DeepSeek first_k_dense_replace

    // Multi-head latent attention (DeepSeek-V2/V3): active when kvLoraRank > 0.
    int qLoraRank = 0;            ///< 0: Q projected directly
    int kvLoraRank = 0;
    int qkNopeHeadDim = 0;
    int qkRopeHeadDim = 0;
    int vHeadDim = 0;

    // Attention span: layers with a sliding window cache only the last `slidingWindow` tokens.
    int slidingWindow = 0;        ///< 0: every layer attends to the whole context
    int globalLayerEvery = 0;     ///< with a window: every N-th layer is global (Gemma 3: 6); 0: all layers windowed

    // What a framework needs to build the model but no estimate reads (launch files and the
    // importers carry them; issue 30): 0, None and Auto mean "not stated".
    double ropeTheta = 0;         ///< RoPE base (HF rope_theta, Megatron --rotary-base)
    RopeScaling ropeScaling = RopeScaling::None;
    double ropeScalingFactor = 0; ///< context extension factor (Llama 3.1: 8 from 8192)
    double normEpsilon = 0;       ///< rms_norm_eps / layer_norm_eps (Megatron --norm-epsilon)
    Activation activation = Activation::Auto;

    int effectiveHeadDim() const { return headDim > 0 ? headDim : (numAttentionHeads > 0 ? hiddenSize / numAttentionHeads : 0); }
    bool isMoE() const { return numExperts > 0; }
    bool isMla() const { return kvLoraRank > 0; }
    /// Layers among [first, last) that attend to the whole context (not windowed).
    int globalLayersIn(int first, int last) const;
    int sharedExpertWidth() const { return sharedExpertFfnHiddenSize > 0 ? sharedExpertFfnHiddenSize : numSharedExperts * moeFfnHiddenSize; }

    bool operator==(const ModelArchitecture&) const = default;
};

/// Parameter counts by part, for one model replica (no parallelism).
struct ParameterCounts
{
    double paddedVocab = 0;
    double embedding = 0;          ///< word embedding V'·h
    double positionEmbedding = 0;  ///< learned positions, max_pos·h
    double attentionPerLayer = 0;  ///< Q, K, V, O weights (+ biases, MLA down/up projections and their norms)
    double mlpPerLayer = 0;        ///< dense MLP weights (+ biases) of a dense layer
    double normsPerLayer = 0;      ///< the norms of a layer (+ Q/K norms)
    double perLayer = 0;           ///< attention + dense MLP + norms (a dense layer)
    // MoE layers (zero for dense models)
    double expertPerExpert = 0;    ///< one routed expert's MLP
    double routedExpertsPerLayer = 0; ///< all routed experts of one MoE layer
    double sharedExpertsPerLayer = 0;
    double routerPerLayer = 0;     ///< h·E gate
    double perMoeLayer = 0;        ///< attention + norms + router + shared + all routed experts
    double activePerMoeLayer = 0;  ///< … with only top-k routed experts
    int moeLayers = 0;
    int denseLayers = 0;
    double finalNorm = 0;
    double outputLayer = 0;        ///< V'·h when untied, else 0
    double layers = 0;             ///< Σ over layers
    double expertParameters = 0;   ///< all routed-expert weights (sharded by EP)
    double total = 0;
    double active = 0;             ///< parameters one token uses: memory uses total, compute uses active (Mixtral, Jiang et al. 2024 §2.1)
    double largestModule = 0;      ///< largest single module (ZeRO-3 gathers one at a time)
};

/// Vocabulary after Megatron-style padding to a multiple of `padVocabMultiple × tensorParallel`.
double paddedVocabSize(const ModelArchitecture& model, int tensorParallel);

/// Parameter counts from the architecture (Megatron theoretical_memory_usage.py conventions:
/// attention 2h²(1 + g/a)·(a·d/h), MLP 2hF or 3hF gated, norms h or 2h). For a
/// parameter-count-only model, total = active = parameters.
ParameterCounts countParameters(const ModelArchitecture& model, int tensorParallel = 1);

/// The "model size" slider's family of shapes: Llama-3-style (SwiGLU F ≈ 3.5h rounded to 256,
/// RMSNorm, head dim 128, 8 KV heads, V = 128256 untied), hidden size interpolated in log space
/// between the Llama-3 1B/3B/8B/70B/405B shapes and rounded to a multiple of 1024, depth chosen
/// so the count is nearest the target.
/// Valid for 10^8 … 10^13 parameters.
ModelArchitecture familyShape(double targetParameters);

} // namespace core
