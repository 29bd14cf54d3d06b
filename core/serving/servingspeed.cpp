// Serving speed: the engine steps of prefill, decode and the steady state under load, the
// speculative drafter's steps and a vision tower's encoder, timed by the serving step model
// (core/serving/stepcost.h; the context in core/serving/servingcontext.h).
#include "core/serving/servingcontext.h"
#include "core/serving/servingstage.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "core/fields.h"
#include "core/issues.h"
#include "core/kvcache.h"
#include "core/model/imagetokens.h"
#include "core/model/layerparameters.h"
#include "core/model/layerpattern.h"
#include "core/pipeline.h"
#include "core/serving/expertload.h"
#include "core/serving/speculative.h"
#include "core/serving/stepcost.h"
#include "core/steptime.h"
#include "core/weightformat.h"
#include "core/working.h"

namespace core::servingdetail {

double peakFor(const GpuSpec& gpu, WeightFormat format)
{
    if (format == WeightFormat::Fp8 && gpu.peakFp8Tflops > 0)
        return gpu.peakFp8Tflops * 1e12;
    if (gpu.peakBf16Tflops > 0)
        return gpu.peakBf16Tflops * 1e12;
    return gpu.peakFp16Tflops * 1e12;
}

double nvfp4PeakRatio(const Scenario& s)
{
    const WeightQuantization& w = s.inference.weights;
    if (w.format != WeightFormat::Int4 || w.groupSize != 16 || w.scale != ScaleFormat::Fp8 || !(s.hardware.gpu.peakFp8Tflops > 0))
        return 0;
    return gpuStepFigures(s.hardware.gpu.preset).fp4PeakRatio;
}

double servingPeak(const Scenario& s)
{
    const double fp4 = nvfp4PeakRatio(s);
    return fp4 > 0 ? fp4 * s.hardware.gpu.peakFp8Tflops * 1e12 : peakFor(s.hardware.gpu, s.inference.weights.format);
}

bool serverEngine(ServingEngine e) { return e == ServingEngine::Vllm || e == ServingEngine::Sglang || e == ServingEngine::TensorRtLlm; }

ServingHardware servingHardware(const ServingContext& c, const ModelConstants& constants)
{
    const Scenario& s = c.s;
    const GpuSpec& gpu = s.hardware.gpu;
    const InferenceSetup& in = s.inference;
    const ParallelLayout& par = s.parallel;
    ServingHardware hw;
    hw.gemm = &gpuStepFigures(gpu.preset);
    hw.bandwidth = gpu.memoryBandwidthBytesPerSecond * hbmReadFraction();
    hw.peakFlops = servingPeak(s);
    hw.peakAttentionFlops = peakFor(gpu, WeightFormat::Bf16);
    const bool nvfp4 = nvfp4PeakRatio(s) > 0;
    // NVFP4's GEMMs take the FP8 (low-precision) GEMM efficiency measured on the GPU.
    hw.fp8 = (in.weights.format == WeightFormat::Fp8 && gpu.peakFp8Tflops > 0) || nvfp4;
    const WeightFormat f = in.weights.format;
    // Weight-only integer kernels dequantise as they read (Marlin, AWQ, GGML, tinygemm): fitted.
    // NVFP4 on FP4 tensor cores reads its weights as the tensor cores take them, as FP8 does.
    hw.weightEfficiency = !nvfp4 && (f == WeightFormat::Int8 || f == WeightFormat::Int4 || f == WeightFormat::Nf4)
        ? constants[FittedConstant::ServingWeightOnlyEfficiency] : 1.0;
    hw.hidden = c.m.hiddenSize;
    hw.tensor = c.t;
    hw.expert = c.m.isMoE() ? par.expert : 1;
    hw.experts = c.m.numExperts;
    hw.topK = c.m.moeTopK;
    // An EP group of more GPUs than the replica's TP spans several replicas (attention data-parallel,
    // SGLang --enable-dp-attention, TensorRT-LLM enable_attention_dp): each sends its rows' tokens to
    // the group's experts ("Each GPU only sees tokens routed to its local experts",
    // NVIDIA/TensorRT-LLM docs/source/features/parallel-strategy.md @ 65b31db).
    hw.expertGroupReplicas = c.m.isMoE() ? std::max(1.0, double(par.expert) * par.effectiveExpertTensor() / c.t) : 1.0;
    // The engines' one-shot all-reduce needs every pair of GPUs on NVLink (vLLM
    // custom_all_reduce.py: fully connected NVLink, else NCCL); a GPU whose GPU-to-GPU figure is no
    // more than PCIe Gen5 x16's 128 GB/s (both directions) has none.
    hw.customAllReduce = serverEngine(in.engine) && gpu.interconnectBytesPerSecond > 128e9;
    const long long node = par.gpusPerNode;
    hw.tpBusBytesPerSecond = groupLink(1, c.t, node, gpu.interconnectBytesPerSecond, gpu.networkBytesPerSecond).busBytesPerSecond;
    hw.epBusBytesPerSecond = groupLink(par.effectiveExpertTensor(), par.expert, node, gpu.interconnectBytesPerSecond, gpu.networkBytesPerSecond).busBytesPerSecond;
    hw.linkBytesPerSecond = groupLink(c.t, c.p, node, gpu.interconnectBytesPerSecond, gpu.networkBytesPerSecond).busBytesPerSecond;
    hw.engineOverhead = serverEngine(in.engine);
    hw.expertLoadDispersion = expertLoadDispersion();
    return hw;
}

double routedExpertFlopsPerToken(const ServingContext& c, const StageLayers& sr)
{
    const ModelArchitecture& m = c.m;
    if (c.countOnly || !m.isMoE() || m.numExperts <= 0)
        return 0;
    double routed = 0;
    for (LayerKind kind : kModelledKinds)
        routed += sr.kinds[kind] * c.kinds[std::size_t(kind)].routedExperts;
    return 2 * routed * double(m.moeTopK) / m.numExperts / c.t;
}

void engineSteps(const ServingContext& c, const ServingHardware& hw, double activeParameters, double qWidth, std::span<const ServingLoad> loads,
                 double context, std::span<ServingStep> out, const ModelConstants& constants)
{
    const ModelArchitecture& m = c.m;
    const bool llamaCpp = c.s.inference.engine == ServingEngine::LlamaCpp;
    for (int i = 0; i < c.p; ++i) {
        const StageLayers sr = stageRange(c, i);
        ServingStage st;
        st.layers = sr.count;
        st.moeLayers = sr.kinds[LayerKind::Moe] + (m.isMoE() ? sr.kinds[LayerKind::LinearAttention] : 0);
        st.denseWeightBytes = stageWeights(c, i, 0);
        st.expertWeightBytes = stageWeights(c, i, 1) - st.denseWeightBytes;
        // A step looks up its rows in the token embedding; it reads the whole table only as the
        // tied LM head of a single stage (llama.cpp keeps the table on the host anyway).
        if (i == 0 && !c.countOnly && !llamaCpp && !(m.tiedEmbeddings && c.p == 1))
            st.denseWeightBytes -= c.pc.embedding / c.t * c.otherBytes;
        const double share = m.numLayers > 0 ? double(sr.count) / m.numLayers : 1.0 / c.p;
        st.flopsPerToken = 2 * activeParameters * share / c.t;
        st.expertFlopsPerToken = routedExpertFlopsPerToken(c, sr);
        st.attentionWidth = qWidth / c.t;
        const int attending = m.isHybrid() ? sr.kinds[LayerKind::Dense] + sr.kinds[LayerKind::Moe] : sr.count;
        if (m.isHybrid()) // only the attention layers attend: their share of the stage's layers
            st.attentionWidth *= sr.count > 0 ? double(attending) / sr.count : 0;
        // A decode step reads each sequence's KV cache, and reads and writes its recurrent state.
        // With sparse attention it reads every token's indexer key but only the top-k tokens' latent
        // (core/kvcache.h kvReadBytesPerSequence).
        const double kvPerSequence = (m.isSparseAttention() ? kvReadBytesPerSequence(m, c.s.inference.kvCacheDtype, c.t, sr.first, sr.first + sr.count,
                                                                                    context, kvBlock(c.s))
                                                            : stageKv(c, i, context, 1))
            + 2 * stageState(c, i, 1); // linear in the sequences (kvCacheBytes)
        // Its attention FLOPs per query: the attending layers over the context (a window's layers
        // over the window), each query head of this GPU (MLA's heads are split by TP, its latent is not).
        const int global = m.isHybrid() ? attending : m.globalLayersIn(sr.first, sr.first + sr.count);
        // Sparse attention: the top-k selected tokens (DeepSeek-V3.2-Exp index_topk), and the
        // indexer's 2 · H_I · d_I FLOPs per query over every cached token, replicated on every TP
        // rank (vLLM keeps the indexer whole) and run in FP8 (below).
        const double attendedContext = m.isSparseAttention() ? std::min(context, double(m.indexTopK)) : context;
        const double positions = global * attendedContext + (attending - global) * std::min(context, double(m.slidingWindow));
        const double indexerFlops = m.isSparseAttention() && !c.countOnly ? 2.0 * m.indexNumHeads * m.indexHeadDim * attending : 0;
        // The indexer's logits run in FP8 (vLLM deepseek_v2.py @002d6073 Indexer: q quantized by
        // per_token_group_quant_fp8 against the FP8 key cache; the reference inference/kernel.py
        // fp8_index): timed at the GPU's FP8 peak where it has one, as 16-bit-equivalent FLOPs.
        const double fp8Peak = c.s.hardware.gpu.peakFlops(ComputeDType::Fp8);
        st.indexerFlopsPerPosition = indexerFlops * (fp8Peak > hw.peakAttentionFlops && hw.peakAttentionFlops > 0 ? hw.peakAttentionFlops / fp8Peak : 1.0);
        st.decodeAttentionFlops = c.countOnly ? 0
                                              : double(m.numAttentionHeads) / c.t * decodeAttentionFlopsPerHead(m) * positions
                + st.indexerFlopsPerPosition * context;
        for (std::size_t l = 0; l < loads.size(); ++l) {
            const ServingLoad& load = loads[l];
            ServingStep& o = out[l];
            st.kvReadBytes = load.decodeSequences > 0 ? kvPerSequence * load.decodeSequences : 0;
            const ServingParts parts = stageStepParts(st, hw, load, constants);
            for (std::size_t k = 0; k < kServingPartCount; ++k) {
                o.parts[k] += parts[k];
                o.seconds += parts[k];
            }
            const double touched = st.moeLayers > 0 ? touchedExperts(load.rows() * hw.expertGroupReplicas, hw.experts, hw.topK) : 1;
            o.bytes += st.denseWeightBytes + st.expertWeightBytes * touched + st.kvReadBytes;
            o.flops += st.flopsPerToken * load.rows()
                + 4 * st.attentionWidth * (load.prefillAttended + load.decodeSequences * attendedContext + load.verifyRows * attendedContext) * st.layers
                + indexerFlops * (load.prefillIndexed + (load.decodeSequences + load.verifyRows) * context);
        }
    }
    for (std::size_t l = 0; l < loads.size(); ++l) {
        ServingStep& o = out[l];
        if (c.p > 1) {
            // Each stage boundary sends the rows' hidden states (Megatron/vLLM PP: one send per step).
            const double handOff = ncclLatencySeconds()
                + (hw.linkBytesPerSecond > 0 ? loads[l].rows() * hw.hidden * hw.activationBytes / hw.linkBytesPerSecond : 0);
            o.parts[std::size_t(ServingPart::PipelineHandOff)] = (c.p - 1) * handOff;
            o.seconds += (c.p - 1) * handOff;
        }
        if (hw.engineOverhead) {
            o.parts[std::size_t(ServingPart::EngineOverhead)] = constants[FittedConstant::ServingStepOverhead];
            o.seconds += constants[FittedConstant::ServingStepOverhead];
        }
    }
}

double draftSeconds(const ServingContext& c, const ServingHardware& hw, double sequences, double context, const ModelConstants& constants)
{
    const Drafter& d = c.drafter;
    if (!d.on || sequences <= 0)
        return 0;
    ServingHardware dhw = hw;
    dhw.hidden = d.hidden;
    dhw.experts = d.experts;
    dhw.topK = d.topK;
    if (d.experts == 0)
        dhw.expert = 1;
    ServingStage st = d.step;
    st.kvReadBytes = drafterKv(c, context) * sequences;
    const ServingParts parts = stageStepParts(st, dhw, ServingLoad{sequences, 0, 0}, constants);
    double one = 0;
    for (double v : parts)
        one += v;
    return d.k * one;
}

void servingSpeed(const ServingContext& c, const ServingMemoryPass& memory, Estimate& out, Working* w, const ModelConstants& constants)
{
    const Scenario& s = c.s;
    const InferenceSetup& in = s.inference;
    const ModelArchitecture& m = c.m;
    InferenceEstimate& r = out.inference;
    const double context = double(in.context());
    const double batch = double(in.batchSize);
    const ServingEngine engine = in.engine;
    const double perSequence = memory.perSequence;
    // Prefill and decode: engine steps timed by the serving step model (core/serving/stepcost.h).
    const double prompt = double(in.promptLength);
    // Layers attending to the whole context (all of them without a window): the per-layer sum
    // of globalLayersIn(l, l + 1) telescopes to the closed form.
    // A hybrid attends only in its attention layers (no window: validation).
    const KindCounts wholeKinds = layerPattern(m).countsIn(0, m.numLayers);
    const double attentionLayers = m.isHybrid() ? double(wholeKinds[LayerKind::Dense] + wholeKinds[LayerKind::Moe]) : m.globalLayersIn(0, m.numLayers);
    const int windowed = m.isHybrid() ? 0 : m.numLayers - int(attentionLayers);
    const double qWidth = m.isMla() ? double(m.numAttentionHeads) * (double(m.qkNopeHeadDim) + m.qkRopeHeadDim + m.vHeadDim) / 2
                                    : double(m.numAttentionHeads) * m.effectiveHeadDim();
    auto attendedSum = [&](double span) { return attentionLayers * span + windowed * std::min(span, double(m.slidingWindow)); };
    const double peak = servingPeak(s);
    const double replicaGpus = double(c.t) * c.p;
    // Prefix caching: only the prompt tokens not found in the cache are computed; each of them still
    // attends to the cached positions before it (core/serving/speculative.h).
    const double computed = uncachedPromptTokens(prompt, in.prefixCacheHitRate, kvBlock(s));
    const double cached = prompt - computed;
    r.prefixCacheHitRate = in.prefixCacheHitRate;
    r.prefillTokensPerRequest = computed;
    // Sparse attention (DeepSeek-V3.2-Exp): each prompt token attends to at most index_topk positions,
    // and the indexer scores all the positions before it at 2 · H_I · d_I FLOPs each (its fp8 logits).
    const bool sparse = m.isSparseAttention();
    const double meanPosition = (prompt + cached) / 2;
    const double sparseAttended = sparse ? attentionLayers * sparseAttendedMean(m, cached, prompt) : 0; // per token, all layers
    const double indexerFlops = sparse ? 2.0 * m.indexNumHeads * m.indexHeadDim * attentionLayers : 0;  // per scored position, all layers
    r.prefillFlops = sparse ? batch * computed * (2 * out.parameters.active + 4 * qWidth * sparseAttended + indexerFlops * meanPosition)
                            : batch * computed * (2 * out.parameters.active + 2 * qWidth * attendedSum(prompt + cached));
    const ServingHardware hw = servingHardware(c, constants);
    const double averageContext = prompt + double(in.generatedTokens) / 2;
    // Prefill: the batch's prompts in chunks of max_batched_tokens (HF: all at once), each chunk
    // one engine step; the causal attention of each token spans the positions before it. A stated
    // MFU replaces the model.
    const double promptTokens = batch * computed;
    const double chunk = engine == ServingEngine::HfTransformers ? promptTokens
                                                                  : std::min(promptTokens, double(std::max<std::int64_t>(1, in.maxBatchedTokens)));
    const double chunks = chunk > 0 ? std::ceil(promptTokens / chunk - 1e-9) : 0;
    const double perTokenAttended = sparse ? sparseAttended : attendedSum((prompt + cached) / 2); // all layers
    const double perLayerAttended = m.numLayers > 0 ? batch * computed * perTokenAttended / m.numLayers : 0;
    // Speculative decoding: each decoding sequence brings q = k + 1 rows to a target step, which
    // yields E tokens on average (core/serving/speculative.h); without it q = E = 1.
    const Drafter& drafter = c.drafter;
    const double q = drafter.on ? double(drafter.k) + 1 : 1.0;
    const double E = drafter.on ? drafter.tokensPerStep : 1.0;

    // Continuous batching in the steady state: `batch` requests are running; while one decodes, the
    // others' prompts are prefilled in its steps (chunked prefill). Each engine step has a token
    // budget: the running requests' decode tokens first, then waiting prompts chunked into what is
    // left (vllm-project/vllm vllm/v1/core/sched/scheduler.py @ 00024d3, Scheduler.schedule():
    // "token_budget = self.max_num_scheduled_tokens", running requests first, then
    // "num_new_tokens = min(num_new_tokens, token_budget)" for waiting prompts; TensorRT-LLM
    // max_num_tokens; SGLang chunked_prefill_size). Over a request's OSL − 1 decode steps, each
    // other request brings ISL prompt tokens; if the budget cannot carry that, fewer requests run.
    const double osl = std::max(1.0, double(in.generatedTokens));
    const double budget = engine == ServingEngine::HfTransformers || in.maxBatchedTokens <= 0 ? 1e18 : double(in.maxBatchedTokens);
    // With speculation a request decodes in (OSL − 1) / E steps, and each running request's q rows
    // count against the budget (vLLM schedules the draft tokens as the request's new tokens).
    const double perStep = computed / std::max(1.0, (osl - 1) / E); // prompt tokens per step per other request
    double running = std::max(1.0, batch);
    double prefillRows = (running - 1) * perStep;
    if (running * q + prefillRows > budget) {
        running = std::max(1.0, std::min(running, (budget + perStep) / (q + perStep)));
        prefillRows = std::max(0.0, std::min((running - 1) * perStep, budget - running * q));
    }
    const double attendedPerToken = m.numLayers > 0 ? perTokenAttended / m.numLayers : 0;
    // The request's own prompt: chunks of what the budget leaves beside the others' decode rows.
    const double others = running - 1;
    const double room = std::max(1.0, std::min(computed, budget - others * q));
    const double ownChunks = computed > 0 ? std::ceil(computed / room - 1e-9) : 0;
    const double ownTokens = ownChunks > 0 ? computed / ownChunks : 0;

    // The four steps, timed in one pass over the stages: a decode step alone, a prefill chunk,
    // a step under load (ITL) and one of the request's own prompt chunks beside the others.
    enum StepKind { kDecodeStep, kPrefillStep, kLoadedStep, kOwnChunkStep, kStepKinds };
    const double k = q - 1; // draft rows per decoding sequence
    const ServingLoad loads[kStepKinds] = {
        ServingLoad{batch, 0, 0, batch * k},
        ServingLoad{0, chunks > 0 ? promptTokens / chunks : 0, chunks > 0 ? perLayerAttended / chunks : 0, 0,
                    sparse && chunks > 0 ? promptTokens / chunks * meanPosition : 0},
        ServingLoad{running, prefillRows, prefillRows * attendedPerToken, running * k, sparse ? prefillRows * meanPosition : 0},
        ServingLoad{others, ownTokens, ownTokens * perTokenAttended / std::max(1, m.numLayers), others * k, sparse ? ownTokens * meanPosition : 0},
    };
    ServingStep steps[kStepKinds]{};
    engineSteps(c, hw, out.parameters.active, qWidth, loads, averageContext, steps, constants);

    const ServingStep& decode = steps[kDecodeStep];
    r.decodeParts = decode.parts;
    r.decodeStepSeconds = decode.seconds;
    if (drafter.on) {
        // The time per output token: (verify step + the drafter's k steps) / E.
        r.speculative = true;
        r.speculativeTokensPerStep = E;
        r.verifyStepSeconds = decode.seconds;
        r.draftSeconds = draftSeconds(c, hw, batch, averageContext, constants);
        r.decodeStepSeconds = (r.verifyStepSeconds + r.draftSeconds) / E;
        r.draftWeightBytes = drafter.weights;
        r.draftKvBytesPerSequence = drafterKv(c, context);
    }
    r.decodeBytesPerStep = decode.bytes * c.t;
    r.decodeFlopsPerStep = decode.flops * c.t;
    if (s.hardware.mfu > 0) {
        r.prefillSeconds = r.prefillFlops / (replicaGpus * peak * s.hardware.mfu);
    } else if (chunks > 0) {
        const ServingStep& step = steps[kPrefillStep];
        r.prefillParts = step.parts;
        for (double& v : r.prefillParts)
            v *= chunks;
        r.prefillSeconds = step.seconds * chunks;
    }
    r.prefillChunks = chunks;
    // A vision-language model's images (their tokens are already in the prompt: core/model/
    // imagetokens.h): the encoder runs over a request's images before its prompt's first chunk
    // (vLLM gpu_model_runner.py _execute_mm_encoder, in the step that schedules the image's
    // placeholder tokens). Its GEMMs at the 16-bit GEMM efficiency at the tile's rows, its
    // attention at the fused kernel's forward fraction, on the replica's TP group.
    const VisionTower vision = c.countOnly ? VisionTower{} : visionTower(m);
    const double imagesPerRequest = vision.total > 0 ? double(in.imagesPerRequest) : 0;
    if (imagesPerRequest > 0) {
        const double peak16 = peakFor(s.hardware.gpu, WeightFormat::Bf16);
        const double w = m.visionHiddenSize;
        const double gemmEff = hw.gemm ? gemmEfficiency(*hw.gemm, false, std::max(vision.sequencePerTile, hw.gemm->mamfM), w, w, constants) : 0;
        const double attnEff = hw.gemm ? hw.gemm->attentionForward : 0;
        const double seconds = gemmEff > 0 && attnEff > 0 && peak16 > 0
            ? (vision.forwardGemmFlopsPerImage / gemmEff + vision.forwardAttentionFlopsPerImage / attnEff) / (c.t * peak16)
            : 0;
        r.visionSecondsPerImage = seconds;
        r.prefillFlops += batch * imagesPerRequest * vision.forwardFlopsPerImage;
        if (s.hardware.mfu > 0)
            r.prefillSeconds = r.prefillFlops / (replicaGpus * peak * s.hardware.mfu);
        else
            r.prefillSeconds += batch * imagesPerRequest * seconds;
    }
    r.imageTokensPerRequest = double(scenarioImageTokens(s));
    r.visionWeightBytes = stageVisionWeights(c, 0);

    double queueSeconds = 0;
    {
        const ServingStep& itl = steps[kLoadedStep];
        r.runningRequests = running;
        r.prefillTokensPerStep = prefillRows;
        r.itlParts = itl.parts;
        r.itlSeconds = itl.seconds;
        if (drafter.on)
            r.itlSeconds = (itl.seconds + draftSeconds(c, hw, running, averageContext, constants)) / E;
        if (s.hardware.mfu > 0 && batch <= 1)
            r.ttftSeconds = r.prefillSeconds;
        else if (ownChunks > 0)
            r.ttftSeconds = ownChunks * (steps[kOwnChunkStep].seconds + draftSeconds(c, hw, others, averageContext, constants));
        if (imagesPerRequest > 0 && !(s.hardware.mfu > 0 && batch <= 1))
            r.ttftSeconds += imagesPerRequest * r.visionSecondsPerImage; // its own images, encoded first
        r.ttftChunks = ownChunks;
        r.requestSeconds = r.ttftSeconds + (osl - 1) * r.itlSeconds;
        r.throughputPerReplica = r.requestSeconds > 0 ? running * osl / r.requestSeconds : 0;
        // Queueing: of `batch` requests kept in flight by closed-loop clients (a benchmark's
        // concurrency), those the budget does not admit wait for a slot. Requests leave at
        // running / request seconds, so the batch − running waiting ones wait (batch − running) ×
        // request seconds / running before their prompt starts (Little's law, L = λW).
        queueSeconds = running < batch && running > 0 ? (batch - running) * r.requestSeconds / running : 0;
        r.ttftSeconds += queueSeconds;
    }
    const double bandwidth = s.hardware.gpu.memoryBandwidthBytesPerSecond;
    r.tokensPerSecondPerSequence = r.decodeStepSeconds > 0 ? 1 / r.decodeStepSeconds : 0;
    r.tokensPerSecondPerReplica = batch * r.tokensPerSecondPerSequence;
    r.tokensPerSecondTotal = r.tokensPerSecondPerReplica * r.replicas;
    r.arithmeticIntensity = r.decodeBytesPerStep > 0 ? r.decodeFlopsPerStep / r.decodeBytesPerStep : 0;
    r.ridgePoint = bandwidth > 0 ? peak / bandwidth : 0;
    r.memoryBound = r.arithmeticIntensity < r.ridgePoint;

    if (w) {
        if (m.isSparseAttention()) // MLA's latent + the indexer's FP8 key and its scale (Term::SparseAttention)
            w->add(Term::KvBytesPerToken, kWholeJob, r.kvBytesPerTokenPerLayer,
                   {{"d_c", double(m.kvLoraRank), Unit::Count}, {"d_rope", double(m.qkRopeHeadDim), Unit::Count},
                    {"indexer key", indexerKeyBytesPerToken(m), Unit::Bytes}});
        else
            w->add(Term::KvBytesPerToken, kWholeJob, r.kvBytesPerTokenPerLayer,
                   m.isMla() ? std::initializer_list<Substitution>{{"d_c", double(m.kvLoraRank), Unit::Count}, {"d_rope", double(m.qkRopeHeadDim), Unit::Count}}
                             : std::initializer_list<Substitution>{{"g", double(m.numQueryGroups), Unit::Count}, {"t", double(c.t), Unit::Count},
                                                                   {"d", double(m.effectiveHeadDim()), Unit::Count}});
        if (m.isSparseAttention())
            w->add(Term::SparseAttention, kWholeJob, std::min(averageContext, double(m.indexTopK)),
                   {{"context", averageContext, Unit::Tokens}, {"k", double(m.indexTopK), Unit::Tokens},
                    {"indexer key", indexerKeyBytesPerToken(m), Unit::Bytes}, {"H_I", double(m.indexNumHeads), Unit::Count},
                    {"d_I", double(m.indexHeadDim), Unit::Count}});
        if (r.stateBytesPerSequence > 0)
            w->add(Term::MaxBatch, kWholeJob, r.maxBatchAtContext, {{"free", r.freeBytesForKv, Unit::Bytes}, {"KV + state per sequence", perSequence, Unit::Bytes}});
        else
            w->add(Term::MaxBatch, kWholeJob, r.maxBatchAtContext, {{"free", r.freeBytesForKv, Unit::Bytes}, {"KV per sequence", perSequence, Unit::Bytes}});
        w->add(Term::MaxContext, kWholeJob, r.maxContextAtBatch, {{"free", r.freeBytesForKv, Unit::Bytes}, {"batch", batch, Unit::Count}});
        auto part = [](const ServingParts& p, ServingPart k) { return p[std::size_t(k)]; };
        const ServingParts& pp = r.prefillParts;
        w->add(Term::PrefillSeconds, kWholeJob, r.prefillSeconds,
               {{"N", out.parameters.active, Unit::Count}, {"batch", batch, Unit::Count}, {"prompt", prompt, Unit::Tokens},
                {"chunks", chunks, Unit::Count}, {"n", replicaGpus, Unit::Count}, {"peak", peak, Unit::FlopsPerSecond},
                {"linear", part(pp, ServingPart::Weights) + part(pp, ServingPart::Compute), Unit::Seconds},
                {"attention", part(pp, ServingPart::Attention), Unit::Seconds}, {"layer floor", part(pp, ServingPart::LayerFloor), Unit::Seconds},
                {"TP all-reduce", part(pp, ServingPart::TensorParallel), Unit::Seconds}, {"EP", part(pp, ServingPart::ExpertParallel), Unit::Seconds},
                {"PP hand-off", part(pp, ServingPart::PipelineHandOff), Unit::Seconds}, {"engine", part(pp, ServingPart::EngineOverhead), Unit::Seconds}},
               {}, s.hardware.mfu > 0 ? "2·N·batch·prompt (+ attention) / (n · peak · MFU)" : std::string_view{});
        const ServingParts& dp = r.decodeParts;
        // The busiest EP rank's routed pairs over the mean's in the decode step (core/serving/expertload.h).
        ServingStage moe;
        moe.layers = 1;
        moe.moeLayers = m.isMoE() ? 1 : 0;
        const double decodeBusiestRank = expertLoadFactor(moe, hw, batch * q);
        if (in.prefixCacheHitRate > 0)
            w->add(Term::PrefixCacheHit, kWholeJob, computed,
                   {{"prompt", prompt, Unit::Tokens}, {"hit", in.prefixCacheHitRate, Unit::Fraction}, {"block", double(kvBlock(s)), Unit::Tokens},
                    {"cached", cached, Unit::Tokens}});
        // With speculation the step below is the target's verification of k + 1 rows per sequence.
        w->add(drafter.on ? Term::SpeculativeVerifyStep : Term::DecodeStepSeconds, kWholeJob, decode.seconds,
               {{"bytes read", r.decodeBytesPerStep, Unit::Bytes}, {"bandwidth", bandwidth, Unit::Bytes},
                {"achievable", hbmReadFraction(), Unit::Fraction}, {"FLOPs", r.decodeFlopsPerStep, Unit::Flops},
                {"attention compute share", decodeAttentionComputeFraction(), Unit::Fraction},
                {"busiest EP rank", decodeBusiestRank, Unit::Count},
                {"weights", part(dp, ServingPart::Weights), Unit::Seconds}, {"compute", part(dp, ServingPart::Compute), Unit::Seconds},
                {"KV read", part(dp, ServingPart::KvRead), Unit::Seconds}, {"layer floor", part(dp, ServingPart::LayerFloor), Unit::Seconds},
                {"TP all-reduce", part(dp, ServingPart::TensorParallel), Unit::Seconds}, {"EP", part(dp, ServingPart::ExpertParallel), Unit::Seconds},
                {"PP hand-off", part(dp, ServingPart::PipelineHandOff), Unit::Seconds}, {"engine", part(dp, ServingPart::EngineOverhead), Unit::Seconds}});
        if (drafter.on) {
            w->add(Term::SpeculativeTokensPerStep, kWholeJob, E,
                   {{"α", in.acceptanceRate, Unit::Fraction}, {"k", double(drafter.k), Unit::Count}});
            w->add(Term::SpeculativeDraftSeconds, kWholeJob, r.draftSeconds,
                   {{"k", double(drafter.k), Unit::Count}, {"drafter layers", double(drafter.step.layers), Unit::Count},
                    {"bytes read per draft step", drafter.step.denseWeightBytes, Unit::Bytes}, {"batch", batch, Unit::Count}});
            w->add(Term::SpeculativeTpot, kWholeJob, r.decodeStepSeconds,
                   {{"verify step", r.verifyStepSeconds, Unit::Seconds}, {"drafting", r.draftSeconds, Unit::Seconds},
                    {"tokens per step", E, Unit::Count}});
        }
        w->add(Term::DecodeTokensPerSecond, kWholeJob, r.tokensPerSecondPerSequence, {{"step", r.decodeStepSeconds, Unit::Seconds}});
        const ServingParts& ip = r.itlParts;
        const double shownBudget = engine == ServingEngine::HfTransformers ? 0.0 : double(in.maxBatchedTokens);
        w->add(Term::ItlSeconds, kWholeJob, r.itlSeconds,
               {{"running", r.runningRequests, Unit::Count}, {"prompt tokens/step", r.prefillTokensPerStep, Unit::Tokens},
                {"token budget", shownBudget, Unit::Tokens}, {"linear", part(ip, ServingPart::Weights) + part(ip, ServingPart::Compute), Unit::Seconds},
                {"KV read", part(ip, ServingPart::KvRead), Unit::Seconds}, {"attention", part(ip, ServingPart::Attention), Unit::Seconds},
                {"layer floor", part(ip, ServingPart::LayerFloor), Unit::Seconds}, {"TP all-reduce", part(ip, ServingPart::TensorParallel), Unit::Seconds},
                {"EP", part(ip, ServingPart::ExpertParallel), Unit::Seconds}, {"PP hand-off", part(ip, ServingPart::PipelineHandOff), Unit::Seconds},
                {"engine", part(ip, ServingPart::EngineOverhead), Unit::Seconds}});
        w->add(Term::TtftSeconds, kWholeJob, r.ttftSeconds,
               {{"prompt", prompt, Unit::Tokens}, {"running", r.runningRequests, Unit::Count}, {"token budget", shownBudget, Unit::Tokens},
                {"own chunks", r.ttftChunks, Unit::Count}, {"queue", queueSeconds, Unit::Seconds}});
        if (imagesPerRequest > 0) {
            w->add(Term::VisionEncoderSeconds, kWholeJob, r.visionSecondsPerImage,
                   {{"images", imagesPerRequest, Unit::Count}, {"GEMM", vision.forwardGemmFlopsPerImage, Unit::Flops},
                    {"attention", vision.forwardAttentionFlopsPerImage, Unit::Flops}, {"t", double(c.t), Unit::Count},
                    {"weights", r.visionWeightBytes, Unit::Bytes}, {"image tokens", r.imageTokensPerRequest, Unit::Tokens}});
        }
        w->add(Term::ArithmeticIntensity, kWholeJob, r.arithmeticIntensity, {{"ridge", r.ridgePoint, Unit::Count}}, {},
               r.memoryBound ? "FLOPs / bytes < ridge: memory-bound" : "FLOPs / bytes ≥ ridge: compute-bound");
    }
}

} // namespace core::servingdetail
