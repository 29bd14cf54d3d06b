#include "core/kvcache.h"

#include <algorithm>
#include <cmath>

#include "core/model/layerkind.h"
#include "core/weightformat.h"

namespace core {

namespace {

constexpr bool everyModelledKindCachesKv()
{
    for (LayerKind kind : kModelledKinds)
        if (kind != LayerKind::Dense && kind != LayerKind::Moe)
            return false; // a kind with a recurrent state or no cache: count only the caching layers below
    return true;
}
// The cache counts every layer of a range as caching K and V (sliding windows aside): true while
// the modelled kinds are dense and MoE layers (core/model/layerkind.h KindCache::Kv). Modelling
// a linear-attention or encoder kind must change kvCacheBytes and maxContextThatFits first.
static_assert(everyModelledKindCachesKv(), "kvCacheBytes counts every layer as a KV layer");

} // namespace

double kvBytesPerTokenPerLayer(const ModelArchitecture& m, KvCacheDtype dtype, int tensor)
{
    const double bytes = kvElementBytes(dtype);
    if (m.isMla())
        return (double(m.kvLoraRank) + m.qkRopeHeadDim) * bytes;
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
    const int layers = lastLayer - firstLayer;
    const int global = m.globalLayersIn(firstLayer, lastLayer);
    const double tokens = global * cachedTokens(context, 0, blockSize) + (layers - global) * cachedTokens(context, m.slidingWindow, blockSize);
    return perToken * tokens * batch;
}

double maxContextThatFits(const ModelArchitecture& m, KvCacheDtype dtype, int tensor, int firstLayer, int lastLayer, double batch,
                          int blockSize, double freeBytes, double limit)
{
    const double perToken = kvBytesPerTokenPerLayer(m, dtype, tensor) * batch;
    const int layers = lastLayer - firstLayer;
    if (freeBytes <= 0)
        return 0;
    if (layers <= 0 || perToken <= 0)
        return limit;
    const double block = std::max(1, blockSize);
    const int global = m.globalLayersIn(firstLayer, lastLayer);
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
