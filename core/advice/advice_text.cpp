#include "core/advice/advice.h"

#include <cstdint>

#include "core/translatable.h"

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
    case RemedyAction::CheckpointInterval: return "checkpoint_interval";
    case RemedyAction::AsyncCheckpoint: return "async_checkpoint";
    case RemedyAction::Count: break;
    }
    return "";
}

// The advisor's words, once: the command line prints them, the window translates the very same
// strings (lupdate reads this file; SHARDSCOPE_TRANSLATE_NOOP is QT_TRANSLATE_NOOP to it).
std::string_view remedyActionTitle(RemedyAction action)
{
    switch (action) {
    case RemedyAction::MicroBatch: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Smaller micro-batch, more gradient accumulation (same global batch)");
    case RemedyAction::SelectiveRecompute: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Selective activation recomputation");
    case RemedyAction::FullRecompute: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Full activation checkpointing");
    case RemedyAction::ZeroStage: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Higher ZeRO stage (ZeRO-3 = FSDP FULL_SHARD)");
    case RemedyAction::OffloadOptimizer: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Offload the optimizer states to CPU (ZeRO-Offload)");
    case RemedyAction::OffloadParameters: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "ZeRO-3 with optimizer and parameters offloaded to CPU");
    case RemedyAction::FlashAttention: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Turn on FlashAttention");
    case RemedyAction::Lora: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "LoRA: adapters on a frozen BF16 base");
    case RemedyAction::Qlora: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "QLoRA: adapters on an NF4 base");
    case RemedyAction::TensorParallel: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Twice the tensor parallelism");
    case RemedyAction::PipelineParallel: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Twice the pipeline stages");
    case RemedyAction::MoreGpus: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Twice the GPUs");
    case RemedyAction::WeightsFp8: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Serve the weights in FP8");
    case RemedyAction::WeightsInt8: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Serve the weights in INT8");
    case RemedyAction::WeightsInt4: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Serve the weights in INT4");
    case RemedyAction::KvCacheFp8: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Keep the KV cache in FP8");
    case RemedyAction::PagedKv: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Paged KV cache, 16-token blocks");
    case RemedyAction::ShorterContext: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Shorter context");
    case RemedyAction::FewerSequences: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Fewer concurrent sequences");
    case RemedyAction::ServingTensorParallel: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Twice the tensor parallelism per replica");
    case RemedyAction::CheckpointInterval: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Checkpoint at the optimal interval (Young/Daly)");
    case RemedyAction::AsyncCheckpoint: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Asynchronous checkpoints");
    case RemedyAction::Count: break;
    }
    return "";
}

std::string_view leverSettingFormat(RemedyAction action)
{
    switch (action) {
    //: a remedy's title with its setting; %1 = title, %2 = the new micro-batch
    case RemedyAction::MicroBatch: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "%1: micro-batch %2");
    //: %1 = title, %2 = ZeRO stage
    case RemedyAction::ZeroStage: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "%1: stage %2");
    //: %1 = title, %2 = steps between checkpoints
    case RemedyAction::CheckpointInterval: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "%1: every %2 steps");
    default: return "";
    }
}

std::string remedyTitle(const Remedy& remedy)
{
    std::string out;
    for (const Lever& l : remedy.levers) {
        std::string part(remedyActionTitle(l.action));
        const std::string_view format = leverSettingFormat(l.action);
        if (!format.empty()) {
            std::string filled(format);
            filled.replace(filled.find("%2"), 2, std::to_string(std::int64_t(l.value)));
            filled.replace(filled.find("%1"), 2, part);
            part = filled;
        }
        out += (out.empty() ? "" : " + ") + part;
    }
    return out;
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
    case RemedyNote::IntervalTradeoff: return "interval_tradeoff";
    case RemedyNote::AsyncHostMemory: return "async_host_memory";
    case RemedyNote::Count: break;
    }
    return "";
}

std::string_view describe(RemedyNote note)
{
    switch (note) {
    case RemedyNote::None: return "";
    case RemedyNote::SmallerKernels: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Smaller matrix multiplications may run below the MFU assumed here.");
    case RemedyNote::OffloadTransfers: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Each step also waits for the optimizer step on the CPU; the PCIe copies (31.5 GB/s) are in the step time.");
    case RemedyNote::AdaptersQuality: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Trains adapters, not every weight: usually close to full fine-tuning (Hu et al. 2021).");
    case RemedyNote::QloraQuality: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "NF4 base: QLoRA matches 16-bit fine-tuning on its benchmarks (Dettmers et al. 2023).");
    case RemedyNote::MoreGpusCost: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "More GPUs to pay for.");
    case RemedyNote::QualityFp8: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "FP8 weights are usually within noise of BF16.");
    case RemedyNote::QualityInt8: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "INT8 weights: a small quality loss; needs calibration (LLM.int8, SmoothQuant).");
    case RemedyNote::QualityInt4: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "INT4 weights: a measurable loss on hard tasks (GPTQ, AWQ).");
    case RemedyNote::QualityKvCache: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Quantized keys and values: a small loss, mostly at long contexts.");
    case RemedyNote::ShorterRequests: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Serves shorter requests than asked.");
    case RemedyNote::FewerConcurrent: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Fewer sequences at once: lower throughput.");
    case RemedyNote::FreeInPractice: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Exact attention, faster, without the s × s scores (Dao et al. 2022).");
    case RemedyNote::IntervalTradeoff: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Balances the stall of each checkpoint against the work an interruption loses (Young 1974, Daly 2006); the launch settings carry the interval.");
    case RemedyNote::AsyncHostMemory: return SHARDSCOPE_TRANSLATE_NOOP("AdviceText", "Each GPU's shard is first copied to host memory and written behind the steps (torch DCP async_save, Megatron --async-save): the node needs that CPU memory free.");
    case RemedyNote::Count: break;
    }
    return "";
}

} // namespace core
