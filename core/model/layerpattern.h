#pragma once

// Which kind each layer of a tower is, and how many of each a range of layers (a pipeline
// stage, a virtual chunk) holds.

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
        for (std::size_t i = 0; i < kModelledKindCount; ++i) // element by element: no memcmp call in the stage loops
            if (layers[i] != o.layers[i])
                return false;
        return true;
    }
};

/// The kinds of a tower's layers, derived from the architecture's keys (no key of its own, so
/// every existing scenario and preset reads unchanged): a dense model's layers are all dense; in
/// an MoE model the first `first_dense_layers` are dense (DeepSeek first_k_dense_replace), then
/// every `moe_layer_frequency`-th layer counted from there is an MoE layer (Megatron
/// moe_layer_freq, Qwen decoder_sparse_step) and the others are dense.
struct LayerPattern
{
    int layers = 0;
    bool experts = false;  ///< the model has routed experts
    int firstDense = 0;
    int moeEvery = 1;

    LayerKind kindOf(int layer) const
    {
        return experts && layer >= firstDense && (layer - firstDense) % moeEvery == 0 ? LayerKind::Moe : LayerKind::Dense;
    }
    /// MoE layers among layers [first, last), in closed form (inline: the stage loops call it
    /// once per stage).
    int moeLayersIn(int first, int last) const
    {
        if (!experts)
            return 0;
        const int a = first > firstDense ? first : firstDense;
        if (a >= last)
            return 0;
        const int l0 = firstDense + (a - firstDense + moeEvery - 1) / moeEvery * moeEvery; // first MoE layer ≥ a
        return l0 < last ? (last - 1 - l0) / moeEvery + 1 : 0;
    }
    /// Layers of each kind among [first, last).
    KindCounts countsIn(int first, int last) const
    {
        KindCounts c;
        const int moe = moeLayersIn(first, last);
        c.layers[std::size_t(LayerKind::Moe)] = moe;
        c.layers[std::size_t(LayerKind::Dense)] = (last > first ? last - first : 0) - moe;
        return c;
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
