#pragma once

// Which kind each layer of a tower is, and how many of each a range of layers (a pipeline
// stage, a virtual chunk) holds.

#include <cstring>

#include "core/model.h"
#include "core/model/layerkind.h"

namespace core {

/// Layers of each modelled kind in a range.
struct KindCounts
{
    ByKind<int> layers{};

    int operator[](LayerKind kind) const { return layers[std::size_t(kind)]; }
    int total() const
    {
        int sum = 0;
        for (int n : layers)
            sum += n;
        return sum;
    }
    KindCounts& operator+=(const KindCounts& o)
    {
        for (std::size_t i = 0; i < kModelledKindCount; ++i)
            layers[i] += o.layers[i];
        return *this;
    }
    bool operator==(const KindCounts& o) const
    {
        // A fixed-size memcmp compared with 0: GCC inlines it as two 8-byte loads, an xor and no
        // branch per kind (the stage loops compare a stage's kinds with the previous stage's).
        return std::memcmp(layers.data(), o.layers.data(), sizeof(layers)) == 0;
    }
};

/// The kinds of a tower's layers, derived from the architecture's keys (no key of its own, so
/// every existing scenario and preset reads unchanged): a dense model's layers are all dense; in
/// an MoE model the first `first_dense_layers` are dense (DeepSeek first_k_dense_replace), then
/// every `moe_layer_frequency`-th layer counted from there is an MoE layer (Megatron
/// moe_layer_freq, Qwen decoder_sparse_step) and the others are dense.
/// A hybrid (a linear mixer, issue 28) attends only in layers i with i % interval == first
/// (HF full_attention_interval: Qwen3-Next layers 3, 7, …; Jamba attn_layer_period/offset);
/// those are dense or MoE layers as above, every other layer is a linear layer (its MLP the
/// model's: routed experts when it has them), or a linear mixer alone when it sits just before an
/// attention layer and the model says so (Nemotron-H "M*-"). Closed forms: the stage loops count
/// a range without walking it.
struct LayerPattern
{
    int layers = 0;
    bool experts = false;  ///< the model has routed experts
    int firstDense = 0;
    int moeEvery = 1;
    bool hybrid = false;   ///< a linear mixer in the layers that do not attend
    int attentionEvery = 0;///< with hybrid: the interval of the attention layers (0: none attends)
    int attentionFirst = 0;///< … the first attention layer
    bool mixerOnlyBeforeAttention = false;
    /// Multi-token-prediction blocks after the tower's last layer, of its kind, counted with the
    /// range that ends the tower (the last pipeline stage: Megatron-LM places them there). Set by
    /// the resolve step for training only; the model's own counts never include them.
    int mtp = 0;

    bool attends(int layer) const
    {
        return !hybrid || (attentionEvery > 0 && layer >= attentionFirst && (layer - attentionFirst) % attentionEvery == 0);
    }
    LayerKind kindOf(int layer) const
    {
        if (!attends(layer))
            return mixerOnlyBeforeAttention && attends(layer + 1) && layer + 1 < layers ? LayerKind::LinearMixerOnly : LayerKind::LinearAttention;
        return experts && layer >= firstDense && (layer - firstDense) % moeEvery == 0 ? LayerKind::Moe : LayerKind::Dense;
    }
    /// Layers ≡ `first` mod `every`, ≥ first, among [a, b) (closed form).
    static int everyIn(int first, int every, int a, int b)
    {
        if (every <= 0)
            return 0;
        const int lo = a > first ? a : first;
        if (lo >= b)
            return 0;
        const int l0 = first + (lo - first + every - 1) / every * every; // first such layer ≥ lo
        return l0 < b ? (b - 1 - l0) / every + 1 : 0;
    }
    /// MoE layers among layers [first, last), in closed form (inline: the stage loops call it
    /// once per stage). In a hybrid, the attention layers with routed experts.
    int moeLayersIn(int first, int last) const
    {
        if (!experts)
            return 0;
        if (hybrid) // hybrids route in every layer (validation: no first_dense_layers, moe_layer_frequency 1)
            return everyIn(attentionFirst, attentionEvery, first, last);
        return everyIn(firstDense, moeEvery, first, last);
    }
    /// Layers of each kind among [first, last).
    KindCounts countsIn(int first, int last) const
    {
        KindCounts c;
        const int n = last > first ? last - first : 0;
        const int moe = moeLayersIn(first, last);
        c.layers[std::size_t(LayerKind::Moe)] = moe;
        if (mtp > 0 && first < layers && last >= layers)
            c.layers[std::size_t(kindOf(layers - 1))] += mtp;
        if (!hybrid) {
            c.layers[std::size_t(LayerKind::Dense)] += n - moe;
            return c;
        }
        const int attending = everyIn(attentionFirst, attentionEvery, first, last);
        c.layers[std::size_t(LayerKind::Dense)] += attending - moe;
        // The layer just before each attention layer of the tower (an interval of 1 has none).
        const int bare = mixerOnlyBeforeAttention && attentionEvery > 1
            ? everyIn(attentionFirst - 1, attentionEvery, first, last < layers ? last : layers - 1)
            : 0;
        c.layers[std::size_t(LayerKind::LinearMixerOnly)] += bare;
        c.layers[std::size_t(LayerKind::LinearAttention)] += n - attending - bare;
        return c;
    }
    /// Whether the tower has layers of `kind` (the dense kind counts as present always: the
    /// working and the step timeline show a dense layer's figures).
    bool has(LayerKind kind) const
    {
        switch (kind) {
        case LayerKind::Dense: return true;
        case LayerKind::Moe: return experts;
        case LayerKind::LinearAttention: return hybrid;
        case LayerKind::LinearMixerOnly: return hybrid && mixerOnlyBeforeAttention && attentionEvery > 1;
        default: return false;
        }
    }
    bool operator==(const LayerPattern&) const = default;
};

/// The decoder's pattern from the architecture's keys (inline: every estimate derives it).
inline LayerPattern layerPattern(const ModelArchitecture& m)
{
    LayerPattern p;
    p.layers = m.numLayers;
    p.experts = m.numExperts > 0;
    p.firstDense = m.firstDenseLayers > 0 ? m.firstDenseLayers : 0;
    p.moeEvery = m.moeLayerFrequency > 0 ? m.moeLayerFrequency : 1;
    if (m.isHybrid()) {
        p.hybrid = true;
        p.attentionEvery = m.fullAttentionInterval > 0 ? m.fullAttentionInterval : 0;
        p.attentionFirst = m.fullAttentionFirst >= 0 ? m.fullAttentionFirst : (p.attentionEvery > 0 ? p.attentionEvery - 1 : 0);
        p.mixerOnlyBeforeAttention = m.mixerOnlyBeforeAttention;
    }
    return p;
}

/// What a tower is for. The estimate has one tower today, the decoder; a vision encoder (its
/// own pattern of encoder layers, its own widths and the stages it is placed on) is a second
/// tower of the same model, added beside it rather than folded into the decoder's pattern.
enum class TowerRole : std::uint8_t { Decoder, VisionEncoder };

struct Tower
{
    TowerRole role = TowerRole::Decoder;
    LayerPattern pattern;
};

/// The model's towers: the decoder, derived from the architecture's keys. A vision encoder
/// becomes a second member (with its own widths and the stages it is placed on) and the resolve
/// step places both; nothing that loops over a tower's kinds changes.
struct ModelTowers
{
    Tower decoder;
};

inline ModelTowers modelTowers(const ModelArchitecture& model)
{
    return {Tower{TowerRole::Decoder, layerPattern(model)}};
}

} // namespace core
