#include "core/advice/advice.h"

namespace core {

std::string_view remedyActionName(RemedyAction action)
{
    switch (action) {
    case RemedyAction::MicroBatch: return "micro_batch";
    case RemedyAction::SelectiveRecompute: return "selective_recompute";
    case RemedyAction::FullRecompute: return "full_recompute";
    case RemedyAction::ZeroStage: return "zero_stage";
    case RemedyAction::OffloadOptimizer: return "offload_optimizer";
    case RemedyAction::OffloadParameters: return "offload_parameters";
    case RemedyAction::FlashAttention: return "flash_attention";
    case RemedyAction::Lora: return "lora";
    case RemedyAction::Qlora: return "qlora";
    case RemedyAction::TensorParallel: return "tensor_parallel";
    case RemedyAction::PipelineParallel: return "pipeline_parallel";
    case RemedyAction::MoreGpus: return "more_gpus";
    case RemedyAction::WeightsFp8: return "weights_fp8";
    case RemedyAction::WeightsInt8: return "weights_int8";
    case RemedyAction::WeightsInt4: return "weights_int4";
    case RemedyAction::KvCacheFp8: return "kv_cache_fp8";
    case RemedyAction::PagedKv: return "paged_kv";
    case RemedyAction::ShorterContext: return "shorter_context";
    case RemedyAction::FewerSequences: return "fewer_sequences";
    case RemedyAction::ServingTensorParallel: return "serving_tensor_parallel";
    case RemedyAction::Count: break;
    }
    return "";
}

std::string_view remedyActionTitle(RemedyAction action)
{
    switch (action) {
    case RemedyAction::MicroBatch: return "Smaller micro-batch with gradient accumulation (global batch kept)";
    case RemedyAction::SelectiveRecompute: return "Selective activation recomputation";
    case RemedyAction::FullRecompute: return "Full activation checkpointing";
    case RemedyAction::ZeroStage: return "Higher ZeRO stage (ZeRO-3 = FSDP FULL_SHARD)";
    case RemedyAction::OffloadOptimizer: return "Offload the optimizer states to CPU (ZeRO-Offload)";
    case RemedyAction::OffloadParameters: return "ZeRO-3 with optimizer and parameters offloaded to CPU";
    case RemedyAction::FlashAttention: return "FlashAttention";
    case RemedyAction::Lora: return "LoRA: train adapters on a frozen BF16 base";
    case RemedyAction::Qlora: return "QLoRA: adapters on an NF4 base";
    case RemedyAction::TensorParallel: return "Twice the tensor parallelism";
    case RemedyAction::PipelineParallel: return "Twice the pipeline stages";
    case RemedyAction::MoreGpus: return "Twice the GPUs";
    case RemedyAction::WeightsFp8: return "Serve the weights in FP8";
    case RemedyAction::WeightsInt8: return "Serve the weights in INT8";
    case RemedyAction::WeightsInt4: return "Serve the weights in INT4";
    case RemedyAction::KvCacheFp8: return "KV cache in FP8";
    case RemedyAction::PagedKv: return "Paged KV cache, 16-token blocks";
    case RemedyAction::ShorterContext: return "Shorter context";
    case RemedyAction::FewerSequences: return "Fewer concurrent sequences";
    case RemedyAction::ServingTensorParallel: return "Twice the tensor parallelism per replica";
    case RemedyAction::Count: break;
    }
    return "";
}

std::string_view remedyNoteName(RemedyNote note)
{
    switch (note) {
    case RemedyNote::None: return "none";
    case RemedyNote::SmallerKernels: return "smaller_kernels";
    case RemedyNote::OffloadTransfers: return "offload_transfers";
    case RemedyNote::AdaptersQuality: return "adapters_quality";
    case RemedyNote::QloraQuality: return "qlora_quality";
    case RemedyNote::MoreGpusCost: return "more_gpus_cost";
    case RemedyNote::QualityFp8: return "quality_fp8";
    case RemedyNote::QualityInt8: return "quality_int8";
    case RemedyNote::QualityInt4: return "quality_int4";
    case RemedyNote::QualityKvCache: return "quality_kv_cache";
    case RemedyNote::ShorterRequests: return "shorter_requests";
    case RemedyNote::FewerConcurrent: return "fewer_concurrent";
    case RemedyNote::FreeInPractice: return "free_in_practice";
    case RemedyNote::Count: break;
    }
    return "";
}

std::string_view describe(RemedyNote note)
{
    switch (note) {
    case RemedyNote::None: return "";
    case RemedyNote::SmallerKernels: return "smaller GEMMs may run below the MFU assumed here";
    case RemedyNote::OffloadTransfers: return "each step also waits for the CPU's optimizer step; PCIe copies at 31.5 GB/s are in the time";
    case RemedyNote::AdaptersQuality: return "trains adapters, not every weight: usually close to full fine-tuning (Hu et al. 2021)";
    case RemedyNote::QloraQuality: return "NF4 base: QLoRA matches 16-bit fine-tuning on its benchmarks (Dettmers et al. 2023)";
    case RemedyNote::MoreGpusCost: return "more GPUs to pay for";
    case RemedyNote::QualityFp8: return "FP8 weights are usually within noise of BF16";
    case RemedyNote::QualityInt8: return "INT8 weights: small quality loss, needs calibration (LLM.int8, SmoothQuant)";
    case RemedyNote::QualityInt4: return "INT4 weights: measurable loss on hard tasks (GPTQ, AWQ)";
    case RemedyNote::QualityKvCache: return "quantized keys and values: small loss, mostly at long contexts";
    case RemedyNote::ShorterRequests: return "serves shorter requests than asked";
    case RemedyNote::FewerConcurrent: return "fewer sequences at once: lower throughput";
    case RemedyNote::FreeInPractice: return "exact attention, faster and without the s x s scores (Dao et al. 2022)";
    case RemedyNote::Count: break;
    }
    return "";
}

} // namespace core
