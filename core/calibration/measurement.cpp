#include "core/calibration/measurement.h"

namespace core {

std::string_view logFormatName(LogFormat f)
{
    switch (f) {
    case LogFormat::Megatron: return "megatron";
    case LogFormat::TorchSummary: return "torch_memory_summary";
    case LogFormat::TorchCounters: return "torch_counters";
    case LogFormat::NvidiaSmi: return "nvidia_smi";
    case LogFormat::Vllm: return "vllm";
    case LogFormat::LlamaCpp: return "llama_cpp";
    case LogFormat::Count: break;
    }
    return "";
}

std::string_view measuredQuantityName(MeasuredQuantity q)
{
    switch (q) {
    case MeasuredQuantity::Allocated: return "allocated";
    case MeasuredQuantity::MaxAllocated: return "max_allocated";
    case MeasuredQuantity::Reserved: return "reserved";
    case MeasuredQuantity::MaxReserved: return "max_reserved";
    case MeasuredQuantity::DeviceUsed: return "device_used";
    case MeasuredQuantity::DeviceTotal: return "device_total";
    case MeasuredQuantity::Weights: return "weights";
    case MeasuredQuantity::KvCache: return "kv_cache";
    case MeasuredQuantity::ActivationPeak: return "activation_peak";
    case MeasuredQuantity::CudaGraphs: return "cuda_graphs";
    case MeasuredQuantity::NonTorch: return "non_torch";
    case MeasuredQuantity::OutputBuffer: return "output_buffer";
    case MeasuredQuantity::KvCacheTokens: return "kv_cache_tokens";
    case MeasuredQuantity::KvCacheBlocks: return "kv_cache_blocks";
    case MeasuredQuantity::Count: break;
    }
    return "";
}

std::string_view logIssueCodeName(LogIssueCode c)
{
    switch (c) {
    case LogIssueCode::Empty: return "empty";
    case LogIssueCode::NothingRecognised: return "nothing_recognised";
    case LogIssueCode::BadNumber: return "bad_number";
    case LogIssueCode::MissingField: return "missing_field";
    case LogIssueCode::NegativeValue: return "negative_value";
    case LogIssueCode::NotSupported: return "not_supported";
    case LogIssueCode::CsvWithoutHeader: return "csv_without_header";
    case LogIssueCode::CsvColumnCount: return "csv_column_count";
    case LogIssueCode::UnknownUnit: return "unknown_unit";
    case LogIssueCode::TooLarge: return "too_large";
    case LogIssueCode::NegativeKvBudget: return "negative_kv_budget";
    case LogIssueCode::Count: break;
    }
    return "";
}

bool isCount(MeasuredQuantity q) { return q == MeasuredQuantity::KvCacheTokens || q == MeasuredQuantity::KvCacheBlocks; }

} // namespace core
