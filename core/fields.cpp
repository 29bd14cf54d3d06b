#include "core/fields.h"

#include "core/rules/rules.h"

#include <algorithm>
#include <vector>

namespace core {

void setFieldValue(Scenario& s, Field field, FieldValue value)
{
    const FieldInfo& f = fieldInfo(field);
    const FieldValue before = f.get(s);
    f.set(s, value);
    settingBrings(s, field, before);
}

std::optional<Field> findField(std::string_view key)
{
    for (const FieldInfo& f : kFieldTable)
        if (f.key == key)
            return f.field;
    return std::nullopt;
}

std::size_t keyDistance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

std::string nearestName(std::string_view given, std::span<const std::string> names)
{
    std::string best;
    std::size_t bestDistance = 4;
    for (const std::string& name : names) {
        const std::size_t d = keyDistance(given, name);
        if (d < bestDistance && d < name.size()) {
            bestDistance = d;
            best = name;
        }
    }
    return best;
}

std::optional<Field> nearestField(std::string_view key)
{
    std::optional<Field> best;
    std::size_t bestDistance = 4; // more than three edits is another word, not a typo
    for (const FieldInfo& f : kFieldTable) {
        // The distance is at least the difference in length: a megabyte-long --set key is not
        // compared cell by cell against every field.
        if (key.size() >= f.key.size() + bestDistance || f.key.size() >= key.size() + bestDistance)
            continue;
        const std::size_t d = keyDistance(key, f.key);
        if (d < bestDistance) {
            bestDistance = d;
            best = f.field;
        }
    }
    return best;
}

std::string_view sectionPrefix(FieldSection section)
{
    switch (section) {
    case FieldSection::Top: return "";
    case FieldSection::Model: return "model.";
    case FieldSection::Training: return "training.";
    case FieldSection::Parallel: return "parallel.";
    case FieldSection::Hardware: return "hardware.";
    case FieldSection::Gpu: return "hardware.gpu.";
    case FieldSection::GpuPeaks: return "hardware.gpu.peak_tflops.";
    case FieldSection::Runtime: return "runtime.";
    case FieldSection::Inference: return "inference.";
    case FieldSection::FineTune: return "finetune.";
    case FieldSection::Rl: return "finetune.rl.";
    case FieldSection::Count: break;
    }
    return "";
}

FieldValue normalizedValue(Field field, FieldValue value)
{
    const FieldInfo& f = fieldInfo(field);
    if (!f.isScalar())
        return value;
    // Round-trip through a scratch scenario: exactly the conversion the member's setter does.
    Scenario scratch;
    f.set(scratch, value);
    return f.get(scratch);
}

FieldValue fieldDefault(Field field)
{
    static const Scenario defaults{};
    const FieldInfo& f = fieldInfo(field);
    return f.isScalar() ? f.get(defaults) : FieldValue();
}

} // namespace core
