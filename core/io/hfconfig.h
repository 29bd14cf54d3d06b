#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/issues.h"
#include "core/model.h"
#include "core/scenario.h"

namespace core {

/// A Hugging Face `config.json` mapped onto the architecture ShardScope estimates.
struct HfImport
{
    bool ok = false;
    ModelArchitecture model;
    std::string modelType;              ///< "llama", "mixtral", "deepseek_v3", …
    bool hasQuantization = false;       ///< quantization_config present (GPTQ/AWQ/bitsandbytes)
    WeightQuantization quantization;    ///< …mapped to a storage format
    std::vector<std::string> used;      ///< keys that set something
    std::vector<std::string> ignored;   ///< keys known not to affect memory (rope_theta, token ids, …)
    std::vector<std::string> defaulted; ///< keys the file leaves out, taken from its transformers class defaults
    std::vector<std::string> notExpressed; ///< keys read but not modelled (a vision tower's window attention, …): estimated without them
    bool nestedTextConfig = false;      ///< the language model came from "text_config"
    std::vector<Issue> issues;          ///< errors (missing or malformed keys), warnings (keys not understood)
};

/// Llama, Llama 4, Mistral, Qwen2/2.5/3, Qwen2-MoE, Qwen2.5-VL, Mixtral, DeepSeek-V2/V3, Gemma 2/3,
/// GPT-2 and GPT-NeoX style keys, flat or with the language model nested in "text_config". No
/// network: the file the user already has. An attention span it cannot determine is a warning.
HfImport importHfConfig(std::string_view jsonText);

/// A Hugging Face config.json rather than a scenario: an object without "schema_version" that
/// names a model_type, architectures, layers or a text_config. False for anything else,
/// including text that is not JSON within the limits (a scenario's reader then says why).
bool looksLikeHfConfig(std::string_view jsonText);

} // namespace core
