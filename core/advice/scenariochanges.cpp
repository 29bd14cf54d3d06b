// The one step from "a changed scenario" to "section.key=value" overrides. Until the scenario
// field table (core/fields.h) is on this branch it compares the keys the advisor changes.
#include "core/advice/advice.h"
#include "core/io/scenario_io.h"

namespace core {

namespace {

std::string text(bool v) { return v ? "true" : "false"; }
std::string text(int v) { return std::to_string(v); }
std::string text(std::int64_t v) { return std::to_string(v); }
template <typename E>
    requires std::is_enum_v<E>
std::string text(E v)
{
    return std::string(toString(v));
}

} // namespace

std::vector<ScenarioChange> scenarioChanges(const Scenario& a, const Scenario& b)
{
    std::vector<ScenarioChange> out;
    auto check = [&out](const char* key, const auto& before, const auto& after) {
        if (before != after)
            out.push_back(ScenarioChange{key, text(after)});
    };
    check("mode", a.mode, b.mode);
    check("training.micro_batch_size", a.training.microBatchSize, b.training.microBatchSize);
    check("training.zero_stage", a.training.zeroStage, b.training.zeroStage);
    check("training.offload_optimizer", a.training.offloadOptimizer, b.training.offloadOptimizer);
    check("training.offload_parameters", a.training.offloadParameters, b.training.offloadParameters);
    check("training.recompute", a.training.recompute, b.training.recompute);
    check("training.flash_attention", a.training.flashAttention, b.training.flashAttention);
    check("parallel.gpus", a.parallel.gpus, b.parallel.gpus);
    check("parallel.tensor", a.parallel.tensor, b.parallel.tensor);
    check("parallel.pipeline", a.parallel.pipeline, b.parallel.pipeline);
    check("inference.weight_format", a.inference.weights.format, b.inference.weights.format);
    check("inference.kv_cache_dtype", a.inference.kvCacheDtype, b.inference.kvCacheDtype);
    check("inference.batch_size", a.inference.batchSize, b.inference.batchSize);
    check("inference.prompt_length", a.inference.promptLength, b.inference.promptLength);
    check("inference.generated_tokens", a.inference.generatedTokens, b.inference.generatedTokens);
    check("inference.kv_block_size", a.inference.kvBlockSize, b.inference.kvBlockSize);
    check("finetune.method", a.finetune.method, b.finetune.method);
    check("finetune.base_format", a.finetune.base.format, b.finetune.base.format);
    check("finetune.double_quantization", a.finetune.base.doubleQuantization, b.finetune.base.doubleQuantization);
    return out;
}

} // namespace core
