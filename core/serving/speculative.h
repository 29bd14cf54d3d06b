#pragma once

// Speculative decoding and prefix caching (issue 27 item 3): the arithmetic that does not need
// the serving context; core/inference.cpp times the steps with core/serving/stepcost.h.
//
// Speculative decoding (Leviathan et al. 2023, "Fast Inference from Transformers via
// Speculative Decoding", arXiv 2211.17192; Chen et al. 2023, arXiv 2302.01318): a drafter
// proposes k tokens per sequence, the target verifies them and a bonus token in one step of
// k + 1 rows per sequence, and keeps the accepted prefix. With each draft token accepted with
// probability α, independently, a target step yields on average
//     E = (1 − α^(k+1)) / (1 − α)            (Leviathan et al. 2023, eq. 1)
// tokens, and the time per output token is (verify step + k drafter steps) / E.
//
// Drafters:
//   draft model   a smaller model of the family (its shape from its parameter count: the "model
//                 size" slider's family, core/model.h familyShape), k decode steps of its own
//   EAGLE head    one decoder layer of the target's shape and an FC layer 2h → h (Li et al. 2024,
//                 arXiv 2401.15077, §4), run k times; it shares the target's embedding and LM
//                 head (SGLang speculative/eagle_worker.py: "Share the embedding and lm_head")
//   MTP layers    the checkpoint's own multi-token-prediction module (DeepSeek-V3, arXiv
//                 2412.19437, §2.2: a projection 2h → h and one Transformer block of the model's
//                 kind, embedding and output head shared), run k times as vLLM and SGLang do
//
// Prefix caching: a share of each prompt is found in the engine's cache (vLLM automatic prefix
// caching, SGLang RadixAttention) and not recomputed. Only whole KV blocks are cached, and a
// prompt found entirely still recomputes its last token for the logits (vLLM
// vllm/v1/core/kv_cache_manager.py get_computed_blocks: "When all tokens hit the cache, we must
// recompute the last token to obtain logits"; SGLang schedule_batch.py: max_prefix_len =
// input_len − 1). The cached blocks are the pool's own: no memory of their own.

#include "core/scenario.h"

namespace core {

/// E = (1 − α^(k+1)) / (1 − α), the expected tokens a target step yields; 1 for k ≤ 0.
double expectedTokensPerStep(double acceptanceRate, int speculativeTokens);

/// Prompt tokens prefill computes when a share `hitRate` of the prompt is in the cache, cached in
/// whole blocks of `block` tokens (≤ 1: token by token) and at most prompt − 1 of them.
double uncachedPromptTokens(double prompt, double hitRate, int block);

/// Whether the scenario speculates (a method chosen).
inline bool speculates(const InferenceSetup& in) { return in.speculativeMethod != SpeculativeMethod::None; }

} // namespace core
