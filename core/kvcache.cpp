#include "core/kvcache.h"

#include <algorithm>
#include <cmath>

#include "core/model/layerkind.h"
#include "core/model/layerpattern.h"
#include "core/model/linearmixer.h"
#include "core/weightformat.h"

namespace core {

namespace {

constexpr bool everyModelledKindIsCounted()
{
    for (LayerKind kind : kModelledKinds)
        if (kind != LayerKind::Dense && kind != LayerKind::Moe && kind != LayerKind::LinearAttention && kind != LayerKind::LinearMixerOnly)
            return false;
    return true;
}
// The cache counts the attention layers of a range (dense and MoE layers, KindCache::Kv); the
// linear kinds keep a recurrent state instead (stateBytesPerSequence). A new kind with another
// cache must be counted here first.
static_assert(everyModelledKindIsCounted(), "kvCacheBytes counts the KV layers; the linear kinds keep a state");

/// Layers of [first, last) that keep keys and values, and how many of them attend globally.
struct KvLayers
{
    int layers = 0, global = 0;
};

inline KvLayers kvLayersIn(const ModelArchitecture& m, int first, int last)
{
    if (!m.isHybrid())
        return {last - first, m.globalLayersIn(first, last)};
    const LayerPattern p = layerPattern(m);
    const KindCounts k = p.countsIn(first, last);
    const int attending = k[LayerKind::Dense] + k[LayerKind::Moe];
    return {attending, attending}; // validation: a hybrid has no sliding window
}

} // namespace

double indexerKeyBytesPerToken(const ModelArchitecture& m)
{
    if (!m.isSparseAttention())
        return 0;
    return double(m.indexHeadDim) + std::ceil(double(m.indexHeadDim) / 128) * 4;
}

double sparseAttendedMean(const ModelArchitecture& m, double from, double to)
{
    if (to <= from)
        return std::max(0.0, std::min(from, m.isSparseAttention() ? double(m.indexTopK) : from));
    if (!m.isSparseAttention() || to <= m.indexTopK)
        return (from + to) / 2;
    const double k = m.indexTopK;
    if (from >= k)
        return k;
    // ∫ min(p, k) dp over [from, to) / (to − from): the ramp up to k, then k.
    return ((k * k - from * from) / 2 + k * (to - k)) / (to - from);
}

double kvReadBytesPerSequence(const ModelArchitecture& m, KvCacheDtype dtype, int tensor, int firstLayer, int lastLayer, double context,
                              int blockSize)
{
    if (!m.isSparseAttention())
        return kvCacheBytes(m, dtype, tensor, firstLayer, lastLayer, context, 1, blockSize);
    const double index = indexerKeyBytesPerToken(m);
    const double latent = kvBytesPerTokenPerLayer(m, dtype, tensor) - index;
    const auto [layers, global] = kvLayersIn(m, firstLayer, lastLayer);
    (void)global;
    return layers * (index * context + latent * std::min(context, double(m.indexTopK)));
}

double kvBytesPerTokenPerLayer(const ModelArchitecture& m, KvCacheDtype dtype, int tensor)
{
    const double bytes = kvElementBytes(dtype);
    if (m.isMla())
        return (double(m.kvLoraRank) + m.qkRopeHeadDim) * bytes + indexerKeyBytesPerToken(m);
    const double g = m.numQueryGroups > 0 ? m.numQueryGroups : m.numAttentionHeads;
    const double local = std::max(1.0, g / std::max(1, tensor));
    return 2 * local * m.effectiveHeadDim() * bytes;
}

double cachedTokens(double context, double window, int blockSize)
{
    const double block = std::max(1, blockSize);
    auto roundUp = [block](double tokens) { return std::ceil(tokens / block) * block; };
    if (window <= 0 || context <= window)
        return roundUp(context);
    return roundUp(window) + (blockSize > 0 ? block : 0);
}

int engineKvBlockSize(const Scenario& s)
{
    switch (s.inference.engine) {
    case ServingEngine::Vllm:
    case ServingEngine::TensorRtLlm: return s.inference.kvBlockSize;
    case ServingEngine::Sglang: return std::min(1, s.inference.kvBlockSize); // token-granular pool (page_size 1)
    case ServingEngine::HfTransformers:
    case ServingEngine::LlamaCpp: return 0;
    }
    return s.inference.kvBlockSize;
}

double kvCacheBytes(const ModelArchitecture& m, KvCacheDtype dtype, int tensor, int firstLayer, int lastLayer, double context,
                    double batch, int blockSize)
{
    const double perToken = kvBytesPerTokenPerLayer(m, dtype, tensor);
    const auto [layers, global] = kvLayersIn(m, firstLayer, lastLayer);
    const double tokens = global * cachedTokens(context, 0, blockSize) + (layers - global) * cachedTokens(context, m.slidingWindow, blockSize);
    return perToken * tokens * batch;
}

double maxContextThatFits(const ModelArchitecture& m, KvCacheDtype dtype, int tensor, int firstLayer, int lastLayer, double batch,
                          int blockSize, double freeBytes, double limit)
{
    const double perToken = kvBytesPerTokenPerLayer(m, dtype, tensor) * batch;
    const auto [layers, global] = kvLayersIn(m, firstLayer, lastLayer);
    if (freeBytes <= 0)
        return 0;
    if (layers <= 0 || perToken <= 0)
        return limit;
    const double block = std::max(1, blockSize);
    const int windowed = layers - global;
    const double window = m.slidingWindow;
    auto floorToBlock = [block](double tokens) { return std::floor(tokens / block) * block; };
    // Up to the window every layer caches the whole (rounded) context.
    const double belowWindow = floorToBlock(freeBytes / (perToken * layers));
    if (windowed == 0 || belowWindow <= window)
        return std::min(belowWindow, limit);
    // Past the window only the global layers keep growing.
    if (global == 0)
        return limit;
    const double windowedBytes = perToken * windowed * cachedTokens(window + 1, window, blockSize);
    return std::min(std::max(window, floorToBlock((freeBytes - windowedBytes) / (perToken * global))), limit);
}

} // namespace core

namespace core {

double recurrentStateElementBytes(const ModelArchitecture& m, ServingEngine engine)
{
    switch (m.recurrentStateDtype) {
    case RecurrentStateDtype::Float32: return 4;
    case RecurrentStateDtype::Bfloat16: return 2;
    case RecurrentStateDtype::Auto: break;
    }
    // SGLang keeps the SSM state in float32 unless the config or SGLANG_MAMBA_SSM_DTYPE says
    // otherwise (python/sglang/srt/layers/attention/mamba/mamba_utils.py @02e208de); vLLM's
    // mamba_cache_dtype "auto" follows the model's dtype (vllm/model_executor/layers/mamba/
    // mamba_utils.py @02d71083), as do the others.
    return engine == ServingEngine::Sglang ? 4 : 2;
}

double stateBytesPerSequence(const ModelArchitecture& m, ServingEngine engine, int tensor, int firstLayer, int lastLayer)
{
    if (!m.isHybrid() || lastLayer <= firstLayer)
        return 0;
    const KindCounts k = layerPattern(m).countsIn(firstLayer, lastLayer);
    const int linear = k[LayerKind::LinearAttention] + k[LayerKind::LinearMixerOnly];
    // The conv state in the model's 16-bit dtype (vLLM and SGLang: bfloat16).
    return linear * linearStateBytes(m, recurrentStateElementBytes(m, engine), 2, tensor);
}

} // namespace core
