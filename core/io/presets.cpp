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
        r.number("parameters_rounding", preset.publishedRounding);
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

std::string hfModelId(const ModelPreset& preset)
{
    constexpr std::string_view host = "https://huggingface.co/";
    const std::string& src = preset.source;
    if (src.rfind(host, 0) != 0)
        return {};
    const std::size_t org = host.size();
    const std::size_t slash = src.find('/', org);
    if (slash == std::string::npos)
        return {};
    std::size_t end = src.find_first_of("/ ;", slash + 1);
    if (end == std::string::npos)
        end = src.size();
    return src.substr(org, end - org);
}

namespace {

std::string lowerAscii(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return out;
}

/// The last path component ("Llama-3.1-8B" of "meta-llama/Llama-3.1-8B" or "/data/Llama-3.1-8B/").
std::string_view lastComponent(std::string_view name)
{
    while (!name.empty() && name.back() == '/')
        name.remove_suffix(1);
    const std::size_t slash = name.rfind('/');
    return slash == std::string_view::npos ? name : name.substr(slash + 1);
}

} // namespace

const ModelPreset* findModelPresetByHfId(std::string_view name, bool* viaBaseModel)
{
    if (viaBaseModel)
        *viaBaseModel = false;
    if (name.empty() || name.size() > 512)
        return nullptr;
    const std::string wanted = lowerAscii(name);
    const std::string wantedName = lowerAscii(lastComponent(name));
    auto match = [&](std::string_view full, std::string_view leaf) -> const ModelPreset* {
        for (const ModelPreset& p : modelPresets()) {
            const std::string id = lowerAscii(hfModelId(p));
            if (id.empty())
                continue;
            if (id == full || lowerAscii(lastComponent(id)) == leaf)
                return &p;
        }
        return nullptr;
    };
    if (const ModelPreset* p = match(wanted, wantedName))
        return p;
    // Instruction-tuned releases share the base model's architecture (Llama-3.1-8B-Instruct,
    // gemma-3-27b-it: the presets cite the -it config for 27B, the -pt one for the others).
    for (std::string_view suffix : {"-instruct", "-chat", "-it", "-pt", "-hf", "-base"}) {
        if (wantedName.size() > suffix.size() && wantedName.compare(wantedName.size() - suffix.size(), suffix.size(), suffix) == 0) {
            const std::string base = wantedName.substr(0, wantedName.size() - suffix.size());
            for (std::string_view again : {"", "-hf", "-pt", "-it", "-base"})
                if (const ModelPreset* p = match(std::string(), base + std::string(again))) {
                    if (viaBaseModel)
                        *viaBaseModel = true;
                    return p;
                }
        }
    }
    return nullptr;
}

} // namespace core
