#pragma once

// What one layer of a tower is (docs/HACKING.md "How to add a layer kind"). Each kind has one
// description of its parameters (core/model/layerparameters.h), its saved activations
// (core/activations.h activationShape), its KV cache or recurrent state (core/kvcache.h) and
// its step time and FLOPs (core/steptime_layer.cpp); memory, step time, serving and FLOPs loop
// over the kinds a stage holds instead of asking "is this an MoE layer?".

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace core {

enum class LayerKind : std::uint8_t {
    Dense,                ///< attention + dense MLP (GPT, Llama, the dense layers of an MoE model)
    Moe,                  ///< attention + routed experts (+ shared experts and the router)
    LinearAttention,      ///< linear-attention / state-space mixer (Gated DeltaNet, Mamba-2) + the model's MLP
                          ///< (routed experts when it has them): a recurrent state per sequence, no KV cache
    LinearMixerOnly,      ///< a linear mixer alone, no MLP (Nemotron-H's Mamba block before an attention block)
    // Room for the kinds the next issues model: an enumerator and a description (below), no maths
    // yet, and no layer pattern produces them, so their counts are always 0.
    SparseAttention,      ///< attention over selected tokens: the KV cache plus an indexer's keys (DeepSeek-V3.2's DSA is
                          ///< modelled as an attention variant of the dense and MoE kinds instead: ModelArchitecture::isSparseAttention)
    MultiTokenPrediction, ///< an extra prediction module after the decoder (DeepSeek-V3 MTP)
    Encoder,              ///< a bidirectional encoder layer (a vision tower's block): nothing cached at decode
    Count
};
inline constexpr std::size_t kLayerKindCount = std::size_t(LayerKind::Count);

/// The kinds the estimate has maths for: a prefix of the enumeration. Every per-kind sum runs
/// over them in this order (the golden files depend on the order of the additions); modelling
/// the next kind raises this count and fills its description where -Wswitch points.
inline constexpr std::size_t kModelledKindCount = 4;
inline constexpr std::array<LayerKind, kModelledKindCount> kModelledKinds{LayerKind::Dense, LayerKind::Moe, LayerKind::LinearAttention,
                                                                          LayerKind::LinearMixerOnly};
static_assert(std::size_t(kModelledKinds[0]) == 0 && std::size_t(kModelledKinds[1]) == 1 && std::size_t(kModelledKinds[2]) == 2
                  && std::size_t(kModelledKinds[3]) == 3,
              "the modelled kinds are a prefix");

/// One value per modelled kind, indexed by the kind (`byKind[std::size_t(LayerKind::Moe)]`).
template <typename T>
using ByKind = std::array<T, kModelledKindCount>;

/// What a layer of a kind keeps per sequence while serving.
enum class KindCache : std::uint8_t {
    Kv,             ///< keys and values of every cached token (or MLA's latent)
    KvAndIndex,     ///< … and an indexer's keys for choosing the attended tokens
    RecurrentState, ///< a fixed-size state per sequence, whatever the context
    None,           ///< nothing (an encoder runs once over its input)
};

/// The description of a kind: its name in files and tests, whether the estimate models it,
/// what it caches while serving, and where its maths comes from.
struct LayerKindInfo
{
    LayerKind kind;
    std::string_view id;     ///< "dense", "moe", … (stable: JSON and tests)
    bool modelled;           ///< in kModelledKinds
    KindCache cache;
    std::string_view source; ///< the public source of its description
};

const LayerKindInfo& layerKindInfo(LayerKind kind);

} // namespace core
