#include "core/model/layerkind.h"

namespace core {

namespace {

constexpr LayerKindInfo kKinds[] = {
    {LayerKind::Dense, "dense", true, KindCache::Kv, "Megatron-LM theoretical_memory_usage.py; Korthikanti et al. 2022 (arXiv 2205.05198)"},
    {LayerKind::Moe, "moe", true, KindCache::Kv, "Megatron-LM MoE (parallel folding); DeepSeek-V3 (arXiv 2412.19437)"},
    {LayerKind::LinearAttention, "linear_attention", true, KindCache::RecurrentState,
     "Mamba-2 (arXiv 2405.21060; state-spaces/mamba mamba2.py @e9594ce1); Gated DeltaNet (arXiv 2412.06464; transformers modeling_qwen3_next.py @01cdc608)"},
    {LayerKind::LinearMixerOnly, "linear_mixer_only", true, KindCache::RecurrentState,
     "Nemotron-H hybrid_override_pattern (Megatron-Bridge nemotron_h_provider.py @47f330e4): a Mamba-2 block with no MLP"},
    {LayerKind::SparseAttention, "sparse_attention", false, KindCache::KvAndIndex, "DeepSeek-V3.2-Exp DSA; NSA (arXiv 2502.11089)"},
    {LayerKind::MultiTokenPrediction, "multi_token_prediction", false, KindCache::Kv, "DeepSeek-V3 §2.2 (arXiv 2412.19437)"},
    {LayerKind::Encoder, "encoder", false, KindCache::None, "ViT (arXiv 2010.11929); Qwen2.5-VL vision tower"},
};
static_assert(std::size(kKinds) == kLayerKindCount, "one description per kind, in the enumeration's order");

constexpr bool describedInOrder()
{
    for (std::size_t i = 0; i < kLayerKindCount; ++i)
        if (std::size_t(kKinds[i].kind) != i || kKinds[i].modelled != (i < kModelledKindCount))
            return false;
    return true;
}
static_assert(describedInOrder(), "kKinds follows LayerKind, and exactly the modelled prefix is marked modelled");

} // namespace

const LayerKindInfo& layerKindInfo(LayerKind kind)
{
    return kKinds[std::size_t(kind) < kLayerKindCount ? std::size_t(kind) : 0];
}

} // namespace core
