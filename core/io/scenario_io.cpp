#include "core/io/scenario_io.h"

#include "core/io/field_io.h"
#include "core/io/jsondocument.h"
#include "core/io/measurement_io.h"
#include "core/io/model_io.h"
#include "core/io/presets.h"

namespace core {

std::string_view toString(PrecisionRecipe v) { return choiceName(v); }
std::string_view toString(Optimizer v) { return choiceName(v); }
std::string_view toString(Recompute v) { return choiceName(v); }
std::string_view toString(Normalization v) { return choiceName(v); }
std::string_view toString(PositionEmbedding v) { return choiceName(v); }
std::string_view toString(FlopsFormula v) { return choiceName(v); }
std::string_view toString(Mode v) { return choiceName(v); }
std::string_view toString(WeightFormat v) { return choiceName(v); }
std::string_view toString(ScaleFormat v) { return choiceName(v); }
std::string_view toString(KvCacheDtype v) { return choiceName(v); }
std::string_view toString(FineTuneMethod v) { return choiceName(v); }
std::string_view toString(RlAlgorithm v) { return choiceName(v); }
std::string_view toString(Framework v) { return choiceName(v); }
std::string_view toString(ServingEngine v) { return choiceName(v); }
std::string_view toString(MomentDtype v) { return choiceName(v); }

namespace {

/// The sections of the top-level object, in the order of the file.
constexpr FieldSection kTopSections[] = {FieldSection::Model, FieldSection::Training, FieldSection::Parallel, FieldSection::Hardware,
                                         FieldSection::Runtime, FieldSection::Goodput, FieldSection::Inference, FieldSection::FineTune};

/// A section's name inside its parent object: "training", "gpu", "rl".
std::string objectName(FieldSection section)
{
    std::string_view prefix = sectionPrefix(section);
    prefix.remove_suffix(1);
    return std::string(prefix.substr(prefix.rfind('.') + 1));
}

/// A key's name inside its object (NUL-terminated: the key's tail).
const char* nameOf(Field field) { return fieldInfo(field).name().data(); }

/// The preset ids, for "did you mean".
std::vector<std::string> modelPresetIds()
{
    std::vector<std::string> ids;
    for (const ModelPreset& p : modelPresets())
        ids.push_back(p.model.preset);
    return ids;
}

std::vector<std::string> gpuPresetIds()
{
    std::vector<std::string> ids;
    for (const GpuSpec& g : gpuPresets())
        ids.push_back(g.preset);
    return ids;
}

void unknownPreset(JsonReader& r, const char* key, const std::string& id, const std::vector<std::string>& ids)
{
    Issue& issue = r.error(IssueCode::UnknownPreset, key);
    issue.given = id;
    issue.nearest = nearestName(id, ids);
}

/// --set section.key=value on the document: the path is created as needed; a string where an
/// object is needed (hardware.gpu = "h100-sxm") becomes {"preset": that string}.
void applyOverride(Json& doc, const std::string& text, std::vector<Issue>& issues)
{
    std::string path;
    Json value;
    if (!parseOverride(text, path, value, issues))
        return;
    Json* node = &doc;
    std::size_t start = 0;
    while (true) {
        const auto dot = path.find('.', start);
        const std::string part = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (part.empty()) {
            addError(issues, IssueCode::MalformedOverride, "--set").given = text;
            return;
        }
        if (!node->is_object())
            *node = node->is_string() ? Json{{"preset", *node}} : Json::object();
        if (dot == std::string::npos) {
            (*node)[part] = value;
            return;
        }
        node = &(*node)[part];
        start = dot + 1;
    }
}

/// An unknown key that a --set named is an error, not a warning: the user typed it for this run
/// and a typo would otherwise estimate the unchanged scenario (exit 0). The key probably meant
/// is searched over every key of the table, so "paralel.tensor" finds parallel.tensor.
void rejectUnknownOverrides(std::vector<Issue>& issues, const std::vector<std::string>& overrides)
{
    for (Issue& issue : issues) {
        if (issue.code != IssueCode::UnknownKey)
            continue;
        for (const std::string& o : overrides) {
            const std::string path = o.substr(0, o.find('='));
            if (path != issue.path && path.rfind(issue.path + ".", 0) != 0)
                continue;
            issue.code = IssueCode::UnknownOverrideKey;
            issue.severity = Severity::Error;
            issue.path = path;
            const std::optional<Field> near = nearestField(path);
            issue.nearest = near ? std::string(fieldKey(*near)) : std::string();
            break;
        }
    }
}

/// The section's object, or nullptr when the document has none (or it is not an object:
/// reported).
const Json* sectionObject(const Json& doc, FieldSection section, std::vector<Issue>& issues)
{
    const std::string name = objectName(section);
    if (!doc.contains(name))
        return nullptr;
    const Json& object = doc.at(name);
    if (!object.is_object()) {
        std::string_view path = sectionPrefix(section);
        path.remove_suffix(1);
        addWrongType(issues, std::string(path), ValueKind::Object);
        return nullptr;
    }
    return &object;
}

void readModel(const Json& doc, Scenario& s, std::vector<Issue>& issues)
{
    if (!doc.contains(objectName(FieldSection::Model))) {
        addWrongType(issues, "model", ValueKind::ModelSection);
        return;
    }
    const Json* section = sectionObject(doc, FieldSection::Model, issues);
    if (!section)
        return;
    JsonReader r(*section, std::string(sectionPrefix(FieldSection::Model)), issues);
    ModelArchitecture& m = s.model;
    m = ModelArchitecture{};
    std::string preset;
    bool presetArchitecture = false;
    const ModelPreset* named = nullptr;
    if (r.string(nameOf(Field::ModelPreset), preset) && !preset.empty()) {
        if (const ModelPreset* p = findModelPreset(preset)) {
            named = p;
            m = p->model;
            presetArchitecture = p->model.hasArchitecture;
        } else {
            unknownPreset(r, nameOf(Field::ModelPreset), preset, modelPresetIds());
        }
    }
    const double presetCount = presetArchitecture ? 0 : m.parameters; // a textbook preset's bare count
    const bool arch = readModelKeys(r, s);
    // An empty name is no name of its own: the preset's stands (a saved file leaves an empty name
    // out, so reading it back must give the same scenario; found by fuzz_overrides, "model.name=").
    if (named && m.name.empty())
        m.name = named->model.name;
    // A custom shape that does not say: GPT-style models (LayerNorm, learned positions) train
    // with dropout 0.1 (Megatron's hidden_dropout/attention_dropout defaults, GPT-2/3), Llama-style
    // ones without.
    if (m.preset.empty() && arch && !r.has(nameOf(Field::ModelDropout)))
        m.dropout = m.normalization == Normalization::LayerNorm || m.positionEmbedding == PositionEmbedding::Learned;
    const bool hasCount = readField(r, s, fieldInfo(Field::ModelParameters));
    if (!hasCount)
        m.parameters = presetCount;
    // An explicit key beats the preset: a count given with a preset (and no architecture keys)
    // is the model's count, the preset's layers are not used (estimate_io says which was).
    m.hasArchitecture = arch || (presetArchitecture && !hasCount);
    if (!m.hasArchitecture && !hasCount && presetCount <= 0 && !hasErrors(issues))
        addWrongType(issues, "model", ValueKind::ModelSource);
    r.reportUnknown();
}

/// A section of scalars only (and `handle`'s keys).
void readPlainSection(const Json& doc, FieldSection section, Scenario& s, std::vector<Issue>& issues,
                      const std::function<bool(JsonReader&, Scenario&, const FieldInfo&)>& handle = {})
{
    const Json* object = sectionObject(doc, section, issues);
    if (!object)
        return;
    JsonReader r(*object, std::string(sectionPrefix(section)), issues);
    readSection(r, s, section, [&](const FieldInfo& f) { return handle && handle(r, s, f); });
    r.reportUnknown();
}

bool readFsdp(JsonReader& r, Scenario& s, const FieldInfo& f)
{
    if (f.field != Field::TrainingFsdp)
        return false;
    // FSDP's sharding strategies, named alongside ZeRO stages.
    r.choice(nameOf(f.field), s.training.zeroStage, f.choices);
    return true;
}

/// hardware.gpu: a preset id, or an object with an optional preset and overrides.
void readGpu(JsonReader& r, const Json& gpu, Scenario& s, std::vector<Issue>& issues)
{
    HardwareSetup& h = s.hardware;
    const char* key = nameOf(Field::HardwareGpu);
    const char* presetKey = nameOf(Field::GpuPreset);
    // "id" is the GPU presets file's name for a preset's id: in a scenario it names a preset as
    // "preset" does, and is checked as strictly (`--set hardware.gpu.id=ns=` was taken as a custom
    // GPU's id and saved as a preset that did not load again; found by fuzz_overrides).
    const char* idKey = nameOf(Field::GpuId);
    std::string id;
    const char* idFrom = key;
    if (gpu.is_string())
        id = gpu.get<std::string>();
    else if (gpu.is_object() && gpu.contains(presetKey) && gpu.at(presetKey).is_string())
        id = gpu.at(presetKey).get<std::string>();
    else if (gpu.is_object() && gpu.contains(idKey) && gpu.at(idKey).is_string()) {
        id = gpu.at(idKey).get<std::string>();
        idFrom = idKey;
    } else if (!gpu.is_object())
        r.wrongType(key, ValueKind::GpuSpec);
    if (!id.empty()) {
        if (const GpuSpec* preset = findGpuPreset(id))
            h.gpu = *preset;
        else
            unknownPreset(r, idFrom == key ? key : (std::string(key) + "." + idKey).c_str(), id, gpuPresetIds());
    } else if (gpu.is_object()) {
        h.gpu = GpuSpec{};
    }
    if (gpu.is_object()) {
        JsonReader g(gpu, std::string(sectionPrefix(FieldSection::Gpu)), issues);
        g.known(presetKey);
        readGpuKeys(g, gpu, s, issues);
        if (!id.empty())
            h.gpu.preset = id;
        g.reportUnknown();
    }
}

void readHardware(const Json& doc, Scenario& s, std::vector<Issue>& issues)
{
    const Json* section = sectionObject(doc, FieldSection::Hardware, issues);
    if (!section)
        return;
    JsonReader r(*section, std::string(sectionPrefix(FieldSection::Hardware)), issues);
    readSection(r, s, FieldSection::Hardware, [&](const FieldInfo& f) {
        if (f.field != Field::HardwareGpu)
            return false;
        r.known(nameOf(f.field));
        if (section->contains(nameOf(f.field)))
            readGpu(r, section->at(nameOf(f.field)), s, issues);
        return true;
    });
    r.reportUnknown();
}

/// finetune.lora_targets: ["q", "k", "v", "o", …] into LoraTarget bits.
void readLoraTargets(JsonReader& r, const Json& section, Scenario& s)
{
    const FieldInfo& f = fieldInfo(Field::FineTuneLoraTargets);
    const char* key = nameOf(f.field);
    r.known(key);
    if (!section.contains(key))
        return;
    const Json& targets = section.at(key);
    if (!targets.is_array()) {
        r.wrongType(key, ValueKind::ModuleList);
        return;
    }
    std::vector<std::string> accepted;
    for (const Choice& c : f.choices)
        accepted.emplace_back(c.name);
    unsigned& bits = s.finetune.loraTargets;
    bits = 0;
    for (const Json& t : targets) {
        bool found = false;
        for (const Choice& c : f.choices)
            if (t.is_string() && t.get<std::string>() == c.name) {
                bits |= unsigned(c.value);
                found = true;
            }
        if (!found)
            r.unknownValue(key, t.is_string() ? t.get<std::string>() : t.dump(), accepted);
    }
}

void readFineTune(const Json& doc, Scenario& s, std::vector<Issue>& issues)
{
    const Json* section = sectionObject(doc, FieldSection::FineTune, issues);
    if (!section)
        return;
    JsonReader r(*section, std::string(sectionPrefix(FieldSection::FineTune)), issues);
    // The method comes before the base format: QLoRA's NF4 default, then the file's explicit key.
    readSection(r, s, FieldSection::FineTune, [&](const FieldInfo& f) {
        if (f.field != Field::FineTuneLoraTargets)
            return false;
        readLoraTargets(r, *section, s);
        return true;
    });
    const std::string rl = objectName(FieldSection::Rl);
    r.known(rl.c_str());
    r.reportUnknown();
    if (section->contains(rl))
        readPlainSection(*section, FieldSection::Rl, s, issues); // the algorithm before the critic: PPO's default, then the file's
}

/// Whether any scalar field of this presence differs from its default. A dense model's expert
/// or latent-attention keys have no effect, but a file that sets them gets them back on saving
/// (found by tests/fuzz: a saved scenario loaded as a different one).
bool setAwayFromDefault(FieldPresence presence, const Scenario& s)
{
    static const Scenario plain;
    for (const FieldInfo& f : kFieldTable) {
        if (f.presence != presence || !f.isScalar())
            continue;
        const FieldValue a = f.get(s), b = f.get(plain);
        if (a.kind() != b.kind() || (a.kind() == FieldValue::Kind::Real ? a.toDouble() != b.toDouble() : a.toInteger() != b.toInteger()))
            return true;
    }
    return false;
}

/// Which conditional keys saveScenario writes (the table's FieldPresence), decided once per save.
struct Presence
{
    bool architecture, moe, mla, hybrid, sparse, vision;
    explicit Presence(const Scenario& s)
        : architecture(s.model.hasArchitecture)
        , moe(architecture && (s.model.isMoE() || setAwayFromDefault(FieldPresence::MoE, s)))
        , mla(architecture && (s.model.isMla() || setAwayFromDefault(FieldPresence::Mla, s)))
        , hybrid(architecture && (s.model.isHybrid() || setAwayFromDefault(FieldPresence::Hybrid, s)))
        , sparse(architecture && (s.model.isSparseAttention() || setAwayFromDefault(FieldPresence::Sparse, s)))
        , vision(architecture && (s.model.hasVision() || setAwayFromDefault(FieldPresence::Vision, s)))
    {
    }
    bool written(FieldPresence presence) const
    {
        switch (presence) {
        case FieldPresence::Always: return true;
        case FieldPresence::Architecture: return architecture;
        case FieldPresence::MoE: return moe;
        case FieldPresence::Mla: return mla;
        case FieldPresence::Hybrid: return hybrid;
        case FieldPresence::Sparse: return sparse;
        case FieldPresence::Vision: return vision;
        case FieldPresence::Stated: // decided per field (saveScenario)
        case FieldPresence::Manual: break;
        }
        return false;
    }
};

} // namespace

ScenarioLoad loadScenario(std::string_view text, const std::vector<std::string>& overrides)
{
    ScenarioLoad out;
    Json doc;
    if (!parseJsonDocument(text, limits::kScenario, doc, out.issues))
        return out;
    if (!doc.is_object()) {
        addWrongType(out.issues, "(document)", ValueKind::JsonObject);
        return out;
    }
    for (const std::string& o : overrides)
        applyOverride(doc, o, out.issues);

    Scenario& s = out.scenario;
    JsonReader top(doc, "", out.issues);
    readSection(top, s, FieldSection::Top, [&](const FieldInfo& f) {
        const char* key = nameOf(f.field);
        switch (f.field) {
        case Field::SchemaVersion: {
            long long version = 0;
            if (!doc.contains(key))
                addError(out.issues, IssueCode::MissingSchemaVersion, key);
            else if (top.integer64(key, version) && (version < 1 || version > kSchemaVersion)) {
                // Versions are read as they are: 1 → 2 added the "measurements" section, which
                // a version-1 file does not have, so nothing needs migrating. A file from a
                // newer build is refused rather than read with its new keys dropped.
                Issue issue{IssueCode::UnsupportedSchemaVersion, Severity::Error, "", double(version), double(kSchemaVersion)};
                issue.path = key;
                out.issues.push_back(std::move(issue));
            }
            return true;
        }
        case Field::Title:
            if (top.string(key, out.title) && !checkTextLength(out.title, limits::kMaxTitleCharacters, key, out.issues))
                out.title.clear();
            return true;
        case Field::Description: {
            std::string ignored;
            top.string(key, ignored);
            return true;
        }
        case Field::Measurements: top.known(key); return true; // after the sections, below
        default: return false;
        }
    });
    for (FieldSection section : kTopSections)
        top.known(objectName(section).c_str());
    top.reportUnknown();
    rejectUnknownOverrides(out.issues, overrides);
    if (hasErrors(out.issues)) {
        s = Scenario{};
        return out;
    }

    if (const GpuSpec* gpu = findGpuPreset("a100-80gb"))
        s.hardware.gpu = *gpu;
    readModel(doc, s, out.issues);
    readPlainSection(doc, FieldSection::Training, s, out.issues, readFsdp);
    readPlainSection(doc, FieldSection::Parallel, s, out.issues);
    readHardware(doc, s, out.issues);
    readPlainSection(doc, FieldSection::Runtime, s, out.issues);
    readPlainSection(doc, FieldSection::Goodput, s, out.issues);
    readPlainSection(doc, FieldSection::Inference, s, out.issues);
    readFineTune(doc, s, out.issues);
    if (const auto m = doc.find(nameOf(Field::Measurements)); m != doc.end())
        readMeasurements(*m, s.measured, out.issues);
    rejectUnknownOverrides(out.issues, overrides);
    out.ok = !hasErrors(out.issues);
    return out;
}

std::string saveScenario(const Scenario& s, std::string_view title)
{
    // One pass over the table: the file's keys come out in the table's order, each object
    // where its first key is written.
    Json j = Json::object();
    const Presence presence(s);
    for (const FieldInfo& f : kFieldTable) {
        if (f.isScalar() && f.presence == FieldPresence::Stated) {
            static const Scenario plain;
            if (s.model.hasArchitecture && !(f.get(s) == f.get(plain)))
                writeField(j, s, f);
            continue;
        }
        if (f.isScalar() && f.presence != FieldPresence::Manual) {
            if (presence.written(f.presence))
                writeField(j, s, f);
            continue;
        }
        const std::string name(f.name());
        auto text = [&](const std::string& value, bool when) {
            if (when)
                fieldParent(j, f.key)[name] = value;
        };
        switch (f.field) {
        // The oldest version that holds the file: one without measurements stays readable by a
        // build that knows only version 1 (and the shipped scenarios' saved files do not move).
        case Field::SchemaVersion: j[name] = s.measured.empty() ? 1 : kSchemaVersion; break;
        case Field::Title: text(std::string(title), !title.empty()); break;
        case Field::ModelPreset: text(s.model.preset, !s.model.preset.empty()); break;
        case Field::ModelName: text(s.model.name, s.model.hasArchitecture && !s.model.name.empty()); break;
        case Field::ModelParameters: // a count-only model's size, or the count a file gave next to its architecture
            if (!s.model.hasArchitecture || s.model.parameters > 0)
                writeField(j, s, f);
            break;
        case Field::GpuPreset: text(s.hardware.gpu.preset, !s.hardware.gpu.preset.empty()); break;
        case Field::GpuName: text(s.hardware.gpu.name, true); break;
        case Field::GpuMemoryLabel: text(s.hardware.gpu.memoryLabel, !s.hardware.gpu.memoryLabel.empty()); break;
        case Field::GpuSource: text(s.hardware.gpu.source, !s.hardware.gpu.source.empty()); break;
        case Field::FineTuneLoraTargets: {
            Json targets = Json::array();
            for (const Choice& c : f.choices)
                if (s.finetune.loraTargets & unsigned(c.value))
                    targets.push_back(std::string(c.name));
            fieldParent(j, f.key)[name] = targets;
            break;
        }
        case Field::Measurements:
            if (!s.measured.empty())
                j[name] = measurementsJson(s.measured);
            break;
        default: break; // description, the FSDP alias and a GPU's id are read, never written
        }
    }
    return dumpJson(j, 2) + "\n";
}

Scenario defaultScenario()
{
    ScenarioLoad load = loadScenario(defaultScenarioJson());
    return load.scenario;
}

} // namespace core
