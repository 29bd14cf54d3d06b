#pragma once

#include <cstdint>
#include <string>

namespace core {

enum class Normalization { RMSNorm, LayerNorm };
enum class PositionEmbedding { Rotary, Learned };

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

    // Mixture of experts (the MoE issue): zero experts means a dense model.
    int numExperts = 0;
    int moeTopK = 0;
    int moeFfnHiddenSize = 0;
    int numSharedExperts = 0;
    int moeLayerFrequency = 1;

    int effectiveHeadDim() const { return headDim > 0 ? headDim : (numAttentionHeads > 0 ? hiddenSize / numAttentionHeads : 0); }
    bool isMoE() const { return numExperts > 0; }
};

/// Parameter counts by part, for one model replica (no parallelism).
struct ParameterCounts
{
    double paddedVocab = 0;
    double embedding = 0;          ///< word embedding V'·h
    double positionEmbedding = 0;  ///< learned positions, max_pos·h
    double attentionPerLayer = 0;  ///< Q, K, V, O weights (+ biases)
    double mlpPerLayer = 0;        ///< dense MLP weights (+ biases)
    double normsPerLayer = 0;      ///< the two norms of a layer
    double perLayer = 0;           ///< attention + MLP + norms
    double finalNorm = 0;
    double outputLayer = 0;        ///< V'·h when untied, else 0
    double layers = 0;             ///< perLayer × L
    double total = 0;
    double active = 0;             ///< parameters one token uses (== total for dense models)
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
