#include "core/io/model_io.h"

#include "core/io/field_io.h"

namespace core {

bool readModelKeys(JsonReader& r, Scenario& s)
{
    ModelArchitecture& m = s.model;
    const FieldSet read = readSection(r, s, FieldSection::Model, [&](const FieldInfo& f) {
        switch (f.field) {
        case Field::ModelName: r.string(f.name().data(), m.name); return true;
        case Field::ModelPreset:
        case Field::ModelParameters: return true; // scenario files only: scenario_io reads them
        default: return false;
        }
    });
    // Layers, widths or heads make an architecture; without query groups it is MHA.
    const bool shape = read.intersects({Field::ModelNumLayers, Field::ModelHiddenSize, Field::ModelFfnHiddenSize, Field::ModelNumAttentionHeads});
    if (shape && !read.contains(Field::ModelNumQueryGroups) && !r.has(fieldInfo(Field::ModelNumQueryGroups).name().data())
        && m.numQueryGroups == 0)
        m.numQueryGroups = m.numAttentionHeads;
    return shape || read.intersects({Field::ModelNumQueryGroups, Field::ModelVocabSize});
}

bool readModelKeys(JsonReader& r, ModelArchitecture& model)
{
    Scenario s;
    s.model = std::move(model);
    const bool arch = readModelKeys(r, s);
    model = std::move(s.model);
    return arch;
}

void readGpuKeys(JsonReader& r, const Json& object, Scenario& s, std::vector<Issue>& issues)
{
    GpuSpec& g = s.hardware.gpu;
    readSection(r, s, FieldSection::Gpu, [&](const FieldInfo& f) {
        switch (f.field) {
        case Field::GpuPreset: return true; // scenario files only: scenario_io reads it
        case Field::GpuId: r.string(f.name().data(), g.preset); return true;
        case Field::GpuName: r.string(f.name().data(), g.name); return true;
        case Field::GpuMemoryLabel: r.string(f.name().data(), g.memoryLabel); return true;
        case Field::GpuSource: r.string(f.name().data(), g.source); return true;
        default: return false;
        }
    });
    // The peaks are an object of their own: "peak_tflops": {"bf16": 989.4, …}.
    const std::string_view gpuPrefix = sectionPrefix(FieldSection::Gpu), peaksPrefix = sectionPrefix(FieldSection::GpuPeaks);
    const std::string name(peaksPrefix.substr(gpuPrefix.size(), peaksPrefix.size() - gpuPrefix.size() - 1));
    r.known(name.c_str());
    if (object.is_object() && object.contains(name)) {
        const Json& values = object.at(name);
        if (!values.is_object()) {
            r.wrongType(name.c_str(), ValueKind::PeakTable);
            return;
        }
        JsonReader p(values, r.path(name.c_str()) + ".", issues);
        readSection(p, s, FieldSection::GpuPeaks, [](const FieldInfo&) { return false; });
        p.reportUnknown();
    }
}

void readGpuKeys(JsonReader& r, const Json& object, GpuSpec& gpu, std::vector<Issue>& issues)
{
    Scenario s;
    s.hardware.gpu = std::move(gpu);
    readGpuKeys(r, object, s, issues);
    gpu = std::move(s.hardware.gpu);
}

} // namespace core
