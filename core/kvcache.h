#pragma once

#include "core/model.h"
#include "core/scenario.h"

namespace core {

/// KV-cache bytes one token adds to one layer on one GPU.
/// MHA/GQA/MQA: 2 (K and V) · g_local · d · bytes, g_local = g/t, or 1 when g < t (the KV heads
/// are replicated, vLLM); MLA: the latent (kv_lora_rank + qk_rope_head_dim) · bytes, the same
/// on every TP rank (DeepSeek-V2 §2.1; vLLM replicates the latent cache).
double kvBytesPerTokenPerLayer(const ModelArchitecture& model, KvCacheDtype dtype, int tensor);

/// Bytes of DeepSeek Sparse Attention's indexer key per token per layer (0 without it): d_I FP8
/// values and one fp32 scale per 128 of them, the same on every TP rank (vLLM deepseek_v2.py
/// @002d6073 DeepseekV32IndexerCache(head_dim + head_dim // quant_block_size * 4), uint8;
/// DeepSeek-V3.2-Exp inference/model.py @3b99a535 k_cache / k_scale_cache): 132 for d_I = 128.
/// kvBytesPerTokenPerLayer includes it.
double indexerKeyBytesPerToken(const ModelArchitecture& model);

/// Mean over the query positions [from, to) of the tokens each attends to: the position itself
/// without sparse attention, at most index_topk with it (DeepSeek-V3.2-Exp: "top-k … 2048").
double sparseAttendedMean(const ModelArchitecture& model, double from, double to);

/// Bytes one decoding sequence's attention reads from its cache in layers [firstLayer, lastLayer)
/// at `context`: the whole cache, or with sparse attention the indexer's keys of every token plus
/// the latent of only the top-k selected ones (FlashMLA's sparse decode gathers them).
double kvReadBytesPerSequence(const ModelArchitecture& model, KvCacheDtype dtype, int tensor, int firstLayer, int lastLayer, double context,
                              int blockSize);

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
