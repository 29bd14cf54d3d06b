#include "core/io/presets.h"

#include <algorithm>

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
        const bool arch = readModelKeys(r, preset.model);
        // A count and no architecture: the textbook's 7 × 10⁹ (its shape is the family's).
        if (r.number("parameters", preset.model.parameters) && !arch)
            preset.model.hasArchitecture = false;
        r.number("parameters_published", preset.publishedParameters);
        r.boolean("parameters_exact", preset.publishedIsExact);
        r.string("family", preset.family);
        r.string("source", preset.source);
        r.reportUnknown();
        if (!hasErrors(issues) && issues.empty() && !preset.model.preset.empty())
            out.push_back(std::move(preset));
    }
    return out;
}

struct GpuPresets
{
    std::vector<GpuSpec> specs;
    std::vector<std::string> families; ///< one per spec
};

GpuPresets parseGpus()
{
    GpuPresets out;
    const Json doc = Json::parse(presets_data::kGpus, nullptr, false);
    if (!doc.is_object() || !doc.contains("gpus") || !doc["gpus"].is_array())
        return out;
    for (const Json& entry : doc["gpus"]) {
        std::vector<Issue> issues;
        GpuSpec gpu;
        std::string family;
        JsonReader r(entry, "", issues);
        readGpuKeys(r, entry, gpu, issues);
        r.string("family", family); // a preset-file key only: scenarios' devices have no family
        r.reportUnknown();
        if (issues.empty() && !gpu.preset.empty()) {
            out.specs.push_back(std::move(gpu));
            out.families.push_back(std::move(family));
        }
    }
    return out;
}

const GpuPresets& allGpuPresets()
{
    static const GpuPresets presets = parseGpus();
    return presets;
}

void addOnce(std::vector<std::string>& list, const std::string& name)
{
    if (std::find(list.begin(), list.end(), name) == list.end())
        list.push_back(name);
}

} // namespace

const std::vector<ModelPreset>& modelPresets()
{
    static const std::vector<ModelPreset> presets = parseModels();
    return presets;
}

const std::vector<GpuSpec>& gpuPresets()
{
    return allGpuPresets().specs;
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

std::string_view gpuPresetFamily(std::string_view id)
{
    const GpuPresets& all = allGpuPresets();
    for (std::size_t i = 0; i < all.specs.size(); ++i)
        if (all.specs[i].preset == id)
            return all.families[i];
    return {};
}

std::vector<std::string> modelPresetFamilies()
{
    std::vector<std::string> out;
    for (const ModelPreset& p : modelPresets())
        addOnce(out, p.family);
    return out;
}

std::vector<std::string> gpuPresetFamilies()
{
    std::vector<std::string> out;
    for (const std::string& family : allGpuPresets().families)
        addOnce(out, family);
    return out;
}

std::string_view modelPresetsJson() { return presets_data::kModels; }
std::string_view gpuPresetsJson() { return presets_data::kGpus; }
std::string_view defaultScenarioJson() { return presets_data::kDefaultScenario; }

} // namespace core
