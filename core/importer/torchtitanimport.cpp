// A torchtitan TOML job config (issue 30): the keys pytorch/torchtitan @ 238fa99 defines in
// torchtitan/config/job_config.py (the same names shardscope launch writes, listed with file and
// line in tests/core/data/launch/torchtitan-keys-238fa99.txt). The model is a flavor in
// torchtitan's code: [model] name and flavor name one, hf_assets_path the checkpoint it loads.
#include "core/importer/formatimporters.h"

#include <cmath>

#include "core/importer/importbuilder.h"
#include "core/io/launchconfig.h"
#include "core/io/presets.h"

namespace core {

ImportResult importTorchtitan(const std::vector<ConfigEntry>& entries, const ImportOptions& options)
{
    ImportBuilder b(ImportFormat::Torchtitan, options);
    Scenario& s = b.scenario();
    s.training.framework = Framework::Fsdp2;
    double local = 8, global = -1, seq = 2048, steps = 10000, replicate = 1, shard = -1, tp = 1, pp = 1, cp = 1, ep = 1, etp = 1;
    double pipeMicro = 1, layersPerStage = 0; // job_config.py defaults (local_batch_size 8, seq_len 2048, steps 10000, …)
    std::string name, flavor, assets, schedule, reshard = "default", param = "bfloat16", acMode = "selective";
    bool offload = false, asyncTp = false, seenShard = false;
    for (const ConfigEntry& e : entries) {
        const std::string& k = e.key;
        const std::string& v = e.value;
        double x = 0;
        bool on = false;
        auto number = [&](double& target) {
            if (b.number(v, x, k, e.line))
                target = x, b.note(k, v, e.line, ImportWhy::Sets);
        };
        auto text = [&](std::string& target, ImportWhy why = ImportWhy::Sets) { target = v, b.note(k, v, e.line, why); };
        if (k == "model.name") text(name, ImportWhy::NamesModel);
        else if (k == "model.flavor") text(flavor, ImportWhy::NamesModel);
        else if (k == "model.hf_assets_path" || k == "model.tokenizer_path") text(assets, ImportWhy::NamesModel);
        else if (k == "model.converters" || k.rfind("model.converters[", 0) == 0) b.note(k, v, e.line, v == "float8" ? ImportWhy::Sets : ImportWhy::NotModelled);
        else if (k == "training.local_batch_size") number(local);
        else if (k == "training.global_batch_size") number(global);
        else if (k == "training.seq_len") number(seq);
        else if (k == "training.steps") number(steps);
        else if (k == "training.enable_cpu_offload") {
            if (parseImportBool(v, on))
                offload = on, b.note(k, v, e.line, ImportWhy::Sets);
            else
                b.note(k, v, e.line, ImportWhy::BadValue);
        } else if (k == "training.mixed_precision_param") text(param);
        else if (k == "training.mixed_precision_reduce") b.note(k, v, e.line, ImportWhy::Sets); // float32 only (job_config.py L290)
        else if (k == "parallelism.data_parallel_replicate_degree") number(replicate);
        else if (k == "parallelism.data_parallel_shard_degree") number(shard), seenShard = true;
        else if (k == "parallelism.fsdp_reshard_after_forward") text(reshard);
        else if (k == "parallelism.tensor_parallel_degree") number(tp);
        else if (k == "parallelism.enable_async_tensor_parallel") {
            if (parseImportBool(v, on))
                asyncTp = on, b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "parallelism.pipeline_parallel_degree") number(pp);
        else if (k == "parallelism.pipeline_parallel_schedule") text(schedule);
        else if (k == "parallelism.pipeline_parallel_layers_per_stage") number(layersPerStage);
        else if (k == "parallelism.pipeline_parallel_microbatch_size") number(pipeMicro);
        else if (k == "parallelism.context_parallel_degree") number(cp);
        else if (k == "parallelism.expert_parallel_degree") number(ep);
        else if (k == "parallelism.expert_tensor_parallel_degree") number(etp);
        else if (k == "activation_checkpoint.mode") text(acMode);
        else if (k == "activation_checkpoint.selective_ac_option") b.note(k, v, e.line, v == "op" ? ImportWhy::Sets : ImportWhy::Approximated);
        else if (k.rfind("compile.", 0) == 0 || k.rfind("quantize.", 0) == 0 || k.rfind("float8.", 0) == 0 || k.rfind("mx.", 0) == 0)
            b.note(k, v, e.line, ImportWhy::NotModelled);
        else if (k.rfind("job.", 0) == 0 || k.rfind("profiling.", 0) == 0 || k.rfind("metrics.", 0) == 0 || k.rfind("optimizer.", 0) == 0
                 || k.rfind("lr_scheduler.", 0) == 0 || k.rfind("checkpoint.", 0) == 0 || k.rfind("validation.", 0) == 0
                 || k.rfind("comm.", 0) == 0 || k.rfind("fault_tolerance.", 0) == 0 || k == "training.dataset" || k == "training.dataset_path"
                 || k == "training.max_norm" || k.rfind("training.gc_", 0) == 0 || k == "training.dtype" || k.rfind("experimental.", 0) == 0)
            b.note(k, v, e.line, ImportWhy::NoEffect);
        else
            b.note(k, v, e.line, ImportWhy::Unknown);
    }
    // The model: the checkpoint the assets folder holds, else the flavor's preset.
    if (!assets.empty())
        b.nameModel(assets, "model.hf_assets_path", 0);
    else if (!name.empty() || !flavor.empty()) {
        for (const TorchtitanFlavor& f : torchtitanFlavors())
            if (f.name == name && f.flavor == flavor) {
                if (const ModelPreset* p = findModelPreset(f.preset))
                    b.nameModel(hfModelId(*p), "model.flavor", 0);
                break;
            }
    }
    // The degrees: world = replicate × shard × TP × PP × CP; a shard degree of −1 takes the rest.
    const double others = std::max(1.0, replicate) * tp * pp * cp;
    double gpus = 0;
    if (shard > 0)
        gpus = std::max(1.0, replicate) * shard * tp * pp * cp;
    else if (options.gpus > 0 && std::fmod(options.gpus, others) == 0)
        gpus = options.gpus, shard = options.gpus / others;
    if (gpus > 0)
        b.gpus((long long)gpus, 0, "parallelism degrees", "", 0);
    b.set(Field::ParallelTensor, FieldValue(tp), "parallelism.tensor_parallel_degree", "", 0);
    b.set(Field::ParallelPipeline, FieldValue(pp), "parallelism.pipeline_parallel_degree", "", 0);
    b.set(Field::ParallelContext, FieldValue(cp), "parallelism.context_parallel_degree", "", 0);
    if (ep > 1)
        b.set(Field::ParallelExpert, FieldValue(ep), "parallelism.expert_parallel_degree", "", 0);
    if (etp > 0)
        b.set(Field::ParallelExpertTensor, FieldValue(etp), "parallelism.expert_tensor_parallel_degree", "", 0);
    b.set(Field::ParallelSequenceParallel, FieldValue(tp > 1), "parallelism.tensor_parallel_degree (torchtitan's TP shards the sequence)", "", 0);
    b.set(Field::TrainingTpCommOverlap, FieldValue(asyncTp && tp > 1), "parallelism.enable_async_tensor_parallel", "", 0);
    // Sharding: replicate only = DDP (ZeRO-0); FSDP2 that reshards after forward = ZeRO-3, that
    // keeps the parameters gathered = ZeRO-2.
    // A shard degree of 1 shards nothing (FSDP over one rank): DDP's replicas, ZeRO-0.
    const bool replicateOnly = seenShard && shard == 1;
    const int stage = replicateOnly ? 0 : (reshard == "never" ? 2 : 3);
    b.set(Field::TrainingZeroStage, FieldValue(stage), "parallelism.fsdp_reshard_after_forward", reshard, 0);
    b.set(Field::TrainingOffloadOptimizer, FieldValue(offload), "training.enable_cpu_offload", "", 0);
    b.set(Field::TrainingOffloadParameters, FieldValue(offload && stage == 3), "training.enable_cpu_offload", "", 0);
    // FSDP2 reduces gradients in float32 (mixed_precision_reduce): fp32 gradients.
    b.set(Field::TrainingPrecision, FieldValue(param == "float32" ? PrecisionRecipe::Fp32 : PrecisionRecipe::MixedBf16Fp32Grads),
          "training.mixed_precision_param", param, 0);
    b.set(Field::TrainingRecompute, FieldValue(acMode == "full" ? Recompute::Full : acMode == "none" ? Recompute::None : Recompute::Selective),
          "activation_checkpoint.mode", acMode, 0);
    // Batch: the local batch per data-parallel rank; with a pipeline it is cut into micro-batches.
    const double dp = std::max(1.0, replicate) * std::max(1.0, shard);
    const double micro = pp > 1 ? pipeMicro : local;
    const double globalBatch = global > 0 ? global : local * dp;
    b.set(Field::TrainingMicroBatchSize, FieldValue(micro), pp > 1 ? "parallelism.pipeline_parallel_microbatch_size" : "training.local_batch_size", "", 0);
    b.set(Field::TrainingGlobalBatchSize, FieldValue(globalBatch), "training.global_batch_size", "", 0);
    b.set(Field::TrainingSeqLength, FieldValue(seq), "training.seq_len", "", 0);
    b.set(Field::TrainingTrainTokens, FieldValue(steps * globalBatch * seq), "training.steps", "", 0);
    if (pp > 1 && schedule.find("Interleaved") != std::string::npos && layersPerStage > 0)
        b.afterModel([layersPerStage, pp](Scenario& sc) {
            // Interleaved 1F1B: each rank holds layers / (layers per stage × PP) chunks.
            const int layers = sc.model.numLayers;
            if (layers > 0 && std::fmod(double(layers), layersPerStage * pp) == 0)
                sc.parallel.virtualPipeline = int(layers / (layersPerStage * pp));
        });
    return b.finish();
}

} // namespace core
