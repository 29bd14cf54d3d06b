#pragma once

// The rules between a scenario's fields, each written once with its source: which fields a
// scenario uses (its mode, its model), what one setting needs of another (offload needs ZeRO),
// what a setting brings along when it is set, and the scenario as its mode and the planner read
// it. Validation, the comparisons, the planner, the advisor, the drills, the controls and the
// controller call these; none of them states a rule again (docs/HACKING.md "Where each rule lives").

#include <array>
#include <cstddef>
#include <string_view>

#include "core/fields.h"
#include "core/scenario.h"

namespace core {

// ---- which fields a scenario uses ---------------------------------------------------------

/// Which of the FieldUse conditions (core/fields.h) hold for a scenario.
struct FieldUses
{
    std::array<bool, std::size_t(FieldUse::Count)> holds{};
    constexpr bool operator[](FieldUse use) const { return holds[std::size_t(use)]; }
};
FieldUses fieldUses(const Scenario& scenario);
/// Whether the scenario uses the field: its mode and its model read it (a serving run no
/// context parallelism, a dense model no expert settings). Validation checks only the fields a
/// scenario uses, the window shows only their controls, and the estimate reads the others at
/// their defaults (normalize).
bool fieldUsed(Field field, const Scenario& scenario);
constexpr bool fieldUsed(Field field, const FieldUses& uses) { return uses[fieldInfo(field).use]; }

// ---- what one setting needs of another ------------------------------------------------------

/// A setting that needs another field at a least value: offloading the optimizer needs ZeRO ≥ 1.
/// The setting is "on" when its value is not its default (a ticked box, more than one virtual
/// stage).
struct Requirement
{
    Field field;    ///< the setting
    Field needs;    ///< the field it needs
    int atLeast;    ///< … at this value or more
};

/// The requirements, each with its source. The needed field comes before the setting in the
/// table (core/fields.h): lowering it turns the setting off (settingBrings) without touching a
/// key a file gives later.
// clang-format off
inline constexpr Requirement kRequirements[] = {
    // DeepSpeed config JSON (zero_optimization): offload_optimizer is valid for ZeRO stages 1–3
    // (ZeRO-Offload, Ren et al. 2021); offload_param only with stage 3 (ZeRO-Infinity, Rajbhandari et al. 2021).
    {Field::TrainingOffloadOptimizer, Field::TrainingZeroStage, 1},
    {Field::TrainingOffloadParameters, Field::TrainingZeroStage, 3},
    // Megatron-LM: virtual pipeline stages interleave the chunks of a pipeline
    // (--num-layers-per-virtual-pipeline-stage needs pipeline_model_parallel_size > 1; Narayanan et al. 2021 §2.2).
    {Field::ParallelVirtualPipeline, Field::ParallelPipeline, 2},
    // Sequence parallelism splits the norms and dropouts over the TP group (Korthikanti et al. 2022 §4.2.2).
    {Field::ParallelSequenceParallel, Field::ParallelTensor, 2},
};
// clang-format on

/// The requirement of `field`, if it has one.
constexpr const Requirement* requirementOf(Field field)
{
    for (const Requirement& r : kRequirements)
        if (r.field == field)
            return &r;
    return nullptr;
}
/// Whether `field` may be on when the field it needs has `value` (true for a field without a
/// requirement): offload_parameters at ZeRO stage 2 may not.
constexpr bool allowedWith(Field field, std::int64_t value)
{
    const Requirement* r = requirementOf(field);
    return !r || value >= r->atLeast;
}
/// The least value of the needed field that allows `field` (0 without a requirement).
constexpr int leastFor(Field field)
{
    const Requirement* r = requirementOf(field);
    return r ? r->atLeast : 0;
}
/// Whether the field's value is other than its default: the box is ticked, the count above one.
bool settingOn(Field field, const Scenario& scenario);
/// Whether the field's requirement holds in the scenario (true without one, or while it is off).
bool requirementMet(Field field, const Scenario& scenario);

/// FSDP has no optimizer-only sharding (FULL_SHARD = ZeRO-3, SHARD_GRAD_OP = ZeRO-2, NO_SHARD);
/// plain DDP shards at most the optimizer (ZeroRedundancyOptimizer). PyTorch
/// torch.distributed.fsdp.ShardingStrategy; torch.distributed.optim.ZeroRedundancyOptimizer.
constexpr bool frameworkHasZeroStage(Framework framework, int stage)
{
    return !((framework == Framework::Fsdp2 && stage == 1) || (framework == Framework::Ddp && stage >= 2));
}

/// Whether a control of the field can be used: the scenario uses the field and what it needs
/// allows it on — or it is on, so that it can be turned off. The controls' enabled state.
bool enabled(Field field, const Scenario& scenario);

// ---- what setting a field brings along ------------------------------------------------------

/// What setting `field` (from `before` to the value it now has) brings along in the rest of the
/// scenario: a needed field lowered below a used setting's requirement turns it off (ZeRO 0
/// drops optimizer offload, TP 1 sequence parallelism); QLoRA brings its recipe and leaving it
/// takes it away; PPO brings its critic; a stated MFU replaces a measured throughput. Only fields
/// after `field` in the table change, so a file read in the table's order keeps every value it
/// gives. setFieldValue (core/fields.h) applies it.
void settingBrings(Scenario& scenario, Field field, FieldValue before);

/// The method and the recipe that goes with it: QLoRA as published (Dettmers et al. 2023 §3–4,
/// qlora.py) quantizes the frozen base to NF4 with double quantization and trains bf16 adapters
/// with paged 32-bit AdamW; leaving QLoRA brings back a BF16 base and PEFT's fp32 adapters
/// (autocast_adapter_dtype) without paging.
void applyFineTuneMethod(FineTuneSetup& finetune, FineTuneMethod method);
/// PPO trains a value model (the critic); GRPO's group-relative advantages do without one
/// (Shao et al. 2024, DeepSeekMath §4.1).
void applyRlAlgorithm(RlSetup& rl, RlAlgorithm algorithm);

/// An edit of one field as a person makes it in the window: setFieldValue (with what the
/// setting brings), and an edited architecture key makes the model a custom one named
/// `customName` (a count-only model starts from the family shape of its size, core::familyShape).
/// Nothing changes when the field already has the value and the model keeps its shape.
void editField(Scenario& scenario, Field field, FieldValue value, std::string_view customName);

// ---- the scenario as a reader sees it -------------------------------------------------------

/// The scenario as its mode reads it: every field its mode does not use (FieldUse::Training in
/// serving: CP, virtual stages, SP, ZeRO, offload, recomputation, …) at its default. The estimate
/// reads this, so an ignored setting never reaches a number; the scenario keeps what was set.
void normalize(Scenario& scenario);
/// Whether normalize would change nothing (every training and fine-tuning scenario): no copy.
bool isNormalized(const Scenario& scenario);

/// The scenario the planner times: a stated MFU or a measured throughput holds for the
/// scenario's own layout only, so the step-time model times every layout it compares.
void timeWithStepModel(Scenario& scenario);

} // namespace core
