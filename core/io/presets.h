#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/gpu.h"
#include "core/model.h"

namespace core {

struct ModelPreset
{
    ModelArchitecture model;
    double publishedParameters = 0; ///< as the model card reports it
    bool publishedIsExact = true;   ///< false when the card gives a rounded figure ("175B")
    double publishedRounding = 0;   ///< the unit a rounded figure is rounded to ("8B": 10⁹); 0: within 0.5 %
    std::string family;             ///< the picker's group ("Llama", "Qwen", …)
    std::string source;
};

/// Built-in presets, parsed once from resources/models.json and resources/gpus.json (compiled
/// into the core so the command line and tests need no files).
const std::vector<ModelPreset>& modelPresets();
const std::vector<GpuSpec>& gpuPresets();

const ModelPreset* findModelPreset(std::string_view id);

/// The Hugging Face model a preset's source names ("meta-llama/Llama-3.1-70B", from
/// https://huggingface.co/ORG/NAME/…); empty when its source is not a Hugging Face page.
std::string hfModelId(const ModelPreset& preset);
/// The preset whose source is that Hugging Face model ("meta-llama/Llama-3.1-8B", any case; a
/// local path ending in it, "/models/Llama-3.1-8B", matches its name), or the base model of an
/// instruction-tuned name (…-Instruct, -it, -Chat: the same architecture). Null if none.
const ModelPreset* findModelPresetByHfId(std::string_view name, bool* viaBaseModel = nullptr);
const GpuSpec* findGpuPreset(std::string_view id);

/// A GPU preset's group in the picker ("NVIDIA Hopper", "AMD CDNA 3"); empty for an unknown id.
/// Kept beside the GpuSpec, not in it: a scenario's device does not carry it.
std::string_view gpuPresetFamily(std::string_view id);

/// The families in the order the preset files first name them: the pickers' and the
/// command line's grouping.
std::vector<std::string> modelPresetFamilies();
std::vector<std::string> gpuPresetFamilies();

/// The JSON texts themselves (for the GUI's "about presets" and for tests).
std::string_view modelPresetsJson();
std::string_view gpuPresetsJson();
std::string_view defaultScenarioJson();

} // namespace core
