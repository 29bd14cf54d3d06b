// DeepSpeed: the ds_config.json for a training scenario.
#include "core/io/launchparts.h"

#include "core/io/json_reader.h"

namespace core::launchparts {

LaunchFile deepSpeed(const Scenario& s)
{
    const TrainingSetup& t = s.training;
    const ParallelLayout& p = s.parallel;
    Notes notes;
    // deepspeed/runtime/config.py @ edaa722 L937: train_batch_size = micro × GA × world_size, where
    // world_size is the data-parallel size: the GPUs over the sequence-parallel size when the config
    // gives both sizes (deepspeed/__init__.py L203: a (dp, sp) mesh; config.py L718), or the mpu's
    // data-parallel size with TP or PP. Writing CP's ranks as data parallel doubled the batch.
    Json j;
    j["train_batch_size"] = t.globalBatchSize;
    j["train_micro_batch_size_per_gpu"] = t.microBatchSize;
    j["gradient_accumulation_steps"] = microBatches(s);
    j["gradient_clipping"] = 1.0;
    if (p.context > 1) {
        j["sequence_parallel_size"] = p.context;
        j["data_parallel_size"] = dataParallel(s);
        note(notes, LaunchNoteCode::DeepSpeedContextIsUlysses, p.context);
    }
    if (p.tensor > 1) {
        j["tensor_parallel"] = Json{{"autotp_size", p.tensor}};
        note(notes, LaunchNoteCode::DeepSpeedTensorIsAutoTp, p.tensor);
    }
    if (p.pipeline > 1)
        note(notes, LaunchNoteCode::DeepSpeedPipelineInCode, p.pipeline);
    if (s.model.isMoE() && p.expert > 1)
        note(notes, LaunchNoteCode::DeepSpeedExpertsInCode, p.expert);
    note(notes, LaunchNoteCode::DeepSpeedModelFromHf);
    // DeepSpeed's config has no checkpoint interval (runtime/checkpoint_engine, config.py's
    // "checkpoint" section holds tags and writers): the loop calls engine.save_checkpoint().
    if (const long long every = checkpointIntervalSteps(s); every > 0)
        note(notes, LaunchNoteCode::DeepSpeedCheckpointInCode, double(every));
    const bool sixteen = t.precision != PrecisionRecipe::Fp32;
    if (sixteen && (t.precision != PrecisionRecipe::Mixed16 || sixteenBitIsBf16(s)))
        j["bf16"] = Json{{"enabled", true}};
    else if (sixteen)
        j["fp16"] = Json{{"enabled", true}};
    if (t.precision == PrecisionRecipe::MixedBf16Fp32Grads)
        j["data_types"] = Json{{"grad_accum_dtype", "fp32"}}; // constants.py L494–L495
    if (t.recompute == Recompute::Selective)
        note(notes, LaunchNoteCode::DeepSpeedRecomputeInModel);
    // deepspeed/runtime/zero/config.py @ edaa722 (buckets at their 5e8-element defaults).
    Json zero{{"stage", t.zeroStage},
              {"overlap_comm", true},
              {"contiguous_gradients", true},
              {"reduce_scatter", true},
              {"reduce_bucket_size", 500000000},
              {"allgather_bucket_size", 500000000}};
    // ZeRO-Infinity: the node's NVMe drives at nvme_path (runtime/zero/offload_config.py); the
    // path is the cluster's, "/local_nvme" as in DeepSpeed's own examples.
    const bool nvme = t.offloadDevice == OffloadDevice::Nvme;
    auto offload = [&] { return nvme ? Json{{"device", "nvme"}, {"nvme_path", "/local_nvme"}, {"pin_memory", true}} : Json{{"device", "cpu"}, {"pin_memory", true}}; };
    if (t.offloadOptimizer)
        zero["offload_optimizer"] = offload();
    if (t.offloadParameters)
        zero["offload_param"] = offload();
    j["zero_optimization"] = zero;
    if (t.recompute != Recompute::None)
        // deepspeed/runtime/activation_checkpointing/config.py: the model's checkpointed layers
        // follow these settings (the granularity is the model code's).
        j["activation_checkpointing"] = Json{{"partition_activations", s.parallel.tensor > 1},
                                             {"contiguous_memory_optimization", false},
                                             {"cpu_checkpointing", false}};
    // JSON has no comments (transformers reads the file with json.load): the notes are a key
    // DeepSpeed does not read.
    Json list = Json::array();
    for (const LaunchNote& n : notes)
        list.push_back(describe(n));
    j["shardscope_notes"] = list;
    return {j.dump(2) + "\n", std::move(notes)};
}

} // namespace core::launchparts
