#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/scenario.h"

namespace core {

/// The frameworks a layout can be written out for.
enum class LaunchFramework {
    Megatron, DeepSpeed, Torchtitan,
    Vllm, Sglang, TensorRtLlm ///< serving engines: a serving scenario's command line (core/io/servinglaunch.h)
};

/// What a launch file cannot say as the scenario says it, or says another way: each is a
/// comment in the file (a "shardscope_notes" entry in DeepSpeed's JSON) and a line on screen,
/// never dropped silently (issue 30). `a` and `b` fill the sentence's %1 and %2.
enum class LaunchNoteCode {
    ParameterOffloadNoMegatronFlag, ///< ZeRO-Infinity parameter offload: no Megatron-LM flag
    PureBf16IsMixed,                ///< Megatron's --bf16 keeps fp32 master weights
    RopeBaseNotStated,              ///< the model states no RoPE base: the framework's default (10000) applies
    RopeBaseNotInteger,             ///< Megatron's --rotary-base is an int: %1 rounded
    RopeScalingNotWritten,          ///< YaRN / linear RoPE scaling has no flag here: %1 = factor
    NormEpsilonNotStated,           ///< the framework's default epsilon (1e-5) applies
    GegluAsSwiglu,                  ///< a gated GELU MLP written as --swiglu (same shape, other activation)
    ActivationNotExpressible,       ///< an ungated SiLU or ReLU MLP has no Megatron-LM flag
    VocabularyPaddedToTp,           ///< Megatron pads %1 to a multiple of TP: %2
    TokenizerNotNamed,              ///< no Hugging Face tokenizer is known for the model: NullTokenizer
    DeepSpeedPipelineInCode,        ///< PP %1: DeepSpeed's PipelineModule(num_stages) is code, not config
    DeepSpeedExpertsInCode,         ///< EP %1: deepspeed.moe.layer.MoE(ep_size) is code, not config
    DeepSpeedContextIsUlysses,      ///< CP %1 as DeepSpeed-Ulysses sequence parallelism (all-to-all, not ring)
    DeepSpeedTensorIsAutoTp,        ///< TP %1 as DeepSpeed's AutoTP training (tensor_parallel.autotp_size)
    DeepSpeedModelFromHf,           ///< the model is the Hugging Face model the script loads, not this file
    TorchtitanZeroOne,              ///< ZeRO-1 has no torchtitan equivalent: FSDP2 with reshard never
    TorchtitanOffloadTogether,      ///< FSDP2's CPU offload moves parameters, gradients and optimizer states
    TorchtitanFp8Converter,         ///< FP8 GEMMs need torchtitan's Float8 converter
    TorchtitanModelInCode,          ///< the model's shape is a torchtitan flavor in code
    TorchtitanUnevenPipeline,       ///< torchtitan splits the layers evenly: the scenario's first/last stage layers are not written
    TorchtitanFp32Reduce,           ///< torchtitan reduces gradients in float32 only: 16-bit gradients are not expressible
    TorchtitanSequenceParallel,     ///< torchtitan's TP always shards the sequence (SP), the scenario's has none
    DeepSpeedRecomputeInModel,      ///< DeepSpeed's activation checkpointing is the model code's: selective granularity not expressible
    NormsPerLayerNotWritten,        ///< %1 norms per layer (Gemma's pre and post norms): Megatron-LM builds 2
    MaxPositionsRaised,             ///< learned positions %1 shorter than the sequence %2: written as the sequence
    OptimizerNotExpressible,        ///< the scenario's optimizer has no equivalent flag
    NvmeOffloadNoMegatronFlag,      ///< ZeRO-Infinity NVMe offload: no Megatron-LM flag (core/offload)
    DeepSpeedCheckpointInCode,      ///< a checkpoint every %1 steps: the training loop's engine.save_checkpoint(), not a config key
    HybridLayersNotWritten,         ///< a hybrid's linear-attention / state-space layers (issue 28) are not written for Megatron-LM yet
    SparseAttentionNotWritten,      ///< DeepSeek Sparse Attention's indexer (issue 28) is not written for Megatron-LM yet
    VisionTowerNotWritten,          ///< a vision tower (issue 28) is not written: Megatron-LM's GPT flags describe the decoder
    ServingModelPath,               ///< no Hugging Face checkpoint is known for the model: MODEL stands for its path
    ServingReplicasSeparate,        ///< %1 replicas of %2 GPUs each: as many servers behind a load balancer
    ServingWeightsFromCheckpoint,   ///< %1-bit weights: the engine takes the method from the quantized checkpoint, no flag
    ServingKvDtypeNotExpressible,   ///< the KV cache dtype has no flag here
    ServingDraftPath,               ///< speculative decoding: DRAFT stands for the draft model's or EAGLE head's checkpoint
    ServingSpeculationNotWritten,   ///< speculative decoding has no command-line flag here (TensorRT-LLM: its API options file)
};

struct LaunchNote
{
    LaunchNoteCode code;
    double a = 0, b = 0;
    bool operator==(const LaunchNote&) const = default;
};

/// A launch file and what it could not say.
struct LaunchFile
{
    std::string text;
    std::vector<LaunchNote> notes;
};

/// The scenario's layout, batch, precision and model shape as the framework's own settings,
/// named as the framework's source defines them at a stated commit (so the names can be checked):
///  - a Megatron-LM launch script: torchrun with the GPUs per node and nodes, then pretrain_gpt.py
///    and its flags (NVIDIA/Megatron-LM @ d98e8a6, megatron/training/arguments.py and the config
///    dataclasses it builds flags from), one per line, shell-continued, every comment above the
///    command (a `#` line inside a `\`-continued command ends it);
///  - a DeepSpeed JSON config (deepspeedai/DeepSpeed @ edaa722, runtime/constants.py and
///    runtime/zero/config.py), whose batch identity holds with sequence parallelism;
///  - a torchtitan TOML job config (pytorch/torchtitan @ 238fa99, torchtitan/config/job_config.py,
///    the last commit with TOML configs);
///  - for a serving scenario, the command line of vLLM, SGLang or TensorRT-LLM (core/io/servinglaunch.cpp,
///    each engine's flags at its commit).
/// What a framework cannot express is a note (LaunchFile::notes), written into the file too.
LaunchFile launchFile(const Scenario& scenario, LaunchFramework framework);
/// launchFile(…).text.
std::string launchConfig(const Scenario& scenario, LaunchFramework framework);

/// A note's English sentence with %1 and %2 filled in (the window translates the same text,
/// launchNoteSentence, marked for translation in context "LaunchNote").
std::string describe(const LaunchNote& note);
/// The unfilled sentence ("CP %1 is written as …").
std::string_view launchNoteSentence(LaunchNoteCode code);

/// A torchtitan model flavor with the preset whose shape it builds (torchtitan/models/NAME/__init__.py
/// @ 238fa99: llama3 "8B" L51, "70B" L82, "405B"; qwen3; deepseek_v3 "671B" L130; llama4; gpt_oss).
struct TorchtitanFlavor
{
    std::string_view preset, name, flavor;
};
std::span<const TorchtitanFlavor> torchtitanFlavors();
/// The flavor of a preset id, or null.
const TorchtitanFlavor* torchtitanFlavorOf(std::string_view preset);

/// "megatron", "deepspeed", "torchtitan", "vllm", "sglang", "tensorrt_llm".
std::string_view launchFrameworkName(LaunchFramework framework);
/// Whether the framework serves (vLLM, SGLang, TensorRT-LLM) rather than trains.
bool isServingFramework(LaunchFramework framework);
/// A file name suffix: ".sh", ".json", ".toml".
std::string_view launchFileSuffix(LaunchFramework framework);

} // namespace core
