// torchtitan: the TOML job file for a training scenario.
#include "core/io/launchparts.h"

#include <cmath>

namespace core::launchparts {

LaunchFile torchtitan(const Scenario& s)
{
    const ParallelLayout& p = s.parallel;
    const TrainingSetup& t = s.training;
    ModelArchitecture family;
    const ModelArchitecture& m = shapeOf(s, family);
    const int dp = dataParallel(s);
    Notes notes;
    const TorchtitanFlavor* flavor = torchtitanFlavorOf(s.model.preset);
    const std::string hf = hfIdOf(s);
    if (!flavor || hf.empty())
        note(notes, LaunchNoteCode::TorchtitanModelInCode);
    if (t.zeroStage == 1)
        note(notes, LaunchNoteCode::TorchtitanZeroOne);
    if (t.offloadOptimizer && !t.offloadParameters)
        note(notes, LaunchNoteCode::TorchtitanOffloadTogether);
    if (t.precision == PrecisionRecipe::Fp8Mixed)
        note(notes, LaunchNoteCode::TorchtitanFp8Converter);
    if (t.precision == PrecisionRecipe::Mixed16 || t.precision == PrecisionRecipe::Bf16)
        note(notes, LaunchNoteCode::TorchtitanFp32Reduce);
    if (p.tensor > 1 && !p.sequenceParallel)
        note(notes, LaunchNoteCode::TorchtitanSequenceParallel);
    if (p.pipeline > 1 && (p.firstStageLayers > 0 || p.lastStageLayers > 0 || p.embeddingCountsAsLayer || p.lossCountsAsLayer))
        note(notes, LaunchNoteCode::TorchtitanUnevenPipeline);
    std::string out = "# torchtitan job config (pytorch/torchtitan @ 238fa99, torchtitan/config/job_config.py)\n";
    for (const LaunchNote& n : notes)
        out += "# note: " + describe(n) + "\n";
    if (flavor && !hf.empty()) {
        // torchtitan/models/<name>/__init__.py @ 238fa99 holds the flavor's shape; the assets
        // folder holds the checkpoint's config.json and tokenizer.
        out += "\n[model]\n";
        out += "name = \"" + std::string(flavor->name) + "\"\n";
        out += "flavor = \"" + std::string(flavor->flavor) + "\"\n";
        out += "hf_assets_path = \"./assets/hf/" + hf.substr(hf.find('/') + 1) + "\"\n";
    }
    out += "\n[training]\n";
    // With a pipeline, the local batch is split into micro-batches of pipeline_parallel_microbatch_size;
    // without one, global_batch_size > local × DP is gradient accumulation.
    const long long local = p.pipeline > 1 ? t.globalBatchSize / dp : t.microBatchSize;
    out += "local_batch_size = " + std::to_string(local) + "\n";
    out += "global_batch_size = " + std::to_string(t.globalBatchSize) + "\n";
    out += "seq_len = " + std::to_string(t.seqLength) + "\n";
    if (t.trainTokens > 0 && t.globalBatchSize > 0 && t.seqLength > 0)
        out += "steps = " + integer(std::ceil(t.trainTokens / (double(t.globalBatchSize) * double(t.seqLength)))) + "\n";
    const bool bf16 = t.precision != PrecisionRecipe::Fp32 && sixteenBitIsBf16(s);
    out += std::string("mixed_precision_param = \"") + (t.precision == PrecisionRecipe::Fp32 ? "float32" : bf16 ? "bfloat16" : "float16") + "\"\n";
    out += "mixed_precision_reduce = \"float32\"\n";
    out += std::string("enable_cpu_offload = ") + (t.offloadOptimizer || t.offloadParameters ? "true" : "false") + "\n";

    out += "\n[parallelism]\n";
    const bool replicate = t.zeroStage == 0;
    out += "data_parallel_replicate_degree = " + std::to_string(replicate ? dp : 1) + "\n";
    out += "data_parallel_shard_degree = " + std::to_string(replicate ? 1 : dp) + "\n";
    if (!replicate)
        out += std::string("fsdp_reshard_after_forward = \"") + (t.zeroStage >= 3 ? "default" : "never") + "\"\n";
    out += "tensor_parallel_degree = " + std::to_string(p.tensor) + "\n";
    if (p.tensor > 1)
        out += std::string("enable_async_tensor_parallel = ") + (t.tpCommOverlap ? "true" : "false") + "\n";
    out += "pipeline_parallel_degree = " + std::to_string(p.pipeline) + "\n";
    if (p.pipeline > 1) {
        out += std::string("pipeline_parallel_schedule = \"") + (p.virtualPipeline > 1 ? "Interleaved1F1B" : "1F1B") + "\"\n";
        if (p.virtualPipeline > 1)
            out += "pipeline_parallel_layers_per_stage = " + std::to_string(m.numLayers / (p.pipeline * p.virtualPipeline)) + "\n";
        out += "pipeline_parallel_microbatch_size = " + std::to_string(t.microBatchSize) + "\n";
    }
    out += "context_parallel_degree = " + std::to_string(p.context) + "\n";
    if (m.isMoE()) {
        out += "expert_parallel_degree = " + std::to_string(p.expert) + "\n";
        out += "expert_tensor_parallel_degree = " + std::to_string(p.effectiveExpertTensor()) + "\n";
    }

    out += "\n[checkpoint]\n";
    out += "enable = true\n";
    if (const long long every = checkpointIntervalSteps(s); every > 0)
        out += "interval = " + std::to_string(every) + "\n";
    out += std::string("async_mode = \"") + (s.goodput.asyncCheckpoint ? "async" : "disabled") + "\"\n";
    if (!s.goodput.checkpointOptimizer)
        out += "# torchtitan saves the optimizer in every checkpoint but the last (last_save_model_only)\n";

    out += "\n[activation_checkpoint]\n";
    out += std::string("mode = \"") + (t.recompute == Recompute::Full ? "full" : t.recompute == Recompute::Selective ? "selective" : "none") + "\"\n";
    if (t.recompute == Recompute::Selective)
        out += "selective_ac_option = \"op\"\n";
    return {out, std::move(notes)};
}

} // namespace core::launchparts
