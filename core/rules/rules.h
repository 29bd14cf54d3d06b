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
/// scenario uses, and the window shows only their controls.
bool fieldUsed(Field field, const Scenario& scenario);
bool fieldUsed(Field field, const FieldUses& uses);

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

/// The requirements, each with its source.
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

} // namespace core
