#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/issues.h"
#include "core/model.h"
#include "core/scenario.h"

namespace core {

/// The launch files ShardScope reads (issue 30). Auto: decided from the file's name and text.
enum class ImportFormat : std::uint8_t {
    Auto,
    Megatron,      ///< Megatron-LM / NeMo launch arguments: a shell script or an argument list
    MegatronBridge,///< Megatron-Bridge / NeMo 2 recipe YAML
    DeepSpeed,     ///< a DeepSpeed JSON config (with the model's config.json beside it)
    Torchtitan,    ///< a torchtitan TOML job config
    Axolotl,       ///< axolotl fine-tuning YAML
    LlamaFactory,  ///< LLaMA-Factory fine-tuning YAML
    Trl,           ///< TRL (SFT/DPO/GRPO) YAML or command line
    Verl,          ///< verl RL trainer YAML (ppo_trainer)
    OpenRlhf,      ///< OpenRLHF command line (train_ppo_ray, train_grpo)
    Vllm,          ///< vllm serve …
    Sglang,        ///< python -m sglang.launch_server …
    TensorRtLlm,   ///< trtllm-serve / trtllm-build …
    Count
};

/// Why a setting of the file was used, ignored or could not be expressed. Codes, not English:
/// importText() has each sentence once (translated by the window, context "ImportText").
enum class ImportWhy : std::uint8_t {
    Sets,          ///< used: sets the scenario's field
    NamesModel,    ///< used: names the model (a preset, a config.json)
    SetsGpus,      ///< used: the number of GPUs or of nodes
    NoEffect,      ///< ignored: changes neither memory nor step time (learning rate, paths, logging, data)
    Unknown,       ///< ignored: not a setting ShardScope knows in this format
    Repeated,      ///< ignored: given again later; the last one counts
    NotEvaluated,  ///< ignored: inside shell the reader does not run (a loop, a function, command substitution)
    BadValue,      ///< ignored: the value is not one the setting takes
    NotModelled,   ///< not expressible: a mechanism the estimate does not model
    Approximated,  ///< not expressible exactly: the nearest setting is used
    Count
};

/// One setting of the file and what became of it.
struct ImportedSetting
{
    std::string key;    ///< as the file names it: "--tensor-model-parallel-size", "zero_optimization.stage"
    std::string value;  ///< as written (switches: empty)
    ImportWhy why = ImportWhy::Unknown;
    std::optional<Field> field; ///< the scenario field it set (Sets)
    int line = 0;       ///< 1-based line in the file (0: not known)
};

/// A scenario read from a framework's launch file, and an account of every setting in it.
struct ImportResult
{
    bool ok = false;                   ///< false: `issues` holds an error (nothing is written or applied)
    ImportFormat format = ImportFormat::Auto; ///< the format read
    Scenario scenario;
    std::string modelName;             ///< the model the file names ("meta-llama/Llama-3.1-8B"), if any
    std::vector<ImportedSetting> settings; ///< every setting, in the file's order
    std::vector<Field> assumed;        ///< fields the file does not state: taken from the default scenario
    std::vector<Issue> issues;         ///< errors (the file or the scenario refused), warnings

    bool used(ImportWhy why) const { return why == ImportWhy::Sets || why == ImportWhy::NamesModel || why == ImportWhy::SetsGpus; }
    bool inexpressible(ImportWhy why) const { return why == ImportWhy::NotModelled || why == ImportWhy::Approximated; }
};

/// "megatron", "megatron-bridge", "deepspeed", "torchtitan", "axolotl", "llama-factory", "trl",
/// "verl", "openrlhf", "vllm", "sglang", "tensorrt-llm" (the command line's --format names).
std::string_view importFormatName(ImportFormat format);
/// The format of a --format name; Count if none.
ImportFormat importFormatOf(std::string_view name);
/// The framework's name as people write it ("Megatron-LM", "DeepSpeed", …).
std::string_view importFormatTitle(ImportFormat format);
/// An ImportWhy's English sentence (marked for translation in context "ImportText").
std::string_view importWhySentence(ImportWhy why);

} // namespace core
