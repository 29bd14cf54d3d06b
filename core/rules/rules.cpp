#include "core/rules/rules.h"

namespace core {

FieldUses fieldUses(const Scenario& s)
{
    const ModelArchitecture& m = s.model;
    const bool finetune = s.mode == Mode::FineTune;
    FieldUses u;
    auto set = [&u](FieldUse use, bool holds) { u.holds[std::size_t(use)] = holds; };
    set(FieldUse::Always, true);
    set(FieldUse::Architecture, m.hasArchitecture);
    set(FieldUse::CountOnly, !m.hasArchitecture);
    set(FieldUse::MoE, m.hasArchitecture && m.isMoE());
    set(FieldUse::Serving, s.mode == Mode::Inference);
    set(FieldUse::FineTune, finetune);
    set(FieldUse::Adapters, finetune && s.finetune.method != FineTuneMethod::Full);
    set(FieldUse::Rl, finetune && s.finetune.rl.algorithm != RlAlgorithm::None);
    // A measured throughput replaces the MFU, except for serving's prefill.
    set(FieldUse::ModelledMfu, !(s.hardware.achievedTflops > 0 && s.mode != Mode::Inference));
    return u;
}

bool fieldUsed(Field field, const FieldUses& uses)
{
    return uses[fieldInfo(field).use];
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

} // namespace core
