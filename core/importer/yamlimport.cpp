// YAML launch files (issue 30): Megatron-Bridge / NeMo 2 recipes (ConfigContainer: the
// TransformerConfig's fields, the same as Megatron-LM's flags), axolotl, LLaMA-Factory and TRL
// fine-tuning configs, and verl's PPO/GRPO trainer config (Hydra: also given as key=value
// overrides on its command line).
#include "core/importer/formatimporters.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/importer/commandargs.h"
#include "core/importer/importbuilder.h"

namespace core {

namespace {

std::string bridgeLastPart(const std::string& key)
{
    const std::size_t dot = key.rfind('.');
    return dot == std::string::npos ? key : key.substr(dot + 1);
}

bool yamlTruthy(const std::string& v)
{
    bool on = false;
    return parseImportBool(v, on) && on;
}

// --- Megatron-Bridge ------------------------------------------------------------------------

/// A ConfigContainer's fields whose flag has another name, or a value of another kind.
struct BridgeRename
{
    std::string_view field, flag;
    bool whenTrue; ///< the flag is a switch given when the field is true (false: when false)
};
constexpr BridgeRename kBridgeRenames[] = {
    {"layernorm_epsilon", "--norm-epsilon", true},          {"num_moe_experts", "--num-experts", true},
    {"share_embeddings_and_output_weights", "--untie-embeddings-and-output-weights", false},
    {"add_bias_linear", "--disable-bias-linear", false},      {"gated_linear_unit", "--swiglu", true},
    {"fp8", "--fp8-format", true},                            {"use_megatron_fsdp", "--use-megatron-fsdp", true},
};

ImportResult importBridge(const std::vector<ConfigEntry>& entries, const ImportOptions& options)
{
    ImportBuilder b(ImportFormat::MegatronBridge, options);
    b.scenario().training.framework = Framework::Megatron;
    std::vector<CommandArg> args;
    double vpp = 0;
    for (const ConfigEntry& e : entries) {
        const std::string field = bridgeLastPart(e.key);
        const std::string section = e.key.substr(0, e.key.size() - field.size() - (e.key.size() > field.size() ? 1 : 0));
        if (e.key == "mixed_precision" || e.key == "mixed_precision.bf16" || e.key == "mixed_precision.fp16") {
            // A recipe name ("bf16_mixed", "bf16_with_fp8_hybrid") or the MixedPrecisionConfig's fields.
            const bool bf16 = e.value.find("bf16") != std::string::npos || (field == "bf16" && yamlTruthy(e.value));
            const bool fp8 = e.value.find("fp8") != std::string::npos;
            if (bf16)
                args.push_back({"--bf16", "", false, e.line, true});
            if (field == "fp16" && yamlTruthy(e.value))
                args.push_back({"--fp16", "", false, e.line, true});
            if (fp8)
                args.push_back({"--fp8-format", "hybrid", true, e.line, true});
            if (!bf16 && !fp8 && !(field == "fp16" && yamlTruthy(e.value)))
                b.note(e.key, e.value, e.line, ImportWhy::Sets);
            continue;
        }
        if (section.rfind("checkpoint", 0) == 0 || section.rfind("logger", 0) == 0 || section.rfind("dataset", 0) == 0
            || section.rfind("scheduler", 0) == 0 || section.rfind("rng", 0) == 0 || section.rfind("tokenizer", 0) == 0
            || section.rfind("profiling", 0) == 0) {
            if (field == "tokenizer_model" || field == "hf_model_id" || field == "pretrained_model_name_or_path")
                b.nameModel(e.value, e.key, e.line);
            else
                b.note(e.key, e.value, e.line, ImportWhy::NoEffect);
            continue;
        }
        if (field == "hf_model_id" || field == "hf_path" || field == "pretrained_model_name_or_path") {
            b.nameModel(e.value, e.key, e.line);
            continue;
        }
        if (field == "virtual_pipeline_model_parallel_size") {
            double x = 0;
            if (e.value != "null" && !e.value.empty() && b.number(e.value, x, e.key, e.line))
                vpp = x, b.set(Field::ParallelVirtualPipeline, FieldValue(x), e.key, e.value, e.line);
            continue;
        }
        if (field == "activation_func") {
            b.note(e.key, e.value, e.line, e.value.find("silu") != std::string::npos || e.value.find("gelu") != std::string::npos ? ImportWhy::Sets : ImportWhy::NotModelled);
            continue;
        }
        bool renamed = false;
        for (const BridgeRename& r : kBridgeRenames)
            if (field == r.field) {
                renamed = true;
                bool on = false;
                if (r.flag == "--norm-epsilon" || r.flag == "--num-experts" || r.flag == "--fp8-format") {
                    if (e.value != "null" && !e.value.empty())
                        args.push_back({std::string(r.flag), e.value, true, e.line, true});
                } else if (parseImportBool(e.value, on)) {
                    if (on == r.whenTrue)
                        args.push_back({std::string(r.flag), "", false, e.line, true});
                    else
                        b.note(e.key, e.value, e.line, ImportWhy::Sets);
                } else {
                    b.note(e.key, e.value, e.line, ImportWhy::BadValue);
                }
            }
        if (renamed)
            continue;
        bool on = false;
        const std::string flag = "--" + dashed(field);
        if (e.value == "null" || e.value.empty()) {
            b.note(e.key, e.value, e.line, ImportWhy::NoEffect); // unset: the default
        } else if (!e.isString && parseImportBool(e.value, on)) {
            if (on)
                args.push_back({flag, "", false, e.line, true});
            else
                b.note(e.key, e.value, e.line, ImportWhy::Sets); // a switch left off
        } else {
            args.push_back({flag, e.value, true, e.line, true});
        }
    }
    // The dataclasses hold every field: take each flag once (a recipe's model and train sections
    // may both hold seq_length; the last counts, as for repeated flags).
    applyMegatronArgs(b, args, true);
    if (vpp > 1)
        b.afterModel([vpp](Scenario& s) { s.parallel.virtualPipeline = int(vpp); });
    return b.finish();
}

// --- fine-tuning: axolotl, LLaMA-Factory, TRL ----------------------------------------------

/// LoRA target module names as the PEFT configs write them.
unsigned loraTarget(std::string_view module)
{
    if (module.find("q_proj") != std::string_view::npos || module == "q") return LoraQ;
    if (module.find("k_proj") != std::string_view::npos || module == "k") return LoraK;
    if (module.find("v_proj") != std::string_view::npos || module == "v") return LoraV;
    if (module.find("o_proj") != std::string_view::npos || module == "o" || module.find("dense") != std::string_view::npos) return LoraO;
    if (module.find("gate_proj") != std::string_view::npos || module == "gate") return LoraGate;
    if (module.find("up_proj") != std::string_view::npos || module == "up") return LoraUp;
    if (module.find("down_proj") != std::string_view::npos || module == "down") return LoraDown;
    return 0;
}

/// The keys of each fine-tuning format, and what they set (axolotl: docs/config-reference;
/// LLaMA-Factory: hparams/finetuning_args.py, model_args.py; TRL: SFTConfig, GRPOConfig, ModelConfig).
ImportResult importFinetune(const std::vector<ConfigEntry>& entries, ImportFormat format, const ImportOptions& options)
{
    ImportBuilder b(format, options);
    Scenario& s = b.scenario();
    s.mode = Mode::FineTune;
    s.finetune.method = FineTuneMethod::Full;
    s.training.framework = Framework::Ddp;
    s.training.recompute = Recompute::None;
    s.training.zeroStage = 0;
    double micro = 0, accumulation = 1, rank = 0, x = 0, generations = 0;
    int bits = 16;
    bool lora = false, qlora = false, grpo = false, dpo = false;
    unsigned targets = 0;
    bool allLinear = false;
    for (const ConfigEntry& e : entries) {
        const std::string& k = e.key;
        const std::string& v = e.value;
        const std::string base = k.substr(0, k.find('['));
        auto set = [&](Field f) {
            if (b.number(v, x, k, e.line))
                b.set(f, FieldValue(x), k, v, e.line);
        };
        if (k == "base_model" || k == "model_name_or_path" || k == "model.name_or_path")
            b.nameModel(v, k, e.line);
        else if (k == "adapter") {
            lora = v == "lora" || v == "qlora";
            qlora = v == "qlora";
            b.note(k, v, e.line, lora ? ImportWhy::Sets : ImportWhy::NotModelled);
        } else if (k == "finetuning_type") {
            lora = v == "lora";
            b.note(k, v, e.line, v == "lora" || v == "full" ? ImportWhy::Sets : ImportWhy::NotModelled);
        } else if (k == "use_peft") {
            lora = yamlTruthy(v);
            b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "lora_r" || k == "lora_rank") {
            if (b.number(v, x, k, e.line))
                rank = x, b.note(k, v, e.line, ImportWhy::Sets);
        } else if (base == "lora_target_modules" || base == "lora_target") {
            if (v == "all" || v == "all-linear")
                allLinear = true;
            else
                for (std::size_t p = 0; p < v.size();) { // "q_proj,v_proj" or one per item
                    const std::size_t c = std::min(v.find(',', p), v.size());
                    targets |= loraTarget(std::string_view(v).substr(p, c - p));
                    p = c + 1;
                }
            b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "lora_target_linear") {
            allLinear = yamlTruthy(v);
            b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "load_in_4bit") {
            if (yamlTruthy(v))
                bits = 4;
            b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "load_in_8bit") {
            if (yamlTruthy(v))
                bits = 8;
            b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "quantization_bit") {
            if (b.number(v, x, k, e.line))
                bits = int(x), b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "micro_batch_size" || k == "per_device_train_batch_size") {
            if (b.number(v, x, k, e.line))
                micro = x, b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "gradient_accumulation_steps") {
            if (b.number(v, x, k, e.line))
                accumulation = x, b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "sequence_len" || k == "cutoff_len" || k == "max_length" || k == "max_seq_length")
            set(Field::TrainingSeqLength);
        else if (k == "bf16" || k == "fp16") {
            if (yamlTruthy(v) || v == "auto")
                b.set(Field::TrainingPrecision, FieldValue(PrecisionRecipe::Mixed16), k, v, e.line);
            else
                b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "gradient_checkpointing") {
            b.set(Field::TrainingRecompute, FieldValue(yamlTruthy(v) ? Recompute::Full : Recompute::None), k, v, e.line);
        } else if (k == "flash_attention" || k == "flash_attn") {
            b.set(Field::TrainingFlashAttention, FieldValue(yamlTruthy(v) || v == "fa2" || v == "auto"), k, v, e.line);
        } else if (k == "deepspeed") {
            // A DeepSpeed config by path: its stage from the usual file names (zero1/2/3…json).
            const std::size_t z = v.find("zero");
            const char stage = z != std::string::npos && z + 4 < v.size() ? v[z + 4] : v.find("z3") != std::string::npos ? '3' : '\0';
            if (stage >= '0' && stage <= '3') {
                b.set(Field::TrainingFramework, FieldValue(Framework::DeepSpeed), k, v, e.line);
                b.set(Field::TrainingZeroStage, FieldValue(stage - '0'), k, v, e.line);
                b.set(Field::TrainingOffloadOptimizer, FieldValue(v.find("offload") != std::string::npos), k, v, e.line);
                b.note(k, v, e.line, ImportWhy::Approximated); // read from the file's name
            } else {
                b.note(k, v, e.line, ImportWhy::NotEvaluated);
            }
        } else if (base == "fsdp" || k.rfind("fsdp_config.", 0) == 0) {
            if (v.find("full_shard") != std::string::npos || k == "fsdp_config.fsdp_sharding_strategy" || k == "fsdp_config.reshard_after_forward") {
                b.set(Field::TrainingFramework, FieldValue(Framework::Fsdp2), k, v, e.line);
                b.set(Field::TrainingZeroStage, FieldValue(v == "false" || v == "SHARD_GRAD_OP" ? 2 : 3), k, v, e.line);
            } else if (v.find("offload") != std::string::npos || k == "fsdp_config.fsdp_offload_params" || k == "fsdp_config.offload_params") {
                const bool on = v.find("offload") != std::string::npos || yamlTruthy(v);
                b.set(Field::TrainingOffloadOptimizer, FieldValue(on), k, v, e.line);
                b.set(Field::TrainingOffloadParameters, FieldValue(on), k, v, e.line);
            } else {
                b.note(k, v, e.line, ImportWhy::NotModelled);
            }
        } else if (k == "optimizer" || k == "optim") {
            // adamw_torch, adamw_bnb_8bit, paged_adamw_8bit, adafactor, lion_… (transformers OptimizerNames).
            if (v.find("8bit") != std::string::npos)
                b.set(Field::TrainingOptimizer, FieldValue(Optimizer::Adam8bit), k, v, e.line);
            else if (v.find("adafactor") != std::string::npos)
                b.set(Field::TrainingOptimizer, FieldValue(Optimizer::Adafactor), k, v, e.line);
            else if (v.find("lion") != std::string::npos)
                b.set(Field::TrainingOptimizer, FieldValue(Optimizer::Lion), k, v, e.line);
            else if (v.find("adam") != std::string::npos)
                b.set(Field::TrainingOptimizer, FieldValue(Optimizer::AdamW), k, v, e.line);
            else if (v == "sgd")
                b.set(Field::TrainingOptimizer, FieldValue(Optimizer::Sgd), k, v, e.line);
            else
                b.note(k, v, e.line, ImportWhy::NotModelled);
            if (v.find("paged") != std::string::npos)
                b.set(Field::FineTunePagedOptimizer, FieldValue(true), k, v, 0); // the same setting, listed once
        } else if (k == "stage") {
            dpo = v == "dpo" || v == "kto" || v == "orpo";
            b.note(k, v, e.line, v == "sft" || v == "pt" ? ImportWhy::Sets : v == "ppo" ? ImportWhy::Approximated : ImportWhy::NotModelled);
            if (v == "ppo")
                b.set(Field::RlAlgorithm, FieldValue(RlAlgorithm::Ppo), k, v, e.line);
        } else if (k == "num_generations") {
            if (b.number(v, x, k, e.line))
                generations = x, grpo = true, b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "max_prompt_length") set(Field::RlPromptLength);
        else if (k == "max_completion_length") set(Field::RlMaxNewTokens);
        else if (k == "vllm_gpu_memory_utilization") set(Field::RlRolloutMemoryFraction);
        else if (k == "vllm_mode") {
            b.set(Field::RlPlacement, FieldValue(v == "server" ? RolloutPlacement::Separate : RolloutPlacement::Colocated), k, v, e.line);
        } else if (k == "vllm_tensor_parallel_size") set(Field::RlRolloutTensor);
        else if (k == "beta") {
            if (b.number(v, x, k, e.line))
                b.set(Field::RlReference, FieldValue(x > 0), k, v, e.line); // KL to a reference only with β > 0 (TRL GRPOConfig)
        } else if (k == "use_vllm")
            b.note(k, v, e.line, ImportWhy::Sets);
        else if (k == "sample_packing" || k == "pad_to_sequence_len" || k == "neftune_noise_alpha" || k == "liger_kernel"
                 || k.rfind("plugins", 0) == 0 || k == "torch_compile" || k == "use_liger_kernel" || k == "packing")
            b.note(k, v, e.line, ImportWhy::NotModelled);
        else if (k.rfind("datasets", 0) == 0 || k.rfind("dataset", 0) == 0 || k == "learning_rate" || k == "lr_scheduler" || k == "lr_scheduler_type"
                 || k == "num_epochs" || k == "num_train_epochs" || k == "warmup_steps" || k == "warmup_ratio" || k == "output_dir"
                 || k == "logging_steps" || k == "save_steps" || k == "eval_steps" || k == "weight_decay" || k.rfind("wandb", 0) == 0
                 || k == "seed" || k == "template" || k == "lora_alpha" || k == "lora_dropout" || k.rfind("special_tokens", 0) == 0
                 || k == "val_set_size" || k == "report_to" || k == "do_train" || k == "overwrite_output_dir" || k == "plot_loss"
                 || k == "trust_remote_code" || k == "tokenizer_type" || k == "model_type" || k == "strict" || k == "save_strategy"
                 || k == "evals_per_epoch" || k == "saves_per_epoch" || k == "train_on_inputs" || k == "group_by_length"
                 || k == "logging_first_step" || k == "max_grad_norm" || k == "max_steps" || k == "preprocessing_num_workers"
                 || k == "dataset_prepared_path" || k == "early_stopping_patience" || k == "resume_from_checkpoint" || k == "tf32"
                 || k == "xformers_attention" || k == "local_rank" || k == "debug" || k == "bf16_full_eval" || k == "ddp_timeout"
                 || k == "max_samples" || k == "overwrite_cache" || k == "loss_type" || k == "temperature" || k == "reward_funcs")
            b.note(k, v, e.line, ImportWhy::NoEffect);
        else
            b.note(k, v, e.line, ImportWhy::Unknown);
    }
    if (lora || qlora || bits < 16) {
        const bool q = qlora || bits == 4;
        // QLoRA brings its recipe (NF4, double quantization; core::applyFineTuneMethod).
        b.set(Field::FineTuneMethod, FieldValue(q ? FineTuneMethod::QLoRA : FineTuneMethod::LoRA), "adapter", q ? "qlora" : "lora", 0);
        if (bits == 8)
            b.set(Field::FineTuneBaseFormat, FieldValue(WeightFormat::Int8), "load_in_8bit", "", 0);
        if (rank > 0)
            b.set(Field::FineTuneLoraRank, FieldValue(rank), "lora_r", "", 0);
        if (allLinear)
            s.finetune.loraTargets = LoraQ | LoraK | LoraV | LoraO | LoraGate | LoraUp | LoraDown;
        else if (targets)
            s.finetune.loraTargets = targets;
    }
    if (micro > 0)
        b.set(Field::TrainingMicroBatchSize, FieldValue(micro), "micro_batch_size", "", 0);
    // Global batch = micro × accumulation × the data-parallel ranks (the GPUs, without TP or PP).
    b.afterModel([micro, accumulation](Scenario& sc) {
        if (micro > 0)
            sc.training.globalBatchSize = std::int64_t(micro * accumulation) * std::max(1, sc.parallel.dataParallel());
    });
    if (grpo) {
        b.set(Field::RlAlgorithm, FieldValue(RlAlgorithm::Grpo), "num_generations", "", 0);
        b.set(Field::RlSamplesPerPrompt, FieldValue(generations), "num_generations", "", 0);
    }
    if (dpo)
        b.note("stage", "dpo", 0, ImportWhy::Approximated); // a frozen reference beside the policy: not modelled apart from RL
    return b.finish();
}

// --- verl -----------------------------------------------------------------------------------

ImportResult importVerl(const std::vector<ConfigEntry>& entries, const ImportOptions& options)
{
    // verl/trainer/config/ppo_trainer.yaml: actor_rollout_ref.{model,actor,rollout,ref}, data,
    // critic, reward_model, algorithm, trainer.
    ImportBuilder b(ImportFormat::Verl, options);
    Scenario& s = b.scenario();
    s.mode = Mode::FineTune;
    s.finetune.method = FineTuneMethod::Full;
    s.training.framework = Framework::Fsdp2;
    s.training.zeroStage = 3;
    s.training.recompute = Recompute::None;
    double nodes = 1, perNode = 8, x = 0, prompts = 0, micro = 0;
    std::string estimator = "gae";
    bool critic = false, loraRank = false;
    for (const ConfigEntry& e : entries) {
        const std::string& k = e.key;
        const std::string& v = e.value;
        auto set = [&](Field f) {
            if (b.number(v, x, k, e.line))
                b.set(f, FieldValue(x), k, v, e.line);
        };
        auto number = [&](double& target) {
            if (b.number(v, x, k, e.line))
                target = x, b.note(k, v, e.line, ImportWhy::Sets);
        };
        if (k == "actor_rollout_ref.model.path") b.nameModel(v, k, e.line);
        else if (k == "trainer.nnodes") number(nodes);
        else if (k == "trainer.n_gpus_per_node") number(perNode);
        else if (k == "data.train_batch_size") number(prompts);
        else if (k == "data.max_prompt_length") set(Field::RlPromptLength);
        else if (k == "data.max_response_length") set(Field::RlMaxNewTokens);
        else if (k == "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu") number(micro);
        else if (k == "actor_rollout_ref.rollout.n") set(Field::RlSamplesPerPrompt);
        else if (k == "actor_rollout_ref.rollout.tensor_model_parallel_size") set(Field::RlRolloutTensor);
        else if (k == "actor_rollout_ref.rollout.gpu_memory_utilization") set(Field::RlRolloutMemoryFraction);
        else if (k == "actor_rollout_ref.rollout.free_cache_engine") b.set(Field::RlRolloutSleeps, FieldValue(yamlTruthy(v)), k, v, e.line);
        else if (k == "actor_rollout_ref.model.enable_gradient_checkpointing")
            b.set(Field::TrainingRecompute, FieldValue(yamlTruthy(v) ? Recompute::Full : Recompute::None), k, v, e.line);
        else if (k == "actor_rollout_ref.actor.fsdp_config.param_offload") b.set(Field::TrainingOffloadParameters, FieldValue(yamlTruthy(v)), k, v, e.line);
        else if (k == "actor_rollout_ref.actor.fsdp_config.optimizer_offload") b.set(Field::TrainingOffloadOptimizer, FieldValue(yamlTruthy(v)), k, v, e.line);
        else if (k == "actor_rollout_ref.ref.fsdp_config.param_offload") b.set(Field::RlReferenceOffload, FieldValue(yamlTruthy(v)), k, v, e.line);
        else if (k == "actor_rollout_ref.actor.use_kl_loss" || k == "algorithm.use_kl_in_reward")
            b.set(Field::RlReference, FieldValue(yamlTruthy(v) || s.finetune.rl.reference), k, v, e.line);
        else if (k == "actor_rollout_ref.actor.ulysses_sequence_parallel_size") set(Field::ParallelContext);
        else if (k == "actor_rollout_ref.actor.strategy") {
            b.set(Field::TrainingFramework, FieldValue(v == "megatron" ? Framework::Megatron : Framework::Fsdp2), k, v, e.line);
        } else if (k == "actor_rollout_ref.model.lora_rank") {
            if (b.number(v, x, k, e.line) && x > 0) {
                loraRank = true;
                b.set(Field::FineTuneMethod, FieldValue(FineTuneMethod::LoRA), k, v, e.line);
                b.set(Field::FineTuneLoraRank, FieldValue(x), k, v, e.line);
            } else
                b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "algorithm.adv_estimator") {
            estimator = v;
            b.note(k, v, e.line, ImportWhy::Sets);
        } else if (k == "critic.model.path") critic = true, b.note(k, v, e.line, ImportWhy::Sets);
        else if (k == "reward_model.enable") b.set(Field::RlRewardModel, FieldValue(yamlTruthy(v)), k, v, e.line);
        else if (k.rfind("trainer.", 0) == 0 || k.rfind("data.", 0) == 0 || k.find("optim.") != std::string::npos || k.find(".lr") != std::string::npos
                 || k.rfind("custom_reward_function", 0) == 0 || k.rfind("reward_model.", 0) == 0 || k.find("checkpoint") != std::string::npos)
            b.note(k, v, e.line, ImportWhy::NoEffect);
        else if (k.rfind("actor_rollout_ref.", 0) == 0 || k.rfind("critic.", 0) == 0 || k.rfind("algorithm.", 0) == 0)
            b.note(k, v, e.line, ImportWhy::NotModelled);
        else
            b.note(k, v, e.line, ImportWhy::Unknown);
    }
    (void)loraRank;
    b.gpus((long long)(nodes * perNode), (long long)perNode, "trainer.nnodes × trainer.n_gpus_per_node", "", 0);
    // The policy trains on prompt + response (data.max_prompt_length + data.max_response_length).
    if (s.finetune.rl.promptLength > 0 && s.finetune.rl.maxNewTokens > 0)
        b.set(Field::TrainingSeqLength, FieldValue(s.finetune.rl.promptLength + s.finetune.rl.maxNewTokens),
              "data.max_prompt_length + data.max_response_length", "", 0);
    // gae trains a critic (PPO); grpo, rloo, reinforce_plus_plus need none.
    b.set(Field::RlAlgorithm, FieldValue(estimator == "gae" ? RlAlgorithm::Ppo : RlAlgorithm::Grpo), "algorithm.adv_estimator", estimator, 0);
    b.set(Field::RlCritic, FieldValue(estimator == "gae" || critic), "critic", "", 0);
    if (micro > 0)
        b.set(Field::TrainingMicroBatchSize, FieldValue(micro), "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu", "", 0);
    if (prompts > 0) {
        // The prompts of a step over the GPUs (each generates for its share).
        b.afterModel([prompts](Scenario& sc) {
            const double perGpu = std::ceil(prompts / std::max(1, sc.parallel.gpus));
            sc.finetune.rl.promptsPerGpu = int(std::max(1.0, perGpu));
        });
        b.note("data.train_batch_size", std::to_string((long long)prompts), 0, ImportWhy::Approximated);
    }
    return b.finish();
}

} // namespace

ImportResult importYaml(const std::vector<ConfigEntry>& entries, ImportFormat format, const ImportOptions& options)
{
    switch (format) {
    case ImportFormat::MegatronBridge: return importBridge(entries, options);
    case ImportFormat::Verl: return importVerl(entries, options);
    default: return importFinetune(entries, format, options);
    }
}

} // namespace core
