#include "core/io/launchconfig.h"

#include <string>

#include "core/io/launchparts.h"
#include "core/io/servinglaunch.h"
#include "core/translatable.h"

namespace core {

namespace {

constexpr TorchtitanFlavor kTorchtitanFlavors[] = {
    {"llama-3-8b", "llama3", "8B"},        {"llama-3.1-8b", "llama3", "8B"},        {"llama-3-70b", "llama3", "70B"},
    {"llama-3.1-70b", "llama3", "70B"},    {"llama-3.1-405b", "llama3", "405B"},    {"qwen3-0.6b", "qwen3", "0.6B"},
    {"qwen3-4b", "qwen3", "4B"},           {"qwen3-8b", "qwen3", "8B"},             {"qwen3-14b", "qwen3", "14B"},
    {"qwen3-32b", "qwen3", "32B"},         {"qwen3-30b-a3b", "qwen3", "30B-A3B"},   {"qwen3-235b-a22b", "qwen3", "235B-A22B"},
    {"deepseek-v3", "deepseek_v3", "671B"}, {"deepseek-r1", "deepseek_v3", "671B"}, {"llama-4-scout", "llama4", "17bx16e"},
    {"llama-4-maverick", "llama4", "17bx128e"}, {"gpt-oss-20b", "gpt_oss", "20b"},  {"gpt-oss-120b", "gpt_oss", "120b"},
};



struct LaunchNoteText
{
    LaunchNoteCode code;
    const char* text;
};

// One sentence per note, written once: the file's comment and (translated) the window's line.
constexpr LaunchNoteText kNoteTexts[] = {
    {LaunchNoteCode::ParameterOffloadNoMegatronFlag,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "parameter offload (ZeRO-Infinity) has no Megatron-LM flag: see the DeepSpeed config")},
    {LaunchNoteCode::NvmeOffloadNoMegatronFlag,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "NVMe offload (ZeRO-Infinity) has no Megatron-LM flag: see the DeepSpeed config")},
    {LaunchNoteCode::DeepSpeedCheckpointInCode,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "a checkpoint every %1 steps is the training loop's engine.save_checkpoint(…) call, not a config key")},
    {LaunchNoteCode::PureBf16IsMixed,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "pure bf16 (no fp32 master weights) is not Megatron-LM's mixed precision: --bf16 keeps fp32 masters")},
    {LaunchNoteCode::RopeBaseNotStated,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model states no RoPE base (model.rope_theta): the framework's default, 10000, applies")},
    {LaunchNoteCode::RopeBaseNotInteger,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "Megatron-LM's --rotary-base is an integer: the RoPE base %1 is rounded")},
    {LaunchNoteCode::RopeScalingNotWritten,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model's RoPE scaling (YaRN or linear, factor %1) has no flag here: set it in the model's code")},
    {LaunchNoteCode::NormEpsilonNotStated,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model states no norm epsilon (model.norm_epsilon): the framework's default, 1e-5, applies")},
    {LaunchNoteCode::GegluAsSwiglu,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "a gated GELU MLP (GeGLU) has no Megatron-LM flag: written as --swiglu, the same shape with SiLU")},
    {LaunchNoteCode::ActivationNotExpressible,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model's ungated activation has no Megatron-LM flag: GELU, the default, is written")},
    {LaunchNoteCode::VocabularyPaddedToTp,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "Megatron-LM pads the vocabulary of %1 to a multiple of TP: %2")},
    {LaunchNoteCode::TokenizerNotNamed,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "no Hugging Face tokenizer is known for this model: NullTokenizer with its vocabulary size")},
    {LaunchNoteCode::DeepSpeedPipelineInCode,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "pipeline parallelism (PP %1) is DeepSpeed's PipelineModule(num_stages=…) in the training code, not a config key")},
    {LaunchNoteCode::DeepSpeedExpertsInCode,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "expert parallelism (EP %1) is the ep_size of DeepSpeed's MoE layers in the model code, not a config key")},
    {LaunchNoteCode::DeepSpeedContextIsUlysses,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "context parallelism (CP %1) is written as DeepSpeed-Ulysses sequence parallelism (all-to-all over heads, not a ring)")},
    {LaunchNoteCode::DeepSpeedTensorIsAutoTp,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "tensor parallelism (TP %1) is written as DeepSpeed's AutoTP training (tensor_parallel.autotp_size)")},
    {LaunchNoteCode::DeepSpeedModelFromHf,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model is the one the training script loads (its config.json): a DeepSpeed config does not name it")},
    {LaunchNoteCode::TorchtitanZeroOne,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "ZeRO-1 has no torchtitan equivalent: FSDP2 that keeps the parameters gathered (reshard never, as ZeRO-2)")},
    {LaunchNoteCode::TorchtitanOffloadTogether,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "FSDP2's CPU offload moves parameters, gradients and optimizer states together")},
    {LaunchNoteCode::TorchtitanFp8Converter,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "FP8 GEMMs need torchtitan's Float8 model converter, not written here")},
    {LaunchNoteCode::TorchtitanModelInCode,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "torchtitan builds a model from a flavor in its code: no flavor has this model's shape, so [model] is not written")},
    {LaunchNoteCode::TorchtitanFp32Reduce,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "torchtitan reduces gradients in float32 only (mixed_precision_reduce): the scenario's 16-bit gradients are fp32 there")},
    {LaunchNoteCode::TorchtitanSequenceParallel,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "torchtitan's tensor parallelism always shards the sequence between the blocks (sequence parallelism), which the scenario leaves off")},
    {LaunchNoteCode::DeepSpeedRecomputeInModel,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "which activations are recomputed is the model code's choice with DeepSpeed: selective recomputation is not a config key")},
    {LaunchNoteCode::NormsPerLayerNotWritten,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model has %1 norms per layer (pre and post): Megatron-LM's GPT layer has 2")},
    {LaunchNoteCode::MaxPositionsRaised,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model's %1 learned positions are fewer than the sequence of %2 tokens: written as the sequence length (Megatron-LM requires it)")},
    {LaunchNoteCode::HybridLayersNotWritten,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model's linear-attention / state-space layers and its attention output gate are not written (Megatron-LM's --hybrid-override-pattern and its Mamba and Gated DeltaNet flags are not generated yet): the flags describe every layer as attention")},
    {LaunchNoteCode::SparseAttentionNotWritten,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model's sparse-attention indexer (DeepSeek-V3.2) is not written: the flags describe dense multi-head latent attention")},
    {LaunchNoteCode::VisionTowerNotWritten,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model's vision tower and projector are not written (Megatron-LM builds them in its multimodal examples, not with the GPT flags): the flags describe the language model")},
    {LaunchNoteCode::OptimizerNotExpressible,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the scenario's optimizer has no equivalent setting here: the framework's AdamW is written")},
    {LaunchNoteCode::ServingModelPath,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "no Hugging Face checkpoint is known for this model: MODEL stands for its name or path")},
    {LaunchNoteCode::ServingReplicasSeparate,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "%1 replicas: start that many servers like this one, each on its own %2 GPUs, behind a load balancer")},
    {LaunchNoteCode::ServingWeightsFromCheckpoint,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "%1-bit weights: serve a checkpoint quantized that way; the engine reads the method from its config, no flag is written")},
    {LaunchNoteCode::ServingKvDtypeNotExpressible,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the scenario's KV cache dtype has no flag here: the engine's default (the model's dtype) applies")},
    {LaunchNoteCode::ServingDraftPath,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "speculative decoding: DRAFT stands for the draft model's or the EAGLE head's checkpoint, which the scenario does not name")},
    {LaunchNoteCode::ServingSpeculationNotWritten,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "speculative decoding is set in the engine's options file (speculative_config), not by a flag: it is not written here")},
    {LaunchNoteCode::TorchtitanUnevenPipeline,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "torchtitan splits the layers over the stages by itself: the scenario's first and last stage sizes are not written")},
};

} // namespace

LaunchFile launchFile(const Scenario& s, LaunchFramework f)
{
    switch (f) {
    case LaunchFramework::Megatron: return launchparts::megatron(s);
    case LaunchFramework::DeepSpeed: return launchparts::deepSpeed(s);
    case LaunchFramework::Torchtitan: return launchparts::torchtitan(s);
    case LaunchFramework::Vllm:
    case LaunchFramework::Sglang:
    case LaunchFramework::TensorRtLlm: return servingLaunch(s, f, launchparts::hfIdOf(s));
    }
    return {};
}

std::string launchConfig(const Scenario& s, LaunchFramework f) { return launchFile(s, f).text; }

std::span<const TorchtitanFlavor> torchtitanFlavors() { return kTorchtitanFlavors; }

const TorchtitanFlavor* torchtitanFlavorOf(std::string_view preset)
{
    for (const TorchtitanFlavor& f : kTorchtitanFlavors)
        if (f.preset == preset)
            return &f;
    return nullptr;
}

std::string_view launchNoteSentence(LaunchNoteCode code)
{
    for (const LaunchNoteText& t : kNoteTexts)
        if (t.code == code)
            return t.text;
    return {};
}

std::string describe(const LaunchNote& n)
{
    std::string text(launchNoteSentence(n.code));
    const std::string values[] = {launchparts::number(n.a), launchparts::number(n.b)};
    for (int i = 0; i < 2; ++i) {
        const char mark[3] = {'%', char('1' + i), '\0'};
        if (const std::size_t at = text.find(mark); at != std::string::npos)
            text.replace(at, 2, values[i]);
    }
    return text;
}

std::string_view launchFrameworkName(LaunchFramework f)
{
    switch (f) {
    case LaunchFramework::Megatron: return "megatron";
    case LaunchFramework::DeepSpeed: return "deepspeed";
    case LaunchFramework::Torchtitan: return "torchtitan";
    case LaunchFramework::Vllm: return "vllm";
    case LaunchFramework::Sglang: return "sglang";
    case LaunchFramework::TensorRtLlm: return "tensorrt_llm";
    }
    return "";
}

std::string_view launchFileSuffix(LaunchFramework f)
{
    switch (f) {
    case LaunchFramework::Megatron: return ".sh";
    case LaunchFramework::DeepSpeed: return ".json";
    case LaunchFramework::Torchtitan: return ".toml";
    case LaunchFramework::Vllm:
    case LaunchFramework::Sglang:
    case LaunchFramework::TensorRtLlm: return ".sh";
    }
    return "";
}

bool isServingFramework(LaunchFramework f)
{
    return f == LaunchFramework::Vllm || f == LaunchFramework::Sglang || f == LaunchFramework::TensorRtLlm;
}

} // namespace core
