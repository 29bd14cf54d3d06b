#include "core/rules/rules.h"
#include "core/rules/modedefaults.h"

#include "core/model.h"

#include <utility>

namespace core {

FieldUses fieldUses(const Scenario& s)
{
    const ModelArchitecture& m = s.model;
    const bool finetune = s.mode == Mode::FineTune;
    FieldUses u;
    auto set = [&u](FieldUse use, bool holds) { u.holds[std::size_t(use)] = holds; };
    set(FieldUse::Always, true);
    set(FieldUse::Training, s.mode != Mode::Inference);
    set(FieldUse::Architecture, m.hasArchitecture);
    set(FieldUse::CountOnly, !m.hasArchitecture);
    set(FieldUse::MoE, m.hasArchitecture && m.isMoE());
    set(FieldUse::Serving, s.mode == Mode::Inference);
    set(FieldUse::FineTune, finetune);
    set(FieldUse::Adapters, finetune && s.finetune.method != FineTuneMethod::Full);
    set(FieldUse::Rl, finetune && s.finetune.rl.algorithm != RlAlgorithm::None);
    set(FieldUse::Vision, m.hasArchitecture && m.hasVision());
    // A measured throughput replaces the MFU, except for serving's prefill.
    set(FieldUse::ModelledMfu, !(s.hardware.achievedTflops > 0 && s.mode != Mode::Inference));
    return u;
}

bool fieldUsed(Field field, const Scenario& s)
{
    return fieldUsed(field, fieldUses(s));
}

bool settingOn(Field field, const Scenario& s)
{
    const FieldInfo& f = fieldInfo(field);
    return f.isScalar() && !(f.get(s) == fieldDefault(field));
}

bool requirementMet(Field field, const Scenario& s)
{
    const Requirement* r = requirementOf(field);
    return !r || !settingOn(field, s) || allowedWith(field, fieldValue(s, r->needs).toInteger());
}

bool enabled(Field field, const Scenario& s)
{
    if (!fieldUsed(field, s))
        return false;
    const Requirement* r = requirementOf(field);
    return !r || allowedWith(field, fieldValue(s, r->needs).toInteger()) || settingOn(field, s);
}

void settingBrings(Scenario& s, Field field, FieldValue before)
{
    for (const Requirement& r : kRequirements)
        if (r.needs == field && fieldUsed(r.field, s) && !requirementMet(r.field, s))
            fieldInfo(r.field).set(s, fieldDefault(r.field));
    switch (field) {
    case Field::FineTuneMethod: {
        const FineTuneMethod method = s.finetune.method;
        s.finetune.method = before.as<FineTuneMethod>(); // the recipe goes with a change of method
        applyFineTuneMethod(s.finetune, method);
        break;
    }
    case Field::RlAlgorithm: applyRlAlgorithm(s.finetune.rl, s.finetune.rl.algorithm); break;
    case Field::Mode: applyModeTokens(s); break;
    // A measured throughput would override the MFU (compute.cpp): the stated MFU replaces it.
    case Field::HardwareMfu: s.hardware.achievedTflops = 0; break;
    default: break;
    }
}

void applyFineTuneMethod(FineTuneSetup& f, FineTuneMethod method)
{
    const FineTuneMethod before = f.method;
    f.method = method;
    if (method == FineTuneMethod::QLoRA && before != method) {
        f.base.format = WeightFormat::Nf4;
        f.base.doubleQuantization = true;
        f.adapterPrecision = AdapterDtype::Bf16;
        f.pagedOptimizer = true;
    } else if (method != FineTuneMethod::QLoRA && before == FineTuneMethod::QLoRA) {
        f.base.format = WeightFormat::Bf16;
        f.base.doubleQuantization = false;
        f.adapterPrecision = AdapterDtype::Fp32;
        f.pagedOptimizer = false;
    }
}

void applyRlAlgorithm(RlSetup& rl, RlAlgorithm algorithm)
{
    rl.algorithm = algorithm;
    rl.critic = algorithm == RlAlgorithm::Ppo;
}

double defaultTrainTokens(Mode mode)
{
    return mode == Mode::FineTune ? 1e8 : TrainingSetup{}.trainTokens;
}

void applyModeTokens(Scenario& s)
{
    // Between training and fine-tuning the untouched default follows the mode; serving leaves
    // the tokens as they are (it does not use them), so Train → Serve → Fine-tune still moves.
    const Mode other = s.mode == Mode::Train ? Mode::FineTune : Mode::Train;
    if (s.mode != Mode::Inference && s.training.trainTokens == defaultTrainTokens(other))
        s.training.trainTokens = defaultTrainTokens(s.mode);
}

void editField(Scenario& s, Field field, FieldValue value, std::string_view customName)
{
    const FieldInfo& f = fieldInfo(field);
    if (!f.isScalar())
        return;
    if (f.section == FieldSection::Model && field != Field::ModelParameters) {
        // An edited shape is no longer the preset (nor a bare count: it starts from the family
        // shape of that size).
        if (s.model.hasArchitecture && f.get(s) == normalizedValue(field, value))
            return;
        if (!s.model.hasArchitecture)
            s.model = familyShape(s.model.parameters);
        s.model.preset.clear();
        s.model.name = std::string(customName);
    }
    setFieldValue(s, field, value);
}

namespace {

/// The fields a serving run does not read (FieldUse::Training), from the table.
constexpr auto kTrainingFields = [] {
    std::array<Field, kFieldCount> fields{};
    std::size_t n = 0;
    for (const FieldInfo& f : kFieldTable)
        if (f.use == FieldUse::Training)
            fields[n++] = f.field;
    return std::pair{fields, n};
}();

} // namespace

/// Field I at its default, if serving ignores it. Unrolled over the table at compile time (this
/// runs on every serving estimate): a load and a compare per such field.
template <std::size_t I>
inline bool ignoredAtDefault(const Scenario& s, const Scenario& defaults)
{
    constexpr const FieldInfo& f = field_detail::kFields[I];
    if constexpr (f.use == FieldUse::Training && f.isScalar()) {
        constexpr auto get = f.get;
        return get(s) == get(defaults);
    } else {
        return true;
    }
}

bool isNormalized(const Scenario& s)
{
    if (s.mode != Mode::Inference)
        return true;
    static const Scenario defaults{};
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return (ignoredAtDefault<I>(s, defaults) && ...);
    }(std::make_index_sequence<kFieldCount>{});
}

void normalize(Scenario& s)
{
    if (s.mode != Mode::Inference)
        return;
    for (std::size_t i = 0; i < kTrainingFields.second; ++i) {
        const FieldInfo& f = fieldInfo(kTrainingFields.first[i]);
        f.set(s, fieldDefault(f.field));
    }
}

void timeWithStepModel(Scenario& s)
{
    s.hardware.mfu = 0;
    s.hardware.achievedTflops = 0;
}

} // namespace core
