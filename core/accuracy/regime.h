#pragma once

// Regimes: the kinds of run a corpus row and a scenario belong to (GPU generation, dense or MoE,
// precision, framework, context length, serving engine, …). The error band of a figure is taken
// from the corpus rows of the scenario's most specific regime that has enough rows; the README's
// leave-one-source-out tables are broken down by them.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/accuracy/corpus.h"
#include "core/scenario.h"

namespace core {

enum class Regime : std::uint8_t {
    // GPU generation
    A100, Hopper, Blackwell, Amd, Consumer, OtherGpu,
    // model
    Dense, Moe, Small, Large,
    // precision
    Fp8, Sixteen,
    // how it runs
    Training, FineTune, Lora, Qlora, Serving,
    Megatron, Fsdp, DeepSpeed, Ddp,
    LongContext, Pipeline, TensorParallel, ContextParallel, ExpertParallel, Offload,
    // serving
    Vllm, Sglang, TensorRtLlm, LlamaCpp, HfTransformers, Batch1, HighConcurrency, QuantizedWeights,
    // stated by a row only (ShardScope cannot tell them from a scenario yet)
    Compiled, Count
};
inline constexpr std::size_t kRegimeCount = std::size_t(Regime::Count);
static_assert(kRegimeCount <= 64, "regimes are bits of a 64-bit mask");

constexpr std::uint64_t regimeBit(Regime r) { return std::uint64_t(1) << unsigned(r); }
constexpr bool hasRegime(std::uint64_t mask, Regime r) { return (mask & regimeBit(r)) != 0; }

/// Stable id, as corpus files and the JSON output name it: "a100", "moe", "long_context", …
std::string_view regimeName(Regime regime);
/// The regime of an id; the files' own spellings are accepted too ("h100", "h200", "h800" are
/// Hopper; "b200", "gb200", "b300" Blackwell; "mi300x" AMD; "fsdp1", "fsdp2", "torchtitan" FSDP …).
std::optional<Regime> regimeFromName(std::string_view name);

/// The regimes a scenario belongs to, from its own settings (`parameters`: the model's total count).
std::uint64_t regimesOf(const Scenario& scenario, double parameters);

/// The order in which a figure's band looks for a regime with enough rows: the mechanisms that
/// move a model's error most first (MoE before FP8 before the GPU, …).
std::span<const Regime> bandPriority(CorpusKind kind);

} // namespace core
