#include "core/io/presets.h"

#include "core/io/model_io.h"

namespace core {

namespace presets_data {
extern const std::string_view kModels;
extern const std::string_view kGpus;
extern const std::string_view kDefaultScenario;
} // namespace presets_data

namespace {

// The preset files are part of the build; a problem in them is a build defect, so it is
// reported loudly by the tests (tst_presets) rather than at run time. Here a broken entry is
// skipped, never half-read.
std::vector<ModelPreset> parseModels()
{
    std::vector<ModelPreset> out;
    const Json doc = Json::parse(presets_data::kModels, nullptr, false);
    if (!doc.is_object() || !doc.contains("models") || !doc["models"].is_array())
        return out;
    for (const Json& entry : doc["models"]) {
        std::vector<Issue> issues;
        ModelPreset preset;
        JsonReader r(entry, "", issues);
        r.string("id", preset.model.preset);
        readModelKeys(r, preset.model);
        r.number("parameters_published", preset.publishedParameters);
        r.boolean("parameters_exact", preset.publishedIsExact);
        r.string("source", preset.source);
        r.reportUnknown();
        if (!hasErrors(issues) && issues.empty() && !preset.model.preset.empty())
            out.push_back(std::move(preset));
    }
    return out;
}

std::vector<GpuSpec> parseGpus()
{
    std::vector<GpuSpec> out;
    const Json doc = Json::parse(presets_data::kGpus, nullptr, false);
    if (!doc.is_object() || !doc.contains("gpus") || !doc["gpus"].is_array())
        return out;
    for (const Json& entry : doc["gpus"]) {
        std::vector<Issue> issues;
        GpuSpec gpu;
        JsonReader r(entry, "", issues);
        readGpuKeys(r, entry, gpu, issues);
        r.reportUnknown();
        if (issues.empty() && !gpu.preset.empty())
            out.push_back(std::move(gpu));
    }
    return out;
}

} // namespace

const std::vector<ModelPreset>& modelPresets()
{
    static const std::vector<ModelPreset> presets = parseModels();
    return presets;
}

const std::vector<GpuSpec>& gpuPresets()
{
    static const std::vector<GpuSpec> presets = parseGpus();
    return presets;
}

const ModelPreset* findModelPreset(std::string_view id)
{
    for (const ModelPreset& p : modelPresets())
        if (p.model.preset == id)
            return &p;
    return nullptr;
}

const GpuSpec* findGpuPreset(std::string_view id)
{
    for (const GpuSpec& g : gpuPresets())
        if (g.preset == id)
            return &g;
    return nullptr;
}

std::string_view modelPresetsJson() { return presets_data::kModels; }
std::string_view gpuPresetsJson() { return presets_data::kGpus; }
std::string_view defaultScenarioJson() { return presets_data::kDefaultScenario; }

} // namespace core
