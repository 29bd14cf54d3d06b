// A DeepSpeed JSON config (issue 30): the keys deepspeedai/DeepSpeed @ edaa722 reads
// (runtime/constants.py, runtime/zero/config.py; the same names shardscope launch writes, listed
// with file and line in tests/core/data/launch/deepspeed-config-keys-edaa722.txt). A DeepSpeed
// config does not name the model: it comes from the config.json beside the file.
#include "core/importer/formatimporters.h"

#include <algorithm>
#include <cmath>

#include "core/importer/importbuilder.h"

namespace core {

namespace {

bool dsUnder(const std::string& key, std::string_view section) { return key.rfind(std::string(section) + ".", 0) == 0 || key == section; }

} // namespace

ImportResult importDeepSpeed(const std::vector<ConfigEntry>& entries, const ImportOptions& options)
{
    ImportBuilder b(ImportFormat::DeepSpeed, options);
    Scenario& s = b.scenario();
    s.training.framework = Framework::DeepSpeed;
    s.training.recompute = Recompute::None; // the model code checkpoints; the section below says so
    double train = 0, micro = 0, accumulation = 0, sp = 1, dp = 0, tp = 1;
    bool bf16 = false, fp16 = false, fp32Accumulation = false, offloadOptimizer = false, offloadParameters = false;
    for (const ConfigEntry& e : entries) {
        const std::string& k = e.key;
        const std::string& v = e.value;
        double x = 0;
        bool on = false;
        auto numeric = [&](double& target) {
            if (v == "auto") // filled in by the Hugging Face Trainer from its own arguments
                b.note(k, v, e.line, ImportWhy::NotEvaluated);
            else if (b.number(v, x, k, e.line))
                target = x, b.note(k, v, e.line, ImportWhy::Sets);
        };
        if (k == "train_batch_size") numeric(train);
        else if (k == "train_micro_batch_size_per_gpu") numeric(micro);
        else if (k == "gradient_accumulation_steps") numeric(accumulation);
        else if (k == "sequence_parallel_size") numeric(sp);
        else if (k == "data_parallel_size") numeric(dp);
        else if (k == "tensor_parallel.autotp_size") numeric(tp);
        else if (k == "bf16.enabled" || k == "fp16.enabled") {
            if (parseImportBool(v, on) || v == "auto") {
                (k == "bf16.enabled" ? bf16 : fp16) = on || v == "auto";
                b.note(k, v, e.line, v == "auto" ? ImportWhy::NotEvaluated : ImportWhy::Sets);
            } else
                b.note(k, v, e.line, ImportWhy::BadValue);
        } else if (k == "data_types.grad_accum_dtype") {
            fp32Accumulation = v == "fp32";
            b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "zero_optimization.stage") {
            if (b.number(v, x, k, e.line))
                b.set(Field::TrainingZeroStage, FieldValue(x), k, v, e.line);
        } else if (k == "zero_optimization.offload_optimizer.device") {
            offloadOptimizer = v == "cpu" || v == "nvme";
            b.note(k, v, e.line, ImportWhy::Sets);
            if (v == "nvme")
                b.note(k, v, e.line, ImportWhy::Approximated); // NVMe counted as CPU memory
        } else if (k == "zero_optimization.offload_param.device") {
            offloadParameters = v == "cpu" || v == "nvme";
            b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "zero_optimization.reduce_bucket_size") {
            if (v != "auto" && b.number(v, x, k, e.line))
                b.set(Field::RuntimeReduceBucketElements, FieldValue(x), k, v, e.line);
            else if (v == "auto")
                b.note(k, v, e.line, ImportWhy::NotEvaluated);
        } else if (k == "zero_optimization.stage3_prefetch_bucket_size" || k == "zero_optimization.stage3_max_live_parameters"
                   || k == "zero_optimization.stage3_max_reuse_distance" || k == "zero_optimization.stage3_param_persistence_threshold"
                   || k == "zero_optimization.sub_group_size" || k == "zero_optimization.allgather_bucket_size"
                   || k == "zero_optimization.zero_quantized_weights" || k == "zero_optimization.zero_hpz_partition_size")
            b.note(k, v, e.line, ImportWhy::NotModelled);
        else if (dsUnder(k, "activation_checkpointing")) {
            // The section configures checkpointing that the model code does (which layers, how
            // many): it says recomputation is on, not its granularity — full is assumed.
            if (s.training.recompute == Recompute::None)
                b.set(Field::TrainingRecompute, FieldValue(Recompute::Full), k, v, e.line);
            b.note(k, v, e.line, ImportWhy::Approximated);
        } else if (k == "optimizer.type") {
            const std::string t = [&] { std::string l = v; for (char& c : l) c = char(std::tolower(static_cast<unsigned char>(c))); return l; }();
            if (t == "adam" || t == "adamw" || t == "fusedadam" || t == "cpuadam" || t == "deepspeedcpuadam")
                b.set(Field::TrainingOptimizer, FieldValue(t == "adam" ? Optimizer::Adam : Optimizer::AdamW), k, v, e.line);
            else if (t == "lion")
                b.set(Field::TrainingOptimizer, FieldValue(Optimizer::Lion), k, v, e.line);
            else
                b.note(k, v, e.line, ImportWhy::NotModelled); // OneBitAdam, Lamb, …
        } else if (dsUnder(k, "optimizer") || dsUnder(k, "scheduler") || k == "gradient_clipping" || k == "steps_per_print" || k == "wall_clock_breakdown"
                   || dsUnder(k, "tensorboard") || dsUnder(k, "wandb") || dsUnder(k, "csv_monitor") || dsUnder(k, "flops_profiler") || k == "prescale_gradients"
                   || dsUnder(k, "fp16") || dsUnder(k, "bf16") || k == "zero_allow_untested_optimizer" || k == "dump_state" || dsUnder(k, "comms_logger")
                   || dsUnder(k, "shardscope_notes"))
            b.note(k, v, e.line, ImportWhy::NoEffect);
        else if (k == "zero_optimization.overlap_comm" || k == "zero_optimization.contiguous_gradients" || k == "zero_optimization.reduce_scatter"
                 || dsUnder(k, "zero_optimization.offload_optimizer") || dsUnder(k, "zero_optimization.offload_param") || dsUnder(k, "zero_optimization"))
            b.note(k, v, e.line, ImportWhy::NotModelled);
        else
            b.note(k, v, e.line, ImportWhy::Unknown);
    }
    // The batch identity (runtime/config.py L937): train = micro × GA × data-parallel size; the
    // data-parallel size is data_parallel_size when given with sequence_parallel_size (L718).
    if (micro > 0)
        b.set(Field::TrainingMicroBatchSize, FieldValue(micro), "train_micro_batch_size_per_gpu", "", 0);
    if (dp <= 0 && train > 0 && micro > 0 && accumulation > 0 && std::fmod(train, micro * accumulation) == 0)
        dp = train / (micro * accumulation);
    if (train > 0)
        b.set(Field::TrainingGlobalBatchSize, FieldValue(train), "train_batch_size", "", 0);
    else if (dp > 0 && micro > 0)
        b.set(Field::TrainingGlobalBatchSize, FieldValue(micro * std::max(1.0, accumulation) * dp), "train_micro_batch_size_per_gpu × gradient_accumulation_steps × data parallel", "", 0);
    if (sp > 1)
        b.set(Field::ParallelContext, FieldValue(sp), "sequence_parallel_size", "", 0);
    if (tp > 1)
        b.set(Field::ParallelTensor, FieldValue(tp), "tensor_parallel.autotp_size", "", 0);
    if (dp > 0)
        b.gpus((long long)(dp * sp * tp), 0, "data parallel × sequence_parallel_size × autotp_size", "", 0);
    b.set(Field::TrainingPrecision,
          FieldValue(bf16 ? (fp32Accumulation ? PrecisionRecipe::MixedBf16Fp32Grads : PrecisionRecipe::Mixed16)
                          : fp16 ? PrecisionRecipe::Mixed16 : PrecisionRecipe::Fp32),
          bf16 ? "bf16.enabled" : fp16 ? "fp16.enabled" : "(no bf16 or fp16)", "", 0);
    b.set(Field::TrainingOffloadOptimizer, FieldValue(offloadOptimizer), "zero_optimization.offload_optimizer", "", 0);
    b.set(Field::TrainingOffloadParameters, FieldValue(offloadParameters), "zero_optimization.offload_param", "", 0);
    return b.finish();
}

} // namespace core
