#include "core/model.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/fields.h"
#include "core/model/layerparameters.h"
#include "core/model/layerpattern.h"
#include "core/model/linearmixer.h"
#include "core/model/visiontower.h"

namespace core {

double paddedVocabSize(const ModelArchitecture& model, int tensorParallel)
{
    const double vocab = model.vocabSize;
    if (model.padVocabMultiple <= 0)
        return vocab;
    // Megatron _vocab_size_with_padding: multiple = make_vocab_size_divisible_by × TP.
    const double multiple = double(model.padVocabMultiple) * std::max(1, tensorParallel);
    return std::ceil(vocab / multiple) * multiple;
}

int ModelArchitecture::globalLayersIn(int first, int last) const
{
    if (last <= first)
        return 0;
    if (slidingWindow <= 0)
        return last - first;
    if (globalLayerEvery <= 0)
        return 0;
    // Gemma 3 pattern: layers N−1, 2N−1, … are global.
    return last / globalLayerEvery - first / globalLayerEvery;
}

ParameterCounts countParameters(const ModelArchitecture& model, int tensorParallel)
{
    ParameterCounts c;
    if (!model.hasArchitecture) {
        c.total = c.active = model.parameters;
        return c;
    }
    const double h = model.hiddenSize;
    const double a = model.numAttentionHeads;
    const double g = model.numQueryGroups > 0 ? model.numQueryGroups : model.numAttentionHeads;
    const double d = model.effectiveHeadDim();
    const double q = a * d; // query projection size
    const double k = g * d; // key (and value) projection size
    const double F = model.ffnHiddenSize;
    const double normSize = model.normalization == Normalization::RMSNorm ? 1 : 2; // LayerNorm has a bias
    const double matrices = model.gatedMlp ? 3 : 2;

    c.paddedVocab = paddedVocabSize(model, tensorParallel);
    c.embedding = c.paddedVocab * h;
    if (model.positionEmbedding == PositionEmbedding::Learned)
        c.positionEmbedding = double(model.maxPositionEmbeddings) * h;

    if (model.isMla()) {
        // DeepSeek-V2/V3 MLA (Megatron theoretical_memory_usage.py): low-rank Q (with its norm),
        // a joint KV latent plus a shared RoPE key, up-projections, output projection.
        const double qk = double(model.qkNopeHeadDim) + model.qkRopeHeadDim;
        const double qTerm = model.qLoraRank > 0 ? model.qLoraRank * (h + a * qk + normSize) : h * a * qk;
        const double kvTerm = model.kvLoraRank * (h + a * (double(model.qkNopeHeadDim) + model.vHeadDim) + normSize) + h * model.qkRopeHeadDim;
        c.attentionPerLayer = qTerm + kvTerm + a * model.vHeadDim * h;
    } else {
        // Attention: Q h·q, K and V 2·h·k, output q·h (Megatron: 2h²(1 + g/a)·q/h).
        c.attentionPerLayer = h * q + 2 * h * k + q * h;
        if (model.attentionOutputGate) // q_proj also emits the sigmoid output gate (Qwen3-Next: a·d·2)
            c.attentionPerLayer += h * q;
        if (model.linearBias)
            c.attentionPerLayer += q + 2 * k + h;
        else if (model.qkvBias)
            c.attentionPerLayer += q + 2 * k;
    }

    // MLP: two h×F matrices, three when gated (SwiGLU: gate, up, down).
    c.mlpPerLayer = matrices * h * F;
    if (model.linearBias)
        c.mlpPerLayer += (matrices - 1) * F + h;

    c.normsPerLayer = model.normsPerLayer * normSize * h + (model.qkNorm ? 2.0 * d : 0.0);
    if (model.isSparseAttention()) {
        // The lightning indexer (DeepSeek-V3.2-Exp inference/model.py @6d8cb70 class Indexer):
        // wq_b q_lora_rank × H_I·d_I, wk h × d_I, k_norm a LayerNorm of d_I (weight and bias),
        // weights_proj h × H_I. DeepSeek-V3.2-Exp: 12,582,912 + 917,504 + 256 + 458,752 = 13,959,424.
        const double hi = model.indexNumHeads, di = model.indexHeadDim;
        c.indexerPerLayer = double(model.qLoraRank) * hi * di + h * di + 2 * di + h * hi;
    }
    c.perLayer = c.attentionPerLayer + c.mlpPerLayer + c.normsPerLayer + c.indexerPerLayer;

    // A hybrid's kinds from its pattern; otherwise only the MoE layers need counting (the closed
    // form the estimate used before hybrids: every estimate counts parameters several times).
    KindCounts kinds;
    if (model.isHybrid()) {
        kinds = layerPattern(model).countsIn(0, model.numLayers);
    } else {
        const int moe = model.isMoE() ? layerPattern(model).moeLayersIn(0, model.numLayers) : 0;
        kinds.layers[std::size_t(LayerKind::Moe)] = moe;
        kinds.layers[std::size_t(LayerKind::Dense)] = model.numLayers - moe;
    }
    c.attentionLayers = kinds[LayerKind::Dense] + kinds[LayerKind::Moe];
    c.linearLayers = kinds[LayerKind::LinearAttention];
    c.linearMixerOnlyLayers = kinds[LayerKind::LinearMixerOnly];
    c.moeLayers = model.isMoE() ? kinds[LayerKind::Moe] + c.linearLayers : 0;
    c.denseLayers = kinds[LayerKind::Dense];
    if (model.isHybrid()) {
        c.linearMixerPerLayer = linearMixerParameters(model);
        c.linearNormsPerLayer = model.normsPerLayer * normSize * h;
    }
    if (model.isMoE()) {
        c.expertPerExpert = matrices * h * model.moeFfnHiddenSize;
        c.routedExpertsPerLayer = model.numExperts * c.expertPerExpert;
        c.sharedExpertsPerLayer = matrices * h * model.sharedExpertWidth() + (model.sharedExpertGate ? h : 0);
        c.routerPerLayer = h * model.numExperts;
        const double common = c.attentionPerLayer + c.normsPerLayer + c.indexerPerLayer + c.routerPerLayer + c.sharedExpertsPerLayer;
        c.perMoeLayer = common + c.routedExpertsPerLayer;
        c.activePerMoeLayer = common + model.moeTopK * c.expertPerExpert;
        c.expertParameters = c.routedExpertsPerLayer * c.moeLayers;
    }
    c.layers = c.perLayer * c.denseLayers + c.perMoeLayer * kinds[LayerKind::Moe];
    if (model.isHybrid()) {
        const double mlp = model.isMoE() ? c.routerPerLayer + c.sharedExpertsPerLayer + c.routedExpertsPerLayer : c.mlpPerLayer;
        c.layers += (c.linearMixerPerLayer + c.linearNormsPerLayer + mlp) * c.linearLayers
            + (c.linearMixerPerLayer + c.linearNormsPerLayer / 2) * c.linearMixerOnlyLayers;
    }
    c.finalNorm = normSize * h;
    c.outputLayer = model.tiedEmbeddings ? 0 : c.embedding;
    c.total = c.embedding + c.positionEmbedding + c.layers + c.finalNorm + c.outputLayer;
    c.active = c.total - c.moeLayers * (c.perMoeLayer - c.activePerMoeLayer);
    // A vision tower and its projector (core/model/visiontower.h): in the checkpoint's total, not
    // in the parameters a text token uses (they run once per image).
    if (model.hasVision()) {
        c.vision = visionTower(model).total;
        c.total += c.vision;
    }
    if (model.mtpLayers > 0 && model.numLayers > 0) {
        // Megatron-LM multi_token_prediction.py @d98e8a64 (MultiTokenPredictionLayer: enorm, hnorm,
        // eh_proj 2h → h, one transformer block, final_layernorm; embedding and output head shared,
        // DeepSeek-V3 README_WEIGHTS.md); the block is of the last decoder layer's kind
        // (Megatron-Bridge flop_utils.py @067f987d). DeepSeek-V3: 2·7168² + 3·7168 = 102,781,952 +
        // an MoE layer of 11,507,286,016.
        c.mtpProjectionPerLayer = 2 * h * h + 3 * normSize * h;
        const LayerParameters block = layerParameters(model, c, layerPattern(model).kindOf(model.numLayers - 1));
        c.mtpParameters = model.mtpLayers * (c.mtpProjectionPerLayer + block.linear + block.replicated + block.routedExperts);
    }
    c.largestModule = std::max({c.embedding, c.attentionPerLayer, c.denseLayers > 0 ? c.mlpPerLayer : 0.0, c.sharedExpertsPerLayer,
                                c.expertPerExpert, c.linearMixerPerLayer});
    return c;
}

namespace {

struct Anchor { double parameters; double hidden; };
// Llama 3.2 1B/3B, Llama 3 8B/70B, Llama 3.1 405B: (total parameters, hidden size).
constexpr std::array<Anchor, 5> kFamilyAnchors{{
    {1.236e9, 2048}, {3.213e9, 3072}, {8.030e9, 4096}, {70.55e9, 8192}, {405.9e9, 16384}}};
constexpr int kFamilyHeadDim = 128;
constexpr int kFamilyKvHeads = 8;
constexpr int kFamilyVocab = 128256;
constexpr double kFamilyFfnRatio = 3.5;    // Llama 3 8B/70B: 14336/4096, 28672/8192
constexpr double kFamilyTieBelow = 5e9;    // Llama 3.2 1B and 3B tie input and output embeddings

double familyHidden(double n)
{
    // Piecewise-linear in log-log space, extrapolated with the end segments' slopes.
    const auto& A = kFamilyAnchors;
    std::size_t i = 0;
    while (i + 2 < A.size() && n > A[i + 1].parameters)
        ++i;
    const double slope = std::log(A[i + 1].hidden / A[i].hidden) / std::log(A[i + 1].parameters / A[i].parameters);
    return A[i].hidden * std::pow(n / A[i].parameters, slope);
}

} // namespace

ModelArchitecture familyShape(double targetParameters)
{
    // Up to the largest count a scenario accepts (model.parameters: 10^16), so a size typed in
    // the window is the size estimated.
    const double n = std::clamp(targetParameters, 1e8, fieldInfo(Field::ModelParameters).max);
    ModelArchitecture m;
    m.name = "Llama-3-style family";
    m.hasArchitecture = true;
    // A multiple of 1024 = 8 KV heads × head dim 128, so that the KV heads divide the heads.
    const int hidden = std::max(1, int(std::lround(familyHidden(n) / 1024.0))) * 1024;
    m.hiddenSize = hidden;
    m.headDim = kFamilyHeadDim;
    m.numAttentionHeads = hidden / kFamilyHeadDim;
    m.numQueryGroups = std::min(kFamilyKvHeads, m.numAttentionHeads);
    m.ffnHiddenSize = int(std::lround(kFamilyFfnRatio * hidden / 256.0)) * 256;
    m.vocabSize = kFamilyVocab;
    m.maxPositionEmbeddings = 131072;
    m.tiedEmbeddings = n < kFamilyTieBelow;
    m.gatedMlp = true;
    m.normalization = Normalization::RMSNorm;
    m.positionEmbedding = PositionEmbedding::Rotary;

    m.numLayers = 1;
    const ParameterCounts one = countParameters(m);
    const double fixed = one.total - one.perLayer;
    m.numLayers = std::max(1, int(std::lround((n - fixed) / one.perLayer)));
    return m;
}

} // namespace core
