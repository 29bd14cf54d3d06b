#include "core/model.h"

#include <algorithm>
#include <array>
#include <cmath>

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

    c.paddedVocab = paddedVocabSize(model, tensorParallel);
    c.embedding = c.paddedVocab * h;
    if (model.positionEmbedding == PositionEmbedding::Learned)
        c.positionEmbedding = double(model.maxPositionEmbeddings) * h;

    // Attention: Q h·q, K and V 2·h·k, output q·h (Megatron: 2h²(1 + g/a)·q/h).
    c.attentionPerLayer = h * q + 2 * h * k + q * h;
    if (model.linearBias)
        c.attentionPerLayer += q + 2 * k + h;
    else if (model.qkvBias)
        c.attentionPerLayer += q + 2 * k;

    // MLP: two h×F matrices, three when gated (SwiGLU: gate, up, down).
    const double matrices = model.gatedMlp ? 3 : 2;
    c.mlpPerLayer = matrices * h * F;
    if (model.linearBias)
        c.mlpPerLayer += (matrices - 1) * F + h;

    c.normsPerLayer = 2 * normSize * h;
    c.perLayer = c.attentionPerLayer + c.mlpPerLayer + c.normsPerLayer;
    c.layers = c.perLayer * model.numLayers;
    c.finalNorm = normSize * h;
    c.outputLayer = model.tiedEmbeddings ? 0 : c.embedding;
    c.total = c.embedding + c.positionEmbedding + c.layers + c.finalNorm + c.outputLayer;
    c.active = c.total;
    c.largestModule = std::max({c.embedding, c.mlpPerLayer, c.attentionPerLayer});
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
    const double n = std::clamp(targetParameters, 1e8, 1e13);
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
