#pragma once

// A corpus of public measurements (resources/corpus/*.json): what the model's fitted constants
// are fitted on and, held out source by source, judged on; and where each figure's error band
// comes from. Read by core/io/corpus_io; evaluated by core/accuracy/evaluation.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/calibration/measurement.h"
#include "core/scenario.h"

namespace core {

/// Which of ShardScope's answers a corpus checks.
enum class CorpusKind { StepTime, Memory, Serving, Count };
inline constexpr std::size_t kCorpusKindCount = std::size_t(CorpusKind::Count);

/// The figure ShardScope shows that a row is compared with. Every row's printed quantity is
/// turned into one of these, so that rows printed as TFLOP/s, tokens/s or MFU are compared on
/// the one number the window shows (the step's seconds), and bands apply to it.
enum class AccuracyFigure {
    StepSeconds,        ///< compute.step_seconds: one optimizer step
    AllocatedPeak,      ///< rank group's allocated bytes at the step's peak (max_memory_allocated)
    AllocatedAfterStep, ///< persistent allocated bytes between steps (memory_allocated)
    ReservedPeak,       ///< max_memory_reserved
    Device,             ///< nvidia-smi used memory
    Weights,            ///< an engine's weights line
    KvPool,             ///< an engine's KV-cache pool (bytes)
    ActivationPeak,     ///< an engine's profiled activation peak / llama.cpp compute buffer
    Tpot,               ///< serving: seconds per output token of one sequence (decode step)
    Ttft,               ///< serving: time to first token
    OutputThroughput,   ///< serving: output tokens per second per GPU
    Count
};
inline constexpr std::size_t kAccuracyFigureCount = std::size_t(AccuracyFigure::Count);

/// How a source counted FLOPs, where it printed TFLOP/s or MFU. The measured step is the
/// source's FLOPs per step over its rate; the model's FLOP count never enters the comparison.
enum class FlopConvention {
    None,              ///< the quantity has no FLOPs (seconds, tokens/s)
    MegatronModel,     ///< ShardScope's Megatron count: layers' GEMMs, causal attention, logits, no recompute
    MegatronHardware,  ///< the same with the scenario's recomputation counted (hardware FLOPs)
    /// Megatron-LM's num_floating_point_operations (megatron/training/training.py), NeMo's
    /// flops_formulas and nanotron's get_flops: the same with full (non-causal) s² attention
    MegatronFullAttention,
    /// Narayanan et al. 2021 (arXiv 2104.04473) eq. 3, 96·B·s·l·h²·(1 + s/6h + V/16lh): full
    /// attention and the forward recomputed once (4 passes of the layers, 3 of the logits)
    NarayananRecompute,
    SixNdTotal,        ///< 6·N·D, N every parameter
    SixNdActive,       ///< 6·N·D, N the parameters a token uses (MoE)
    SixNdNonEmbedding, ///< 6·N·D, N without the embedding
    Palm,              ///< 6N + 12·L·h·s per token, N without the embedding (PaLM, Chowdhery et al. 2022 App. B; torchtitan)
    Count
};

struct CorpusSource
{
    std::string id;
    std::string title;
    std::string where;   ///< repository@commit:path, arXiv id and table, or URL
    std::string kind;    ///< framework-table, paper, issue-log, …
    std::string group;   ///< sources that are not independent share a group; leave-one-out holds out a group
    std::string date;
};

/// One published measurement with the scenario it was measured on.
struct CorpusRow
{
    std::string id;
    int source = -1;                 ///< index into Corpus::sources
    int group = -1;                  ///< index into Corpus::groups
    std::string quantity;            ///< as the file names it ("model_tflops_per_gpu", "max_allocated", …)
    double value = 0;                ///< as printed, in the file's unit (bytes for memory)
    AccuracyFigure figure = AccuracyFigure::StepSeconds;
    FlopConvention convention = FlopConvention::None;
    double peakTflops = 0;           ///< MFU rows: the peak the source divided by (0: the GPU's datasheet peak)
    int rank = -1;                   ///< memory rows: the rank measured (Megatron order); -1: the fullest GPU (the default)
    /// Serving rates: per what the source counted (per_sequence, per_gpu, per_rank, per_replica,
    /// per_node, or the job); a rank is one GPU, a replica one TP × PP engine instance.
    std::string scope;
    /// Serving at maximum load (requests at an infinite rate, no batch stated): the batch is the
    /// largest that fits at the row's context, capped at inference.max_num_seqs (the engines'
    /// running-request cap), as the corpus's notes define it.
    bool maxLoad = false;
    bool decodeOnly = false;         ///< serving: a disaggregated decode pool measured alone (no prefill in its time)
    /// Serving: the source ran one static batch (extra.batching "static": TensorRT-LLM 0.9's
    /// table, gpt-fast, llama-bench): every prompt prefilled, then every sequence decoded in step.
    /// Otherwise the engine batches continuously (in-flight, closed-loop concurrency, max load).
    bool staticBatch = false;
    double tolerance = 0;            ///< the row's allowed |error| in tests (0: the corpus's default)
    std::uint64_t regimes = 0;       ///< Regime bits (core/accuracy/regime.h): stated in the file or derived
    Scenario scenario;
    std::string quote;
    std::string locator;
    std::vector<std::string> assumed; ///< "key: why", for the report
    bool usable = false;             ///< the scenario loaded and the quantity is one ShardScope predicts
    std::string unusable;            ///< why not (English for the report; the row is listed, not judged)
};

struct Corpus
{
    CorpusKind kind = CorpusKind::StepTime;
    double defaultTolerance = 0.15;
    std::vector<CorpusSource> sources;
    std::vector<std::string> groups;  ///< distinct source groups, in first-seen order
    std::vector<CorpusRow> rows;
};

std::string_view corpusKindName(CorpusKind kind);
std::string_view accuracyFigureName(AccuracyFigure figure);
/// The corpus a figure's band comes from.
CorpusKind corpusOf(AccuracyFigure figure);

} // namespace core
