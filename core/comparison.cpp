#include "core/comparison.h"

#include <algorithm>

namespace core {

namespace {

// 16-bit stands for BF16 and FP16 alike (the same bytes): one bar.
constexpr WeightFormat kWeightFormats[] = {WeightFormat::Bf16, WeightFormat::Fp8, WeightFormat::Int8, WeightFormat::Int4, WeightFormat::Nf4};
constexpr KvCacheDtype kKvDtypes[] = {KvCacheDtype::Bf16, KvCacheDtype::Fp8, KvCacheDtype::Int8};
constexpr FineTuneMethod kMethods[] = {FineTuneMethod::Full, FineTuneMethod::LoRA, FineTuneMethod::QLoRA};
constexpr Recompute kPolicies[] = {Recompute::None, Recompute::Selective, Recompute::Full};

template <typename T, std::size_t N>
int indexIn(const T (&list)[N], T value)
{
    const auto it = std::find(std::begin(list), std::end(list), value);
    return it == std::end(list) ? -1 : int(it - std::begin(list));
}

/// `variant` (equal to `base` but for what earlier variants changed) set to variant `index`.
void applyVariant(const Scenario& base, Variation variation, int index, Scenario& variant)
{
    switch (variation) {
    case Variation::ZeroStage:
        // As choosing the bar sets it: a stage that cannot have the scenario's offload drops it
        // (core/rules), else every bar below the scenario's stage would be an error.
        variant.training = base.training;
        setFieldValue(variant, Field::TrainingZeroStage, index);
        break;
    case Variation::Recompute:
        variant.training = base.training;
        variant.training.recompute = kPolicies[index];
        break;
    case Variation::WeightFormat:
        variant.inference.weights = base.inference.weights;
        variant.inference.weights.format = kWeightFormats[index];
        break;
    case Variation::KvCacheDtype:
        variant.inference.kvCacheDtype = kKvDtypes[index];
        break;
    case Variation::FineTuneMethod:
        variant.finetune = base.finetune;
        setFieldValue(variant, Field::FineTuneMethod, kMethods[index]); // with the method's recipe
        break;
    }
}

/// Puts back what applyVariant changed.
void restore(const Scenario& base, Variation variation, Scenario& variant)
{
    switch (variation) {
    case Variation::ZeroStage:
    case Variation::Recompute: variant.training = base.training; break;
    case Variation::WeightFormat: variant.inference.weights = base.inference.weights; break;
    case Variation::KvCacheDtype: variant.inference.kvCacheDtype = base.inference.kvCacheDtype; break;
    case Variation::FineTuneMethod: variant.finetune = base.finetune; break;
    }
}

} // namespace

std::array<Variation, 2> comparisonsFor(Mode mode)
{
    switch (mode) {
    case Mode::Train: break;
    case Mode::Inference: return {Variation::WeightFormat, Variation::KvCacheDtype};
    case Mode::FineTune: return {Variation::FineTuneMethod, Variation::ZeroStage};
    }
    return {Variation::ZeroStage, Variation::Recompute};
}

int variantCount(Variation variation)
{
    switch (variation) {
    case Variation::ZeroStage: return 4;
    case Variation::Recompute: return int(std::size(kPolicies));
    case Variation::WeightFormat: return int(std::size(kWeightFormats));
    case Variation::KvCacheDtype: return int(std::size(kKvDtypes));
    case Variation::FineTuneMethod: return int(std::size(kMethods));
    }
    return 0;
}

Field variedField(Variation variation)
{
    switch (variation) {
    case Variation::ZeroStage: break;
    case Variation::Recompute: return Field::TrainingRecompute;
    case Variation::WeightFormat: return Field::InferenceWeightFormat;
    case Variation::KvCacheDtype: return Field::InferenceKvCacheDtype;
    case Variation::FineTuneMethod: return Field::FineTuneMethod;
    }
    return Field::TrainingZeroStage;
}

FieldValue variantValue(Variation variation, int index)
{
    switch (variation) {
    case Variation::ZeroStage: break;
    case Variation::Recompute: return kPolicies[index];
    case Variation::WeightFormat: return kWeightFormats[index];
    case Variation::KvCacheDtype: return kKvDtypes[index];
    case Variation::FineTuneMethod: return kMethods[index];
    }
    return index;
}

int currentVariant(const Scenario& s, Variation variation)
{
    switch (variation) {
    case Variation::ZeroStage: return s.training.zeroStage >= 0 && s.training.zeroStage <= 3 ? s.training.zeroStage : -1;
    case Variation::Recompute: return indexIn(kPolicies, s.training.recompute);
    case Variation::WeightFormat:
        return indexIn(kWeightFormats, s.inference.weights.format == WeightFormat::Fp16 ? WeightFormat::Bf16 : s.inference.weights.format);
    case Variation::KvCacheDtype:
        return indexIn(kKvDtypes, s.inference.kvCacheDtype == KvCacheDtype::Fp16 ? KvCacheDtype::Bf16 : s.inference.kvCacheDtype);
    case Variation::FineTuneMethod: return indexIn(kMethods, s.finetune.method);
    }
    return -1;
}

void compare(const Scenario& scenario, Comparisons& out)
{
    // The same scenario with one setting changed: one copy, estimated into reused storage.
    Scenario variant = scenario;
    const std::array<Variation, 2> variations = comparisonsFor(scenario.mode);
    for (std::size_t slot = 0; slot < out.size(); ++slot) {
        Comparison& c = out[slot];
        c.variation = variations[slot];
        c.current = currentVariant(scenario, c.variation);
        c.estimates.resize(std::size_t(variantCount(c.variation)));
        for (int i = 0; i < variantCount(c.variation); ++i) {
            applyVariant(scenario, c.variation, i, variant);
            estimate(variant, c.estimates[std::size_t(i)]);
        }
        restore(scenario, c.variation, variant);
    }
}

} // namespace core
