#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace core {

/// Where a pasted number came from.
enum class LogFormat {
    Megatron,      ///< Megatron-LM report_memory: "[Rank N] (after N iterations) memory (MB) | allocated: …"
    TorchSummary,  ///< torch.cuda.memory_summary() table
    TorchCounters, ///< "max_memory_allocated: …" and the like, as a script prints them
    NvidiaSmi,     ///< nvidia-smi --query-gpu=…,memory.used --format=csv
    Vllm,          ///< vLLM start-up lines
    LlamaCpp,      ///< llama.cpp buffer-size lines
    Count
};
inline constexpr std::size_t kLogFormatCount = std::size_t(LogFormat::Count);

/// What a measured number is. Each is compared only with the prediction of the same counter.
enum class MeasuredQuantity {
    Allocated,      ///< torch memory_allocated now (between steps: the persistent state)
    MaxAllocated,   ///< torch max_memory_allocated: the step's peak of live tensors
    Reserved,       ///< torch memory_reserved now: the caching allocator's segments
    MaxReserved,    ///< torch max_memory_reserved
    DeviceUsed,     ///< NVML used memory (nvidia-smi, Megatron "total device memory used")
    DeviceTotal,    ///< NVML total memory (nvidia-smi memory.total)
    Weights,        ///< vLLM "Model loading took", llama.cpp model buffer
    KvCache,        ///< vLLM KV cache memory, llama.cpp KV buffer
    ActivationPeak, ///< vLLM "PyTorch activation peak memory", llama.cpp compute buffer
    CudaGraphs,     ///< vLLM "Graph capturing finished … took"
    NonTorch,       ///< vLLM non_torch_memory
    OutputBuffer,   ///< llama.cpp output buffer (logits)
    KvCacheTokens,  ///< vLLM "GPU KV cache size: N tokens" (a count, not bytes)
    KvCacheBlocks,  ///< vLLM v0 "# GPU blocks: N" (a count)
    Count
};
inline constexpr std::size_t kMeasuredQuantityCount = std::size_t(MeasuredQuantity::Count);

/// One number read from a log.
struct Measurement
{
    LogFormat format = LogFormat::Megatron;
    MeasuredQuantity quantity = MeasuredQuantity::MaxAllocated;
    int rank = -1;            ///< global rank (Megatron) or device index (the others); -1: not in the log
    bool host = false;        ///< llama.cpp CPU / CUDA_Host buffers: not GPU memory
    double value = 0;         ///< bytes (counts for KvCacheTokens / KvCacheBlocks)
    double resolution = 0;    ///< the printed number's last unit in bytes (memory_summary floors to it)
    int line = 0;             ///< 1-based line of the pasted text
    std::string device;       ///< llama.cpp backend buffer name ("CUDA0"), empty otherwise
    bool operator==(const Measurement&) const = default;
};

/// Why a line or the whole text gave no number. `key` is the field that failed.
enum class LogIssueCode {
    Empty,            ///< nothing pasted
    NothingRecognised,///< no line in a known format
    BadNumber,        ///< a known field whose value is not a number (key, text)
    MissingField,     ///< a known line without one of its fields (key)
    NegativeValue,    ///< a size below zero, which no tool prints for a counter (key, text)
    NotSupported,     ///< nvidia-smi [N/A] / [Not Supported] (key)
    CsvWithoutHeader, ///< nvidia-smi rows without their header line: the columns are unknown
    CsvColumnCount,   ///< a CSV row with another number of columns than its header
    UnknownUnit,      ///< a unit the parser does not know (key, text)
    TooLarge,         ///< a number whose bytes are beyond a double ("1e308 GiB"; key, text)
    NegativeKvBudget, ///< vLLM's KV cache memory below zero: it prints one when the model does not fit (key, text)
    Count
};

struct LogIssue
{
    LogIssueCode code = LogIssueCode::NothingRecognised;
    int line = 0;             ///< 1-based, 0: the whole text
    std::string key;          ///< the field ("max allocated", "memory.used [MiB]", …)
    std::string text;         ///< the offending value or line, cut to 80 characters
    bool operator==(const LogIssue&) const = default;
};

/// What a pasted log held.
struct ParsedLog
{
    std::vector<Measurement> measurements;
    std::vector<LogIssue> issues;
    int lines = 0;
    int recognisedLines = 0;
    bool operator==(const ParsedLog&) const = default;
};

/// Stable ids: "megatron", "torch_summary", …; "max_allocated", "kv_cache", …
std::string_view logFormatName(LogFormat format);
std::string_view measuredQuantityName(MeasuredQuantity quantity);
std::string_view logIssueCodeName(LogIssueCode code);
/// True for the quantities that are counts rather than bytes.
bool isCount(MeasuredQuantity quantity);

} // namespace core
