#pragma once

#include "core/model.h"
#include "core/scenario.h"

namespace core {

/// KV-cache bytes one token adds to one layer on one GPU.
/// MHA/GQA/MQA: 2 (K and V) · g_local · d · bytes, g_local = g/t, or 1 when g < t (the KV heads
/// are replicated, vLLM); MLA: the latent (kv_lora_rank + qk_rope_head_dim) · bytes, the same
/// on every TP rank (DeepSeek-V2 §2.1; vLLM replicates the latent cache).
double kvBytesPerTokenPerLayer(const ModelArchitecture& model, KvCacheDtype dtype, int tensor);

/// Tokens one sequence keeps in a layer: the whole context, or for a sliding-window layer the
/// window. Paged caches allocate whole blocks: a window that straddles blocks needs one more.
double cachedTokens(double context, double window, int blockSize);

/// The granularity the engine allocates KV cache in, tokens: paged engines (vLLM, TensorRT-LLM)
/// whole blocks of `inference.kv_block_size`, SGLang single tokens (page_size 1); llama.cpp and
/// HF transformers keep contiguous caches (0).
int engineKvBlockSize(const Scenario& scenario);

/// KV cache of the attention layers among [firstLayer, lastLayer) (a hybrid's linear layers keep none) for `batch` sequences of `context` tokens on one GPU.
double kvCacheBytes(const ModelArchitecture& model, KvCacheDtype dtype, int tensor, int firstLayer, int lastLayer,
                    double context, double batch, int blockSize);

/// Longest context whose KV cache for layers [firstLayer, lastLayer) and `batch` sequences fits
/// in `freeBytes` (closed form: the cache is linear in the rounded context, piecewise around the
/// window). Returns `limit` when the cache stops growing (every layer windowed).
double maxContextThatFits(const ModelArchitecture& model, KvCacheDtype dtype, int tensor, int firstLayer, int lastLayer, double batch,
                          int blockSize, double freeBytes, double limit);

/// Bytes of one element of a linear layer's recurrent (SSM / delta-rule) state while serving:
/// the checkpoint's choice, else the engine's default (SGLang float32, the others 16-bit).
double recurrentStateElementBytes(const ModelArchitecture& model, ServingEngine engine);

/// The fixed recurrent state of one sequence in the linear layers of [firstLayer, lastLayer) on
/// one GPU (conv + SSM state, core/model/linearmixer.h), whatever its context; 0 without a
/// linear mixer.
double stateBytesPerSequence(const ModelArchitecture& model, ServingEngine engine, int tensor, int firstLayer, int lastLayer);

} // namespace core
