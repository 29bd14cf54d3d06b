#include "core/accuracy/evaluation.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/calibration/residuals.h"

namespace core {

namespace {

double tokensPerStep(const Scenario& s) { return double(s.training.globalBatchSize) * double(s.training.seqLength); }

/// The causal attention core's FLOPs per token, forward and backward, as compute.cpp counts them
/// (Megatron: QKᵀ and ·V, 6·s·a·d·L; MLA with its own head dims). Full (non-causal) attention
/// is twice this.
double causalAttentionFlops(const Scenario& s, const ModelArchitecture& m)
{
    const double seq = double(s.training.seqLength);
    if (m.isMla())
        return 3 * seq * double(m.numAttentionHeads) * (double(m.qkNopeHeadDim) + m.qkRopeHeadDim + m.vHeadDim) * m.numLayers;
    return 6 * seq * double(m.numAttentionHeads) * m.effectiveHeadDim() * m.numLayers;
}

/// The source's FLOPs for one optimizer step, by its convention; 0 when it has none.
double conventionFlops(const CorpusRow& row, const Estimate& e)
{
    const Scenario& s = row.scenario;
    const double tokens = tokensPerStep(s);
    const ParameterCounts& pc = e.parameters;
    const ModelArchitecture& m = e.shape;
    switch (row.convention) {
    case FlopConvention::None: return 0;
    case FlopConvention::MegatronModel: return e.compute.modelFlopsPerIteration;
    case FlopConvention::MegatronHardware: return e.compute.hardwareFlopsPerIteration;
    case FlopConvention::MegatronFullAttention: return e.compute.modelFlopsPerIteration + causalAttentionFlops(s, m) * tokens;
    case FlopConvention::NarayananRecompute: {
        // Four passes of the layers (the forward once more) with full attention, three of the logits.
        const double logits = 6.0 * m.hiddenSize * pc.paddedVocab * tokens;
        const double layers = e.compute.modelFlopsPerIteration + causalAttentionFlops(s, m) * tokens - logits;
        return layers * 4 / 3 + logits;
    }
    case FlopConvention::SixNdTotal: return 6 * pc.total * tokens;
    case FlopConvention::SixNdActive: return 6 * pc.active * tokens;
    case FlopConvention::SixNdNonEmbedding: return 6 * (pc.total - pc.embedding - pc.positionEmbedding) * tokens;
    case FlopConvention::Palm: {
        // PaLM App. B, as torchtitan counts it: 6N + 12·L·H·Q·T per token, N without the embedding.
        const double n = pc.total - pc.embedding - pc.positionEmbedding;
        const double attention = 12.0 * m.numLayers * double(m.numAttentionHeads) * m.effectiveHeadDim() * double(s.training.seqLength);
        return (6 * n + attention) * tokens;
    }
    case FlopConvention::Count: break;
    }
    return 0;
}

/// The measured step in seconds from what the source printed; 0 with `why` set when it cannot be.
double measuredStepSeconds(const CorpusRow& row, const Estimate& e, std::string& why)
{
    const Scenario& s = row.scenario;
    const double gpus = s.parallel.gpus, v = row.value;
    const std::string& q = row.quantity;
    if (q == "step_seconds")
        return v;
    if (q == "tokens_per_second_per_gpu")
        return tokensPerStep(s) / (v * gpus);
    if (q == "tokens_per_second")
        return tokensPerStep(s) / v;
    if (q == "gpu_hours_per_trillion_tokens")
        return v * 3600.0 / gpus * tokensPerStep(s) / 1e12;
    if (q == "days_to_train") {
        const double steps = s.training.trainTokens / tokensPerStep(s);
        return steps > 0 ? v * 86400.0 / steps : 0;
    }
    const double flops = conventionFlops(row, e);
    if (q == "model_tflops_per_gpu" || q == "hardware_tflops_per_gpu" || q == "tflops_per_gpu") {
        if (!(flops > 0))
            why = "a TFLOP/s figure without a FLOP convention";
        return flops > 0 ? flops / (v * 1e12 * gpus) : 0;
    }
    if (q == "mfu") {
        const double peak = row.peakTflops > 0 ? row.peakTflops * 1e12 : e.compute.peakFlopsPerGpu;
        if (!(flops > 0))
            why = "an MFU without a FLOP convention";
        if (v > 1)
            why = "an MFU above 1 (a percentage written as a fraction?)";
        return flops > 0 && v <= 1 ? flops / (v * peak * gpus) : 0;
    }
    why = "a quantity the step-time corpus does not know: " + q;
    return 0;
}

std::optional<MeasuredQuantity> memoryQuantity(std::string_view q)
{
    struct Name { std::string_view name; MeasuredQuantity quantity; };
    static constexpr Name kNames[] = {
        {"allocated_peak_bytes", MeasuredQuantity::MaxAllocated}, {"max_allocated", MeasuredQuantity::MaxAllocated},
        {"reserved_peak_bytes", MeasuredQuantity::MaxReserved}, {"max_reserved", MeasuredQuantity::MaxReserved},
        {"allocated_bytes", MeasuredQuantity::Allocated}, {"allocated", MeasuredQuantity::Allocated},
        {"reserved_bytes", MeasuredQuantity::Reserved}, {"reserved", MeasuredQuantity::Reserved},
        {"device_bytes", MeasuredQuantity::DeviceUsed}, {"device_used", MeasuredQuantity::DeviceUsed},
        {"kv_pool_bytes", MeasuredQuantity::KvCache}, {"kv_cache", MeasuredQuantity::KvCache},
        {"weights_bytes", MeasuredQuantity::Weights}, {"weights", MeasuredQuantity::Weights},
        {"activation_peak_bytes", MeasuredQuantity::ActivationPeak}, {"activation_peak", MeasuredQuantity::ActivationPeak},
        {"compute_buffer_bytes", MeasuredQuantity::ActivationPeak},
    };
    for (const Name& n : kNames)
        if (n.name == q)
            return n.quantity;
    return std::nullopt;
}

const RankGroup* groupOf(const Estimate& e, int rank)
{
    if (e.groups.empty())
        return nullptr;
    if (rank < 0)
        return &e.fullest();
    for (const RankGroup& g : e.groups)
        if (rank >= g.firstRank && rank <= g.lastRank && g.phase != GroupPhase::RlRolloutPhase)
            return &g;
    return nullptr;
}

double servingMeasured(const CorpusRow& row, std::string& why)
{
    const std::string& q = row.quantity;
    const double v = row.value;
    const Scenario& s = row.scenario;
    const double replicaGpus = double(s.parallel.tensor) * s.parallel.pipeline;
    const std::string& scope = row.scope;
    if (q == "tpot_seconds" || q == "itl_seconds" || q == "ttft_seconds")
        return v;
    if (q == "prefill_tokens_per_second") {
        // One prompt's tokens over the rate it was processed at: the prefill's time.
        if (scope == "per_sequence")
            return double(s.inference.promptLength) / v;
        why = "a prefill rate per " + (scope.empty() ? std::string("job") : scope) + " (only one sequence's is compared)";
        return 0;
    }
    const bool rate = q == "output_tokens_per_second" || q == "output_tokens_per_second_per_gpu"
        || q == "output_tokens_per_second_per_replica" || q == "output_tokens_per_second_per_sequence";
    if (!rate) {
        why = "a quantity the serving corpus does not know: " + q;
        return 0;
    }
    // Output tokens per second: one sequence's stream (the decode step it implies), or a rate
    // per GPU of the deployment.
    std::string per = scope;
    if (q == "output_tokens_per_second_per_gpu")
        per = "per_gpu";
    else if (q == "output_tokens_per_second_per_replica")
        per = "per_replica";
    else if (q == "output_tokens_per_second_per_sequence")
        per = "per_sequence";
    if (per == "per_sequence")
        return 1 / v;
    if (per == "per_gpu" || per == "per_rank")
        return v;
    if (per == "per_replica")
        return replicaGpus > 0 ? v / replicaGpus : 0;
    if (per == "per_node")
        return s.parallel.gpusPerNode > 0 ? v / s.parallel.gpusPerNode : 0;
    return s.parallel.gpus > 0 ? v / s.parallel.gpus : 0; // the job's
}

} // namespace

bool predictedFigure(const CorpusRow& row, const Scenario& used, const Estimate& e, double& value)
{
    value = 0;
    if (!e.valid)
        return false;
    switch (row.figure) {
    case AccuracyFigure::StepSeconds: value = e.compute.modelStepSeconds; return value > 0;
    // A static batch decodes in lockstep after its prefill; an engine that batches continuously
    // decodes each stream beside the others' prompt chunks (core/serving, issue 27 item 2).
    case AccuracyFigure::Tpot: value = row.staticBatch ? e.inference.decodeStepSeconds : e.inference.itlSeconds; return value > 0;
    case AccuracyFigure::Ttft: value = row.staticBatch ? e.inference.prefillSeconds : e.inference.ttftSeconds; return value > 0;
    case AccuracyFigure::OutputThroughput: {
        const InferenceSetup& in = used.inference;
        const double replicaGpus = double(used.parallel.tensor) * used.parallel.pipeline;
        if (!(replicaGpus > 0))
            return false;
        if (row.staticBatch || row.decodeOnly) {
            // A static batch: B·ISL prompt tokens prefilled, then OSL decode steps (a decode pool
            // measured alone: the steps only), per GPU of the replica.
            const double osl = double(in.generatedTokens), step = e.inference.decodeStepSeconds;
            const double seconds = (row.decodeOnly ? 0 : e.inference.prefillSeconds) + osl * step;
            value = seconds > 0 ? double(in.batchSize) * osl / seconds / replicaGpus : 0;
        } else {
            value = e.inference.throughputPerReplica / replicaGpus;
        }
        return value > 0;
    }
    default: break;
    }
    const std::optional<MeasuredQuantity> q = memoryQuantity(row.quantity);
    const RankGroup* g = groupOf(e, row.rank);
    if (!q || !g)
        return false;
    bool known = false;
    value = predictedFor(*g, *q, known);
    return known;
}

RowResult evaluateRow(const CorpusRow& row, Estimate& e, const ModelConstants* constants)
{
    EstimateOptions options;
    options.constants = constants;
    RowResult r;
    if (!row.usable) {
        r.why = row.unusable;
        return r;
    }
    estimate(row.scenario, e, nullptr, options);
    if (!e.valid) {
        r.why = "the scenario is not valid";
        return r;
    }
    Scenario loaded;
    const Scenario* used = &row.scenario;
    if (row.maxLoad && row.scenario.mode == Mode::Inference) {
        // Maximum load: the largest batch that fits at the row's context, capped at the engine's
        // running-request limit (the corpus's rule for rows that state no batch).
        const double fits = std::floor(e.inference.maxBatchAtContext);
        loaded = row.scenario;
        double cap = double(row.scenario.inference.maxNumSeqs);
        if (row.scenario.inference.engine == ServingEngine::TensorRtLlm) {
            // trtllm-bench sizes the engine for the dataset: the requests whose ISL + OSL fit the KV
            // cache, at most 4096 / PP, and max_num_tokens = that × (1 + ISL/OSL) up to 32768, rounded
            // up to 256 (under 4096; at least 2048), 512 (under 8192) or 1024
            // (NVIDIA/TensorRT-LLM tensorrt_llm/bench/build/tuning.py @ 04cba88, finetune_setting():
            // "raw_bs = min(kv_cache_max_requests, 4096) / pp_size", "raw_token = min(raw_bs * (1 +
            // input_len / output_len), 32768)"). The scheduler admits what the cache holds.
            const InferenceSetup& in = row.scenario.inference;
            const double pp = std::max(1, row.scenario.parallel.pipeline);
            cap = std::floor(4096 / pp);
            const double raw = std::min(fits, cap);
            const double tokens = std::min(raw * (1 + double(in.promptLength) / std::max<double>(1, double(in.generatedTokens))), 32768.0);
            const double step = tokens < 4096 ? 256 : tokens < 8192 ? 512 : 1024;
            loaded.inference.maxBatchedTokens = std::int64_t(std::max(2048.0, std::ceil(tokens / step) * step));
        }
        const double batch = std::min(fits, cap);
        if (!(batch >= 1)) {
            r.why = "not one sequence fits at this context";
            return r;
        }
        loaded.inference.batchSize = std::int64_t(batch);
        used = &loaded;
        estimate(loaded, e, nullptr, options);
        if (!e.valid) {
            r.why = "the scenario is not valid at its largest batch";
            return r;
        }
    }
    switch (corpusOf(row.figure)) {
    case CorpusKind::StepTime: r.measured = measuredStepSeconds(row, e, r.why); break;
    case CorpusKind::Memory: r.measured = row.value; break;
    case CorpusKind::Serving: r.measured = servingMeasured(row, r.why); break;
    case CorpusKind::Count: break;
    }
    if (!(r.measured > 0) || !std::isfinite(r.measured)) {
        if (r.why.empty())
            r.why = "no measured figure";
        return r;
    }
    if (!predictedFigure(row, *used, e, r.predicted)) {
        r.why = "the estimate has no figure for " + row.quantity;
        return r;
    }
    r.heldOut = r.predicted;
    r.usable = true;
    return r;
}

ErrorSummary summarize(std::span<const double> errors, double tolerance)
{
    ErrorSummary s;
    s.tolerance = tolerance;
    s.rows = int(errors.size());
    if (errors.empty())
        return s;
    std::vector<double> sorted(errors.begin(), errors.end());
    std::vector<double> absolute;
    absolute.reserve(sorted.size());
    for (double e : sorted) {
        absolute.push_back(std::fabs(e));
        if (std::fabs(e) <= tolerance)
            ++s.within;
    }
    std::sort(sorted.begin(), sorted.end());
    std::sort(absolute.begin(), absolute.end());
    // Percentile p by linear interpolation between order statistics at (n − 1)·p (Hyndman & Fan
    // 1996 definition 7, numpy's default): the same rule for the median, the 10th and the 90th.
    auto percentile = [](const std::vector<double>& v, double p) {
        const double at = (double(v.size()) - 1) * p;
        const std::size_t i = std::size_t(std::floor(at));
        const double f = at - double(i);
        return i + 1 < v.size() ? v[i] + f * (v[i + 1] - v[i]) : v.back();
    };
    s.medianAbs = percentile(absolute, 0.5);
    s.low = percentile(sorted, 0.1);
    s.high = percentile(sorted, 0.9);
    return s;
}

std::vector<RowResult> evaluateCorpus(const Corpus& corpus)
{
    std::vector<RowResult> out;
    out.reserve(corpus.rows.size());
    Estimate scratch;
    for (const CorpusRow& row : corpus.rows)
        out.push_back(evaluateRow(row, scratch));
    return out;
}

std::string_view corpusKindName(CorpusKind k)
{
    switch (k) {
    case CorpusKind::StepTime: return "steptime";
    case CorpusKind::Memory: return "memory";
    case CorpusKind::Serving: return "serving";
    case CorpusKind::Count: break;
    }
    return "";
}

std::string_view accuracyFigureName(AccuracyFigure f)
{
    switch (f) {
    case AccuracyFigure::StepSeconds: return "step_seconds";
    case AccuracyFigure::AllocatedPeak: return "allocated_peak";
    case AccuracyFigure::AllocatedAfterStep: return "allocated_after_step";
    case AccuracyFigure::ReservedPeak: return "reserved_peak";
    case AccuracyFigure::Device: return "device";
    case AccuracyFigure::Weights: return "weights";
    case AccuracyFigure::KvPool: return "kv_pool";
    case AccuracyFigure::ActivationPeak: return "activation_peak";
    case AccuracyFigure::Tpot: return "tpot";
    case AccuracyFigure::Ttft: return "ttft";
    case AccuracyFigure::OutputThroughput: return "output_throughput";
    case AccuracyFigure::Count: break;
    }
    return "";
}

CorpusKind corpusOf(AccuracyFigure f)
{
    switch (f) {
    case AccuracyFigure::StepSeconds: return CorpusKind::StepTime;
    case AccuracyFigure::Tpot:
    case AccuracyFigure::Ttft:
    case AccuracyFigure::OutputThroughput: return CorpusKind::Serving;
    default: return CorpusKind::Memory;
    }
}

} // namespace core
