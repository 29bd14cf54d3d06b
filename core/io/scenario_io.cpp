#include "core/io/scenario_io.h"

#include "core/io/model_io.h"
#include "core/io/presets.h"

namespace core {

std::string_view toString(PrecisionRecipe v)
{
    switch (v) {
    case PrecisionRecipe::Mixed16: return "mixed_16";
    case PrecisionRecipe::MixedBf16Fp32Grads: return "mixed_bf16_fp32_grads";
    case PrecisionRecipe::Fp32: return "fp32";
    case PrecisionRecipe::Bf16: return "bf16";
    case PrecisionRecipe::Fp8Mixed: return "fp8_mixed";
    }
    return "";
}

std::string_view toString(Optimizer v)
{
    switch (v) {
    case Optimizer::Adam: return "adam";
    case Optimizer::AdamW: return "adamw";
    case Optimizer::Sgd: return "sgd";
    case Optimizer::SgdMomentum: return "sgd_momentum";
    case Optimizer::Lion: return "lion";
    case Optimizer::Adam8bit: return "adam_8bit";
    case Optimizer::Adafactor: return "adafactor";
    }
    return "";
}

std::string_view toString(Recompute v)
{
    switch (v) {
    case Recompute::None: return "none";
    case Recompute::Selective: return "selective";
    case Recompute::Full: return "full";
    }
    return "";
}

std::string_view toString(Normalization v) { return v == Normalization::RMSNorm ? "rmsnorm" : "layernorm"; }
std::string_view toString(PositionEmbedding v) { return v == PositionEmbedding::Rotary ? "rope" : "learned"; }
std::string_view toString(FlopsFormula v) { return v == FlopsFormula::Megatron ? "megatron" : "6nd"; }

std::string_view toString(Mode v)
{
    switch (v) {
    case Mode::Train: return "train";
    case Mode::Inference: return "inference";
    case Mode::FineTune: return "finetune";
    }
    return "";
}

std::string_view toString(WeightFormat v)
{
    switch (v) {
    case WeightFormat::Fp32: return "fp32";
    case WeightFormat::Bf16: return "bf16";
    case WeightFormat::Fp16: return "fp16";
    case WeightFormat::Fp8: return "fp8";
    case WeightFormat::Int8: return "int8";
    case WeightFormat::Int4: return "int4";
    case WeightFormat::Nf4: return "nf4";
    }
    return "";
}

std::string_view toString(ScaleFormat v)
{
    switch (v) {
    case ScaleFormat::Fp32: return "fp32";
    case ScaleFormat::Fp16: return "fp16";
    case ScaleFormat::Bf16: return "bf16";
    case ScaleFormat::Fp8: return "fp8";
    case ScaleFormat::E8M0: return "e8m0";
    }
    return "";
}

std::string_view toString(KvCacheDtype v)
{
    switch (v) {
    case KvCacheDtype::Fp32: return "fp32";
    case KvCacheDtype::Bf16: return "bf16";
    case KvCacheDtype::Fp16: return "fp16";
    case KvCacheDtype::Fp8: return "fp8";
    case KvCacheDtype::Int8: return "int8";
    }
    return "";
}

std::string_view toString(FineTuneMethod v)
{
    switch (v) {
    case FineTuneMethod::Full: return "full";
    case FineTuneMethod::LoRA: return "lora";
    case FineTuneMethod::QLoRA: return "qlora";
    }
    return "";
}

std::string_view toString(RlAlgorithm v)
{
    switch (v) {
    case RlAlgorithm::None: return "none";
    case RlAlgorithm::Grpo: return "grpo";
    case RlAlgorithm::Ppo: return "ppo";
    }
    return "";
}

namespace {

const std::initializer_list<std::pair<std::string_view, WeightFormat>> kWeightFormats = {
    {"fp32", WeightFormat::Fp32}, {"bf16", WeightFormat::Bf16}, {"fp16", WeightFormat::Fp16}, {"fp8", WeightFormat::Fp8},
    {"int8", WeightFormat::Int8}, {"int4", WeightFormat::Int4}, {"nf4", WeightFormat::Nf4}};
const std::initializer_list<std::pair<std::string_view, ScaleFormat>> kScaleFormats = {
    {"fp32", ScaleFormat::Fp32}, {"fp16", ScaleFormat::Fp16}, {"bf16", ScaleFormat::Bf16}, {"fp8", ScaleFormat::Fp8}, {"e8m0", ScaleFormat::E8M0}};

struct LoraTargetName { std::string_view name; unsigned bit; };
constexpr LoraTargetName kLoraTargets[] = {{"q", LoraQ}, {"k", LoraK}, {"v", LoraV}, {"o", LoraO},
                                           {"gate", LoraGate}, {"up", LoraUp}, {"down", LoraDown}};

void addError(std::vector<Issue>& issues, IssueCode code, std::string path, std::string hint = {})
{
    Issue issue{code, Severity::Error, ""};
    issue.path = std::move(path);
    issue.hint = std::move(hint);
    issues.push_back(std::move(issue));
}

/// --set section.key=value on the document: the path is created as needed; a string where an
/// object is needed (hardware.gpu = "h100-sxm") becomes {"preset": that string}.
void applyOverride(Json& doc, const std::string& text, std::vector<Issue>& issues)
{
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0) {
        addError(issues, IssueCode::MalformedOverride, "--set", text);
        return;
    }
    const std::string path = text.substr(0, eq);
    const std::string valueText = text.substr(eq + 1);
    Json value = Json::parse(valueText, nullptr, false);
    if (value.is_discarded())
        value = valueText;
    Json* node = &doc;
    std::size_t start = 0;
    while (true) {
        const auto dot = path.find('.', start);
        const std::string part = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (part.empty()) {
            addError(issues, IssueCode::MalformedOverride, "--set", text);
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

void readModel(const Json& doc, Scenario& s, std::vector<Issue>& issues)
{
    if (!doc.contains("model")) {
        addError(issues, IssueCode::WrongType, "model", "a model section with a preset, an architecture or a parameter count");
        return;
    }
    const Json& section = doc.at("model");
    if (!section.is_object()) {
        addError(issues, IssueCode::WrongType, "model", "an object");
        return;
    }
    JsonReader r(section, "model.", issues);
    ModelArchitecture& m = s.model;
    m = ModelArchitecture{};
    std::string preset;
    if (r.string("preset", preset) && !preset.empty()) {
        if (const ModelPreset* p = findModelPreset(preset))
            m = p->model;
        else
            r.error(IssueCode::UnknownPreset, "preset", preset);
    }
    const bool arch = readModelKeys(r, m);
    double parameters = 0;
    const bool hasCount = r.number("parameters", parameters);
    m.parameters = hasCount ? parameters : 0;
    m.hasArchitecture = !m.preset.empty() || arch;
    if (!m.hasArchitecture && !hasCount && !hasErrors(issues))
        addError(issues, IssueCode::WrongType, "model", "a preset, an architecture (num_layers, hidden_size, …) or parameters");
    r.reportUnknown();
}

void readTraining(const Json& doc, Scenario& s, std::vector<Issue>& issues)
{
    if (!doc.contains("training"))
        return;
    JsonReader r(doc.at("training"), "training.", issues);
    if (!doc.at("training").is_object()) {
        addError(issues, IssueCode::WrongType, "training", "an object");
        return;
    }
    TrainingSetup& t = s.training;
    long long v = 0;
    if (r.integer64("seq_length", v)) t.seqLength = v;
    if (r.integer64("micro_batch_size", v)) t.microBatchSize = v;
    if (r.integer64("global_batch_size", v)) t.globalBatchSize = v;
    r.number("train_tokens", t.trainTokens);
    r.choice("precision", t.precision,
             {{"mixed_16", PrecisionRecipe::Mixed16}, {"mixed_bf16_fp32_grads", PrecisionRecipe::MixedBf16Fp32Grads},
              {"fp32", PrecisionRecipe::Fp32}, {"bf16", PrecisionRecipe::Bf16}, {"fp8_mixed", PrecisionRecipe::Fp8Mixed}});
    r.choice("optimizer", t.optimizer,
             {{"adam", Optimizer::Adam}, {"adamw", Optimizer::AdamW}, {"sgd", Optimizer::Sgd}, {"sgd_momentum", Optimizer::SgdMomentum},
              {"lion", Optimizer::Lion}, {"adam_8bit", Optimizer::Adam8bit}, {"adafactor", Optimizer::Adafactor}});
    r.integer("zero_stage", t.zeroStage);
    // FSDP's sharding strategies named alongside ZeRO (PyTorch ShardingStrategy).
    r.choice("fsdp", t.zeroStage, {{"no_shard", 0}, {"shard_grad_op", 2}, {"full_shard", 3}});
    r.boolean("offload_optimizer", t.offloadOptimizer);
    r.boolean("offload_parameters", t.offloadParameters);
    r.choice("recompute", t.recompute, {{"none", Recompute::None}, {"selective", Recompute::Selective}, {"full", Recompute::Full}});
    r.boolean("flash_attention", t.flashAttention);
    r.choice("flops_formula", t.flopsFormula, {{"megatron", FlopsFormula::Megatron}, {"6nd", FlopsFormula::SixND}});
    r.number("moe_capacity_factor", t.moeCapacityFactor);
    r.reportUnknown();
}

void readQuantization(JsonReader& r, WeightQuantization& q, const char* formatKey, const char* groupKey, const char* scaleKey,
                      const char* zeroKey, const char* doubleKey, const char* embeddingsKey)
{
    r.choice(formatKey, q.format, kWeightFormats);
    r.integer(groupKey, q.groupSize);
    r.choice(scaleKey, q.scale, kScaleFormats);
    r.boolean(zeroKey, q.zeroPoint);
    r.boolean(doubleKey, q.doubleQuantization);
    r.boolean(embeddingsKey, q.quantizeEmbeddings);
}

void readInference(const Json& doc, Scenario& s, std::vector<Issue>& issues)
{
    if (!doc.contains("inference"))
        return;
    if (!doc.at("inference").is_object()) {
        addError(issues, IssueCode::WrongType, "inference", "an object");
        return;
    }
    JsonReader r(doc.at("inference"), "inference.", issues);
    InferenceSetup& in = s.inference;
    readQuantization(r, in.weights, "weight_format", "quant_group_size", "quant_scale_format", "quant_zero_point",
                     "double_quantization", "quantize_embeddings");
    r.choice("kv_cache_dtype", in.kvCacheDtype,
             {{"fp32", KvCacheDtype::Fp32}, {"bf16", KvCacheDtype::Bf16}, {"fp16", KvCacheDtype::Fp16}, {"fp8", KvCacheDtype::Fp8},
              {"int8", KvCacheDtype::Int8}});
    long long v = 0;
    if (r.integer64("batch_size", v)) in.batchSize = v;
    if (r.integer64("prompt_length", v)) in.promptLength = v;
    if (r.integer64("generated_tokens", v)) in.generatedTokens = v;
    r.integer("kv_block_size", in.kvBlockSize);
    if (r.integer64("max_batched_tokens", v)) in.maxBatchedTokens = v;
    r.reportUnknown();
}

void readFineTune(const Json& doc, Scenario& s, std::vector<Issue>& issues)
{
    if (!doc.contains("finetune"))
        return;
    const Json& section = doc.at("finetune");
    if (!section.is_object()) {
        addError(issues, IssueCode::WrongType, "finetune", "an object");
        return;
    }
    JsonReader r(section, "finetune.", issues);
    FineTuneSetup& f = s.finetune;
    if (r.choice("method", f.method, {{"full", FineTuneMethod::Full}, {"lora", FineTuneMethod::LoRA}, {"qlora", FineTuneMethod::QLoRA}})
        && f.method == FineTuneMethod::QLoRA) {
        // QLoRA's defaults (Dettmers et al. 2023): NF4 base with double quantization.
        f.base.format = WeightFormat::Nf4;
        f.base.doubleQuantization = true;
    }
    r.integer("lora_rank", f.loraRank);
    r.known("lora_targets");
    if (section.contains("lora_targets")) {
        const Json& targets = section.at("lora_targets");
        if (!targets.is_array()) {
            r.error(IssueCode::WrongType, "lora_targets", "an array such as [\"q\", \"k\", \"v\", \"o\"]");
        } else {
            f.loraTargets = 0;
            for (const Json& t : targets) {
                bool found = false;
                for (const LoraTargetName& n : kLoraTargets)
                    if (t.is_string() && t.get<std::string>() == n.name) {
                        f.loraTargets |= n.bit;
                        found = true;
                    }
                if (!found)
                    r.error(IssueCode::UnknownValue, "lora_targets", "q, k, v, o, gate, up, down");
            }
        }
    }
    readQuantization(r, f.base, "base_format", "base_quant_group_size", "base_quant_scale_format", "base_quant_zero_point",
                     "double_quantization", "quantize_embeddings");
    r.known("rl");
    r.reportUnknown();
    if (!section.contains("rl"))
        return;
    if (!section.at("rl").is_object()) {
        addError(issues, IssueCode::WrongType, "finetune.rl", "an object");
        return;
    }
    JsonReader q(section.at("rl"), "finetune.rl.", issues);
    RlSetup& rl = f.rl;
    if (q.choice("algorithm", rl.algorithm, {{"none", RlAlgorithm::None}, {"grpo", RlAlgorithm::Grpo}, {"ppo", RlAlgorithm::Ppo}}))
        rl.critic = rl.algorithm == RlAlgorithm::Ppo; // PPO trains a value model; GRPO does not
    q.boolean("reference", rl.reference);
    q.choice("reference_format", rl.referenceFormat, kWeightFormats);
    q.boolean("reference_offload", rl.referenceOffload);
    q.boolean("reward_model", rl.rewardModel);
    q.number("reward_parameters", rl.rewardParameters);
    q.choice("reward_format", rl.rewardFormat, kWeightFormats);
    q.boolean("critic", rl.critic);
    q.integer("samples_per_prompt", rl.samplesPerPrompt);
    long long v = 0;
    if (q.integer64("prompt_length", v)) rl.promptLength = v;
    if (q.integer64("max_new_tokens", v)) rl.maxNewTokens = v;
    q.integer("prompts_per_gpu", rl.promptsPerGpu);
    q.number("rollout_memory_fraction", rl.rolloutMemoryFraction);
    q.choice("placement", rl.placement, {{"colocated", RolloutPlacement::Colocated}, {"separate", RolloutPlacement::Separate}});
    q.boolean("rollout_sleeps", rl.rolloutSleeps);
    q.integer("rollout_tensor", rl.rolloutTensor);
    q.integer("rollout_gpus", rl.rolloutGpus);
    q.reportUnknown();
}

void readParallel(const Json& doc, Scenario& s, std::vector<Issue>& issues)
{
    if (!doc.contains("parallel"))
        return;
    if (!doc.at("parallel").is_object()) {
        addError(issues, IssueCode::WrongType, "parallel", "an object");
        return;
    }
    JsonReader r(doc.at("parallel"), "parallel.", issues);
    ParallelLayout& p = s.parallel;
    r.integer("gpus", p.gpus);
    r.integer("gpus_per_node", p.gpusPerNode);
    r.integer("tensor", p.tensor);
    r.integer("pipeline", p.pipeline);
    r.integer("virtual_pipeline", p.virtualPipeline);
    r.integer("context", p.context);
    r.boolean("sequence_parallel", p.sequenceParallel);
    r.integer("expert", p.expert);
    r.integer("expert_tensor", p.expertTensor);
    r.reportUnknown();
}

void readHardware(const Json& doc, Scenario& s, std::vector<Issue>& issues)
{
    if (!doc.contains("hardware"))
        return;
    const Json& section = doc.at("hardware");
    if (!section.is_object()) {
        addError(issues, IssueCode::WrongType, "hardware", "an object");
        return;
    }
    JsonReader r(section, "hardware.", issues);
    HardwareSetup& h = s.hardware;
    r.known("gpu");
    if (section.contains("gpu")) {
        const Json& gpu = section.at("gpu");
        std::string id;
        if (gpu.is_string())
            id = gpu.get<std::string>();
        else if (gpu.is_object() && gpu.contains("preset") && gpu.at("preset").is_string())
            id = gpu.at("preset").get<std::string>();
        else if (!gpu.is_object())
            r.error(IssueCode::WrongType, "gpu", "a GPU preset id or an object");
        if (!id.empty()) {
            if (const GpuSpec* preset = findGpuPreset(id))
                h.gpu = *preset;
            else
                r.error(IssueCode::UnknownPreset, "gpu", id);
        } else if (gpu.is_object()) {
            h.gpu = GpuSpec{};
        }
        if (gpu.is_object()) {
            JsonReader g(gpu, "hardware.gpu.", issues);
            g.known("preset");
            std::string ignoredId;
            readGpuKeys(g, gpu, h.gpu, issues);
            if (!id.empty())
                h.gpu.preset = id;
            g.reportUnknown();
        }
    }
    r.number("mfu", h.mfu);
    r.number("achieved_tflops", h.achievedTflops);
    r.number("price_per_gpu_hour", h.pricePerGpuHour);
    r.number("overhead_factor", h.overheadFactor);
    r.reportUnknown();
}

void readRuntime(const Json& doc, Scenario& s, std::vector<Issue>& issues)
{
    if (!doc.contains("runtime"))
        return;
    if (!doc.at("runtime").is_object()) {
        addError(issues, IssueCode::WrongType, "runtime", "an object");
        return;
    }
    JsonReader r(doc.at("runtime"), "runtime.", issues);
    RuntimeOverheads& o = s.runtime;
    r.number("cuda_context_bytes", o.cudaContextBytes);
    r.number("comm_bucket_bytes", o.commBucketBytes);
    r.number("zero3_prefetch_modules", o.zero3PrefetchModules);
    r.number("fragmentation_fraction", o.fragmentationFraction);
    r.number("cpu_buffer_factor", o.cpuBufferFactor);
    r.reportUnknown();
}

} // namespace

ScenarioLoad loadScenario(std::string_view text, const std::vector<std::string>& overrides)
{
    ScenarioLoad out;
    Json doc;
    try {
        doc = Json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        out.issues.push_back(malformedJson(e, text));
        return out;
    }
    if (!doc.is_object()) {
        addError(out.issues, IssueCode::WrongType, "(document)", "a JSON object");
        return out;
    }
    for (const std::string& o : overrides)
        applyOverride(doc, o, out.issues);

    JsonReader top(doc, "", out.issues);
    long long version = 0;
    if (!doc.contains("schema_version"))
        addError(out.issues, IssueCode::WrongType, "schema_version", "\"schema_version\": 1");
    else if (top.integer64("schema_version", version) && version != 1) {
        Issue issue{IssueCode::UnsupportedSchemaVersion, Severity::Error, "", double(version)};
        issue.path = "schema_version";
        out.issues.push_back(std::move(issue));
    }
    top.string("title", out.title);
    std::string ignored;
    top.string("description", ignored);
    for (const char* section : {"model", "training", "parallel", "hardware", "runtime", "inference", "finetune"})
        top.known(section);
    Mode mode = Mode::Train;
    top.choice("mode", mode, {{"train", Mode::Train}, {"inference", Mode::Inference}, {"finetune", Mode::FineTune}});
    top.reportUnknown();
    if (hasErrors(out.issues))
        return out;

    Scenario& s = out.scenario;
    s = Scenario{};
    s.mode = mode;
    if (const GpuSpec* gpu = findGpuPreset("a100-80gb"))
        s.hardware.gpu = *gpu;
    readModel(doc, s, out.issues);
    readTraining(doc, s, out.issues);
    readParallel(doc, s, out.issues);
    readHardware(doc, s, out.issues);
    readRuntime(doc, s, out.issues);
    readInference(doc, s, out.issues);
    readFineTune(doc, s, out.issues);
    out.ok = !hasErrors(out.issues);
    return out;
}

std::string saveScenario(const Scenario& s, std::string_view title)
{
    Json j;
    j["schema_version"] = 1;
    if (!title.empty())
        j["title"] = std::string(title);
    j["mode"] = std::string(toString(s.mode));
    Json model;
    if (!s.model.preset.empty())
        model["preset"] = s.model.preset;
    if (s.model.hasArchitecture) {
        writeModelKeys(model, s.model);
        if (s.model.parameters > 0)
            model["parameters"] = s.model.parameters;
    } else {
        model["parameters"] = s.model.parameters;
    }
    j["model"] = model;
    const TrainingSetup& t = s.training;
    j["training"] = Json{{"seq_length", t.seqLength},
                         {"micro_batch_size", t.microBatchSize},
                         {"global_batch_size", t.globalBatchSize},
                         {"train_tokens", t.trainTokens},
                         {"precision", std::string(toString(t.precision))},
                         {"optimizer", std::string(toString(t.optimizer))},
                         {"zero_stage", t.zeroStage},
                         {"offload_optimizer", t.offloadOptimizer},
                         {"offload_parameters", t.offloadParameters},
                         {"recompute", std::string(toString(t.recompute))},
                         {"flash_attention", t.flashAttention},
                         {"flops_formula", std::string(toString(t.flopsFormula))},
                         {"moe_capacity_factor", t.moeCapacityFactor}};
    const ParallelLayout& p = s.parallel;
    j["parallel"] = Json{{"gpus", p.gpus}, {"gpus_per_node", p.gpusPerNode}, {"tensor", p.tensor}, {"pipeline", p.pipeline},
                         {"virtual_pipeline", p.virtualPipeline}, {"context", p.context}, {"sequence_parallel", p.sequenceParallel},
                         {"expert", p.expert}, {"expert_tensor", p.expertTensor}};
    Json gpu;
    writeGpuKeys(gpu, s.hardware.gpu);
    j["hardware"] = Json{{"gpu", gpu}, {"mfu", s.hardware.mfu}, {"achieved_tflops", s.hardware.achievedTflops},
                         {"price_per_gpu_hour", s.hardware.pricePerGpuHour}, {"overhead_factor", s.hardware.overheadFactor}};
    const RuntimeOverheads& r = s.runtime;
    j["runtime"] = Json{{"cuda_context_bytes", r.cudaContextBytes}, {"comm_bucket_bytes", r.commBucketBytes},
                        {"zero3_prefetch_modules", r.zero3PrefetchModules}, {"fragmentation_fraction", r.fragmentationFraction},
                        {"cpu_buffer_factor", r.cpuBufferFactor}};
    const InferenceSetup& in = s.inference;
    j["inference"] = Json{{"weight_format", std::string(toString(in.weights.format))},
                          {"quant_group_size", in.weights.groupSize},
                          {"quant_scale_format", std::string(toString(in.weights.scale))},
                          {"quant_zero_point", in.weights.zeroPoint},
                          {"double_quantization", in.weights.doubleQuantization},
                          {"quantize_embeddings", in.weights.quantizeEmbeddings},
                          {"kv_cache_dtype", std::string(toString(in.kvCacheDtype))},
                          {"batch_size", in.batchSize},
                          {"prompt_length", in.promptLength},
                          {"generated_tokens", in.generatedTokens},
                          {"kv_block_size", in.kvBlockSize},
                          {"max_batched_tokens", in.maxBatchedTokens}};
    const FineTuneSetup& f = s.finetune;
    Json targets = Json::array();
    for (const LoraTargetName& n : kLoraTargets)
        if (f.loraTargets & n.bit)
            targets.push_back(std::string(n.name));
    const RlSetup& rl = f.rl;
    j["finetune"] = Json{{"method", std::string(toString(f.method))},
                         {"lora_rank", f.loraRank},
                         {"lora_targets", targets},
                         {"base_format", std::string(toString(f.base.format))},
                         {"base_quant_group_size", f.base.groupSize},
                         {"base_quant_scale_format", std::string(toString(f.base.scale))},
                         {"base_quant_zero_point", f.base.zeroPoint},
                         {"double_quantization", f.base.doubleQuantization},
                         {"quantize_embeddings", f.base.quantizeEmbeddings},
                         {"rl", Json{{"algorithm", std::string(toString(rl.algorithm))},
                                     {"reference", rl.reference},
                                     {"reference_format", std::string(toString(rl.referenceFormat))},
                                     {"reference_offload", rl.referenceOffload},
                                     {"reward_model", rl.rewardModel},
                                     {"reward_parameters", rl.rewardParameters},
                                     {"reward_format", std::string(toString(rl.rewardFormat))},
                                     {"critic", rl.critic},
                                     {"samples_per_prompt", rl.samplesPerPrompt},
                                     {"prompt_length", rl.promptLength},
                                     {"max_new_tokens", rl.maxNewTokens},
                                     {"prompts_per_gpu", rl.promptsPerGpu},
                                     {"rollout_memory_fraction", rl.rolloutMemoryFraction},
                                     {"placement", rl.placement == RolloutPlacement::Colocated ? "colocated" : "separate"},
                                     {"rollout_sleeps", rl.rolloutSleeps},
                                     {"rollout_tensor", rl.rolloutTensor},
                                     {"rollout_gpus", rl.rolloutGpus}}}};
    return j.dump(2) + "\n";
}

Scenario defaultScenario()
{
    ScenarioLoad load = loadScenario(defaultScenarioJson());
    return load.scenario;
}

} // namespace core
