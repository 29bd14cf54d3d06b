#include "core/importer/importbuilder.h"

#include <charconv>
#include <cmath>

#include "core/estimate.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"

namespace core {

bool parseImportNumber(std::string_view text, double& value)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '+'))
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    if (text.empty() || text.size() > 64)
        return false;
    std::string digits;
    for (char c : text)
        if (c != '_') // TOML and Python write 1_000_000
            digits += c;
    const char* end = digits.data() + digits.size();
    const auto [ptr, ec] = std::from_chars(digits.data(), end, value);
    return ec == std::errc() && ptr == end && std::isfinite(value);
}

bool parseImportBool(std::string_view text, bool& value)
{
    for (std::string_view t : {"true", "True", "TRUE", "yes", "Yes", "on", "1"})
        if (text == t) {
            value = true;
            return true;
        }
    for (std::string_view f : {"false", "False", "FALSE", "no", "No", "off", "0"})
        if (text == f) {
            value = false;
            return true;
        }
    return false;
}

ImportBuilder::ImportBuilder(ImportFormat format, const ImportOptions& options)
    : m_format(format)
    , m_options(options)
{
    m_result.format = format;
    m_result.scenario = defaultScenario();
}

namespace {

/// A name from a file as the scenario keeps it: valid UTF-8 without control characters (a byte
/// that is neither is '?'), at most 200 bytes — what a saved file reads back as the same name.
std::string printableName(std::string_view in)
{
    std::string out;
    std::size_t i = 0;
    while (i < in.size() && out.size() < 200) {
        const unsigned char c = static_cast<unsigned char>(in[i]);
        std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        bool valid = n > 0 && i + n <= in.size();
        for (std::size_t k = 1; valid && k < n; ++k)
            valid = (static_cast<unsigned char>(in[i + k]) & 0xC0) == 0x80;
        if (valid && n == 2)
            valid = c >= 0xC2; // no overlong forms
        if (valid && n == 3) {
            const unsigned char c1 = static_cast<unsigned char>(in[i + 1]);
            valid = !(c == 0xE0 && c1 < 0xA0) && !(c == 0xED && c1 >= 0xA0); // no overlong forms, no surrogates
        }
        if (valid && n == 4) {
            const unsigned char c1 = static_cast<unsigned char>(in[i + 1]);
            valid = !(c == 0xF0 && c1 < 0x90) && !(c == 0xF4 && c1 >= 0x90) && c <= 0xF4;
        }
        if (!valid || (n == 1 && (c < 0x20 || c == 0x7F))) {
            out += '?';
            ++i;
            continue;
        }
        out.append(in.substr(i, n));
        i += n;
    }
    return out;
}

/// A value the reader derived from settings already listed (line 0) is recorded in brackets:
/// the reports list the file's own settings, each once.
std::string recordedKey(std::string_view key, int line)
{
    const std::string printable = printableName(key);
    return line == 0 && !printable.empty() && printable.front() != '(' ? "(" + printable + ")" : printable;
}

} // namespace

void ImportBuilder::set(Field field, FieldValue value, std::string_view key, std::string_view text, int line)
{
    setFieldValue(m_result.scenario, field, value);
    m_result.settings.push_back({recordedKey(key, line), printableName(text), ImportWhy::Sets, field, line});
}

void ImportBuilder::shape(Field field, FieldValue value, std::string_view key, std::string_view text, int line)
{
    m_shapeEdits.emplace_back(field, value);
    m_result.settings.push_back({recordedKey(key, line), printableName(text), ImportWhy::Sets, field, line});
}

void ImportBuilder::note(std::string_view key, std::string_view text, int line, ImportWhy why)
{
    m_result.settings.push_back({printableName(key), printableName(text), why, std::nullopt, line});
}

void ImportBuilder::nameModel(std::string_view name, std::string_view key, int line)
{
    m_modelName = std::string(name);
    m_result.modelName = printableName(name);
    m_result.settings.push_back({recordedKey(key, line), printableName(name), ImportWhy::NamesModel, std::nullopt, line});
}

void ImportBuilder::gpus(long long gpus, long long perNode, std::string_view key, std::string_view text, int line)
{
    // Out-of-range counts are kept as written (clamped to int) so that validation names them.
    auto clampInt = [](long long v) { return int(std::clamp<long long>(v, -2147483647LL, 2147483647LL)); };
    if (gpus != 0) {
        m_result.scenario.parallel.gpus = clampInt(gpus);
        m_gpusGiven = true;
    }
    if (perNode > 0)
        m_result.scenario.parallel.gpusPerNode = clampInt(perNode);
    m_result.settings.push_back({recordedKey(key, line), printableName(text), ImportWhy::SetsGpus, Field::ParallelGpus, line});
}

bool ImportBuilder::number(std::string_view text, double& value, std::string_view key, int line)
{
    if (parseImportNumber(text, value))
        return true;
    note(key, text, line, ImportWhy::BadValue);
    return false;
}

void ImportBuilder::error(IssueCode code, double a, std::string given)
{
    Issue i{code, Severity::Error, ""};
    i.a = a;
    i.given = std::move(given);
    m_result.issues.push_back(std::move(i));
}

void ImportBuilder::warning(IssueCode code, double a)
{
    Issue i{code, Severity::Warning, ""};
    i.a = a;
    m_result.issues.push_back(std::move(i));
}

ImportResult ImportBuilder::finish()
{
    Scenario& s = m_result.scenario;
    // The model: a named preset, or the config.json beside the file, or the format's defaults
    // when the file gives the shape itself; the file's shape keys go over it.
    bool viaBase = false;
    const ModelPreset* preset = m_modelName.empty() ? nullptr : findModelPresetByHfId(m_modelName, &viaBase);
    bool haveModel = true;
    if (preset) {
        s.model = preset->model;
        if (viaBase) {
            Issue i{IssueCode::ImportModelFromBaseModel, Severity::Warning, ""};
            i.given = m_modelName;
            i.nearest = preset->model.preset;
            m_result.issues.push_back(std::move(i));
        }
    } else if (m_options.besideModel) {
        s.model = *m_options.besideModel;
    } else if (m_shapeDefaults && hasShape()) {
        s.model = *m_shapeDefaults;
    } else {
        haveModel = false;
        Issue i{IssueCode::ImportNoModel, Severity::Error, ""};
        i.nearest = m_modelName;
        m_result.issues.push_back(std::move(i));
    }
    if (haveModel) {
        for (const auto& [field, value] : m_shapeEdits)
            setFieldValue(s, field, value);
        // A model the file changed is no longer its preset (whichever way the preset came: by
        // name or in the config.json beside): saved, it is its keys, not the preset's.
        if (!s.model.preset.empty())
            if (const ModelPreset* p = findModelPreset(s.model.preset); !p || !(s.model == p->model))
                s.model.preset.clear();
        if (s.model.name.empty())
            s.model.name = m_modelName.empty() ? std::string(importFormatTitle(m_format)) + " model" : m_modelName;
        s.model.name = printableName(s.model.name);
    }
    if (haveModel)
        for (const auto& step : m_afterModel)
            step(s);
    if (!m_gpusGiven) {
        if (m_options.gpus > 0)
            s.parallel.gpus = m_options.gpus;
        m_result.assumed.push_back(Field::ParallelGpus);
        warning(IssueCode::ImportGpusAssumed, s.parallel.gpus);
    }
    // What no launch file says: the device and the length of the run.
    for (Field f : {Field::GpuPreset, Field::TrainingTrainTokens})
        if (std::none_of(m_result.settings.begin(), m_result.settings.end(), [&](const ImportedSetting& x) { return x.field == f; }))
            m_result.assumed.push_back(f);
    // The core's rules: an import that would make an invalid scenario is refused, with the reason.
    if (!hasErrors(m_result.issues)) {
        std::vector<Issue> rules;
        validate(s, rules);
        for (Issue& i : rules)
            if (i.severity == Severity::Error)
                m_result.issues.push_back(std::move(i));
    }
    m_result.ok = !hasErrors(m_result.issues);
    return std::move(m_result);
}

} // namespace core
