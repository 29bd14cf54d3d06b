// Serving and RL command lines (issue 30): vLLM (vllm serve; vllm/engine/arg_utils.py),
// SGLang (python -m sglang.launch_server; python/sglang/srt/server_args.py), TensorRT-LLM
// (trtllm-serve; tensorrt_llm/commands/serve.py), OpenRLHF (openrlhf.cli.train_ppo_ray). TRL's
// and verl's command lines are their YAML keys as options, read by importYaml.
#include "core/importer/formatimporters.h"

#include <algorithm>
#include <cmath>

#include "core/importer/commandargs.h"
#include "core/importer/importbuilder.h"

namespace core {

namespace {

constexpr std::string_view kServingSwitches[] = {
    "--enforce-eager", "--enable-expert-parallel", "--trust-remote-code", "--disable-cuda-graph", "--enable-prefix-caching",
    "--no-enable-prefix-caching", "--enable-chunked-prefill", "--disable-log-requests", "--disable-log-stats", "--enable-lora",
    "--enable-dp-attention", "--enable-torch-compile", "--disable-radix-cache", "--enable-ep-moe", "--colocate-all-models",
    "--bf16", "--gradient-checkpointing", "--adam-offload", "--flash-attn", "--ref-reward-offload", "--vllm-enable-sleep",
    "--deepspeed-enable-sleep", "--normalize-reward", "--packing-samples", "--use-kl-loss", "--colocate-actor-ref",
    "--load-in-4bit", "--enable-sleep-mode",
};

bool isServingProgram(ImportFormat f, std::string_view w)
{
    switch (f) {
    case ImportFormat::Vllm: return w == "vllm" || w.ends_with("/vllm") || w.find("vllm.entrypoints") != std::string_view::npos;
    case ImportFormat::Sglang: return w.find("sglang.launch_server") != std::string_view::npos || w == "sglang";
    case ImportFormat::TensorRtLlm: return w == "trtllm-serve" || w.ends_with("/trtllm-serve");
    case ImportFormat::OpenRlhf: return w.find("openrlhf.cli.train_") != std::string_view::npos;
    default: return false;
    }
}

/// kv-cache dtype names of the engines: auto (the model's), fp8 variants, int8.
bool servingKvDtype(std::string_view v, KvCacheDtype& out)
{
    if (v == "auto" || v == "bfloat16" || v == "bf16") out = KvCacheDtype::Bf16;
    else if (v == "float16" || v == "fp16" || v == "half") out = KvCacheDtype::Fp16;
    else if (v.rfind("fp8", 0) == 0) out = KvCacheDtype::Fp8;
    else if (v == "int8") out = KvCacheDtype::Int8;
    else return false;
    return true;
}

/// --quantization: the checkpoint's storage format (awq/gptq: 4-bit groups of 128; fp8).
bool servingWeightFormat(std::string_view v, WeightFormat& out)
{
    if (v == "awq" || v == "gptq" || v == "awq_marlin" || v == "gptq_marlin" || v == "w4a16") out = WeightFormat::Int4;
    else if (v == "fp8" || v == "modelopt" || v == "fbgemm_fp8") out = WeightFormat::Fp8;
    else if (v == "bitsandbytes") out = WeightFormat::Nf4;
    else if (v == "int8" || v == "w8a8" || v == "smoothquant") out = WeightFormat::Int8;
    else return false;
    return true;
}

ImportResult importServing(const ShellCommand& cmd, long at, ImportFormat format, const ImportOptions& options)
{
    ImportBuilder b(format, options);
    Scenario& s = b.scenario();
    s.mode = Mode::Inference;
    s.inference.engine = format == ImportFormat::Sglang ? ServingEngine::Sglang
        : format == ImportFormat::TensorRtLlm          ? ServingEngine::TensorRtLlm
                                                       : ServingEngine::Vllm;
    double tp = 1, pp = 1, dp = 1, x = 0;
    double maxLen = 0;
    std::size_t first = std::size_t(std::max<long>(at + 1, 0));
    // `vllm serve MODEL`: the model is the first word after "serve".
    if (first < cmd.words.size() && cmd.words[first] == "serve")
        ++first;
    const std::vector<CommandArg> args = parseCommandArgs(cmd, first, kServingSwitches);
    for (const CommandArg& a : args) {
        const std::string& n = a.name;
        const std::string& v = a.value;
        if (!a.evaluated) {
            b.note(n.empty() ? v : n, n.empty() ? "" : v, a.line, ImportWhy::NotEvaluated);
            continue;
        }
        if (n.empty()) {
            if (!b.namedModel())
                b.nameModel(v, "(model)", a.line);
            continue;
        }
        auto number = [&](double& target) {
            if (b.number(v, x, n, a.line))
                target = x, b.note(n, v, a.line, ImportWhy::Sets);
        };
        auto set = [&](Field f) {
            if (b.number(v, x, n, a.line))
                b.set(f, FieldValue(x), n, v, a.line);
        };
        if (n == "--model" || n == "--model-path" || n == "--model-name-or-path") b.nameModel(v, n, a.line);
        else if (n == "--tensor-parallel-size" || n == "-tp" || n == "--tp-size" || n == "--tp") number(tp);
        else if (n == "--pipeline-parallel-size" || n == "-pp" || n == "--pp-size") number(pp);
        else if (n == "--data-parallel-size" || n == "-dp" || n == "--dp-size" || n == "--dp") number(dp);
        else if (n == "--max-model-len" || n == "--context-length" || n == "--max-seq-len") number(maxLen);
        else if (n == "--gpu-memory-utilization" || n == "--mem-fraction-static" || n == "--kv-cache-free-gpu-memory-fraction")
            set(Field::InferenceGpuMemoryUtilization);
        else if (n == "--max-num-seqs" || n == "--max-running-requests" || n == "--max-batch-size") set(Field::InferenceMaxNumSeqs);
        else if (n == "--max-num-batched-tokens" || n == "--chunked-prefill-size" || n == "--max-num-tokens") set(Field::InferenceMaxBatchedTokens);
        else if (n == "--block-size" || n == "--page-size" || n == "--tokens-per-block") set(Field::InferenceKvBlockSize);
        else if (n == "--kv-cache-dtype") {
            KvCacheDtype d{};
            if (servingKvDtype(v, d))
                b.set(Field::InferenceKvCacheDtype, FieldValue(d), n, v, a.line);
            else
                b.note(n, v, a.line, ImportWhy::BadValue);
        } else if (n == "--quantization" || n == "-q") {
            WeightFormat w{};
            if (servingWeightFormat(v, w))
                b.set(Field::InferenceWeightFormat, FieldValue(w), n, v, a.line);
            else
                b.note(n, v, a.line, ImportWhy::NotModelled);
        } else if (n == "--dtype") {
            if (v == "float16" || v == "half" || v == "fp16")
                b.set(Field::InferenceWeightFormat, FieldValue(WeightFormat::Fp16), n, v, a.line);
            else if (v == "float32")
                b.set(Field::InferenceWeightFormat, FieldValue(WeightFormat::Fp32), n, v, a.line);
            else
                b.note(n, v, a.line, v == "auto" || v == "bfloat16" ? ImportWhy::Sets : ImportWhy::BadValue);
        } else if (n == "--enforce-eager" || n == "--disable-cuda-graph")
            b.set(Field::InferenceCudaGraphs, FieldValue(false), n, v, a.line);
        else if (n == "--enable-expert-parallel" || n == "--enable-ep-moe" || n == "--ep-size")
            b.note(n, v, a.line, ImportWhy::NotModelled); // expert parallelism in serving is not modelled
        else if (n == "--host" || n == "--port" || n == "--served-model-name" || n == "--api-key" || n == "--trust-remote-code" || n == "--seed"
                 || n == "--disable-log-requests" || n == "--disable-log-stats" || n == "--tokenizer" || n == "--chat-template"
                 || n == "--log-level" || n == "--uvicorn-log-level" || n == "--backend" || n == "--download-dir" || n == "--revision")
            b.note(n, v, a.line, ImportWhy::NoEffect);
        else if (n == "--enable-prefix-caching" || n == "--no-enable-prefix-caching" || n == "--enable-chunked-prefill" || n == "--speculative-config"
                 || n == "--enable-lora" || n == "--max-lora-rank" || n == "--enable-dp-attention" || n == "--enable-torch-compile"
                 || n == "--disable-radix-cache" || n == "--swap-space" || n == "--cpu-offload-gb" || n == "--compilation-config")
            b.note(n, v, a.line, ImportWhy::NotModelled);
        else
            b.note(n, v, a.line, ImportWhy::Unknown);
    }
    b.set(Field::ParallelTensor, FieldValue(tp), "tensor parallel size", "", 0);
    b.set(Field::ParallelPipeline, FieldValue(pp), "pipeline parallel size", "", 0);
    b.gpus((long long)(tp * pp * dp), 0, "TP × PP × data parallel", "", 0);
    if (maxLen > 0) {
        // The longest context the engine admits: taken as the context of every sequence, the
        // generated part as the scenario's (1024) where it fits, else half.
        const double generated = maxLen > 2 * double(s.inference.generatedTokens) ? double(s.inference.generatedTokens) : std::floor(maxLen / 2);
        b.set(Field::InferencePromptLength, FieldValue(maxLen - generated), "max model length", "", 0);
        b.set(Field::InferenceGeneratedTokens, FieldValue(generated), "max model length", "", 0);
        b.note("max model length", std::to_string((long long)maxLen), 0, ImportWhy::Approximated);
    }
    return b.finish();
}

ImportResult importOpenRlhf(const ShellCommand& cmd, long at, const ImportOptions& options)
{
    ImportBuilder b(ImportFormat::OpenRlhf, options);
    Scenario& s = b.scenario();
    s.mode = Mode::FineTune;
    s.finetune.method = FineTuneMethod::Full;
    s.training.framework = Framework::DeepSpeed;
    s.training.recompute = Recompute::None;
    setFieldValue(s, Field::RlAlgorithm, FieldValue(RlAlgorithm::Ppo)); // train_ppo_ray: PPO unless the estimator says otherwise
    s.finetune.rl.critic = false;
    double nodes = 1, perNode = 8, x = 0, micro = 0, batch = 0, loraRank = 0;
    bool critic = false, colocate = false;
    const std::vector<CommandArg> args = parseCommandArgs(cmd, std::size_t(std::max<long>(at + 1, 0)), kServingSwitches);
    for (const CommandArg& a : args) {
        const std::string& n = a.name;
        const std::string& v = a.value;
        if (n.empty())
            continue;
        if (!a.evaluated) {
            b.note(n, v, a.line, ImportWhy::NotEvaluated);
            continue;
        }
        auto number = [&](double& target) {
            if (b.number(v, x, n, a.line))
                target = x, b.note(n, v, a.line, ImportWhy::Sets);
        };
        auto set = [&](Field f) {
            if (b.number(v, x, n, a.line))
                b.set(f, FieldValue(x), n, v, a.line);
        };
        if (n == "--pretrain") b.nameModel(v, n, a.line);
        else if (n == "--actor-num-nodes") number(nodes);
        else if (n == "--actor-num-gpus-per-node") number(perNode);
        else if (n == "--zero-stage") set(Field::TrainingZeroStage);
        else if (n == "--bf16") b.set(Field::TrainingPrecision, FieldValue(PrecisionRecipe::Mixed16), n, v, a.line);
        else if (n == "--gradient-checkpointing") b.set(Field::TrainingRecompute, FieldValue(Recompute::Full), n, v, a.line);
        else if (n == "--adam-offload") b.set(Field::TrainingOffloadOptimizer, FieldValue(true), n, v, a.line);
        else if (n == "--flash-attn") b.set(Field::TrainingFlashAttention, FieldValue(true), n, v, a.line);
        else if (n == "--micro-train-batch-size") number(micro);
        else if (n == "--train-batch-size") number(batch);
        else if (n == "--n-samples-per-prompt") set(Field::RlSamplesPerPrompt);
        else if (n == "--prompt-max-len") set(Field::RlPromptLength);
        else if (n == "--generate-max-len") set(Field::RlMaxNewTokens);
        else if (n == "--micro-rollout-batch-size") set(Field::RlPromptsPerGpu);
        else if (n == "--vllm-tensor-parallel-size") set(Field::RlRolloutTensor);
        else if (n == "--vllm-gpu-memory-utilization") set(Field::RlRolloutMemoryFraction);
        else if (n == "--colocate-all-models") colocate = true, b.note(n, v, a.line, ImportWhy::Sets);
        else if (n == "--vllm-enable-sleep") b.set(Field::RlRolloutSleeps, FieldValue(true), n, v, a.line);
        else if (n == "--ref-reward-offload") b.set(Field::RlReferenceOffload, FieldValue(true), n, v, a.line);
        else if (n == "--critic-pretrain") critic = true, b.note(n, v, a.line, ImportWhy::Sets);
        else if (n == "--reward-pretrain") b.set(Field::RlRewardModel, FieldValue(true), n, v, a.line);
        else if (n == "--init-kl-coef") {
            if (b.number(v, x, n, a.line))
                b.set(Field::RlReference, FieldValue(x > 0), n, v, a.line);
        } else if (n == "--advantage-estimator") {
            // gae trains a critic (PPO); group_norm, rloo, reinforce_baseline need none (GRPO-like).
            if (v == "gae")
                b.set(Field::RlAlgorithm, FieldValue(RlAlgorithm::Ppo), n, v, a.line);
            else
                b.set(Field::RlAlgorithm, FieldValue(RlAlgorithm::Grpo), n, v, a.line), b.note(n, v, a.line, v == "group_norm" ? ImportWhy::Sets : ImportWhy::Approximated);
        } else if (n == "--lora-rank") number(loraRank);
        else if (n == "--vllm-num-engines" || n == "--ref-num-nodes" || n == "--ref-num-gpus-per-node" || n == "--critic-num-nodes"
                 || n == "--critic-num-gpus-per-node" || n == "--reward-num-nodes" || n == "--reward-num-gpus-per-node")
            b.note(n, v, a.line, ImportWhy::Approximated); // each role's own GPUs: the scenario places them together or apart
        else if (n == "--max-len" || n == "--max-samples" || n == "--max-epochs" || n == "--num-episodes" || n == "--actor-learning-rate"
                 || n == "--critic-learning-rate" || n == "--save-path" || n == "--ckpt-path" || n == "--prompt-data" || n == "--input-key"
                 || n == "--apply-chat-template" || n == "--use-wandb" || n == "--save-steps" || n == "--logging-steps" || n == "--eval-steps"
                 || n == "--normalize-reward" || n == "--packing-samples" || n == "--seed" || n == "--temperature" || n == "--top-p"
                 || n == "--label-key" || n == "--remote-rm-url" || n == "--lr-warmup-ratio")
            b.note(n, v, a.line, ImportWhy::NoEffect);
        else
            b.note(n, v, a.line, ImportWhy::Unknown);
    }
    b.gpus((long long)(nodes * perNode), (long long)perNode, "--actor-num-nodes × --actor-num-gpus-per-node", "", 0);
    if (micro > 0)
        b.set(Field::TrainingMicroBatchSize, FieldValue(micro), "--micro-train-batch-size", "", 0);
    if (batch > 0)
        b.set(Field::TrainingGlobalBatchSize, FieldValue(batch), "--train-batch-size", "", 0);
    if (loraRank > 0) {
        b.set(Field::FineTuneMethod, FieldValue(FineTuneMethod::LoRA), "--lora-rank", "", 0);
        b.set(Field::FineTuneLoraRank, FieldValue(loraRank), "--lora-rank", "", 0);
    }
    b.set(Field::RlCritic, FieldValue(critic), "--critic-pretrain", "", 0);
    b.set(Field::RlPlacement, FieldValue(colocate ? RolloutPlacement::Colocated : RolloutPlacement::Separate), "--colocate-all-models", "", 0);
    return b.finish();
}

} // namespace

ImportResult importCommandLine(const ShellScript& script, ImportFormat format, const ImportOptions& options)
{
    long at = 0;
    const ShellCommand* cmd = findProgram(script, [format](std::string_view w) { return isServingProgram(format, w); }, at);
    if (!cmd) {
        ImportBuilder b(format, options);
        b.error(IssueCode::ImportNoCommand, 0, std::string(importFormatName(format)));
        return b.finish();
    }
    ImportResult r = format == ImportFormat::OpenRlhf ? importOpenRlhf(*cmd, at, options) : importServing(*cmd, at, format, options);
    for (const Issue& i : script.issues)
        r.issues.insert(r.issues.begin(), i);
    r.ok = !hasErrors(r.issues);
    return r;
}

} // namespace core
