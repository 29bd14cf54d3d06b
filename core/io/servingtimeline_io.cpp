#include "core/io/servingtimeline_io.h"

#include <cstdio>

#include "core/io/jsondocument.h"
#include "core/timeline/servingtimeline.h"

namespace core {

namespace {

const char* engineName(ServingEngine e)
{
    switch (e) {
    case ServingEngine::Vllm: return "vLLM";
    case ServingEngine::Sglang: return "SGLang";
    case ServingEngine::HfTransformers: return "HF transformers";
    case ServingEngine::LlamaCpp: return "llama.cpp";
    case ServingEngine::TensorRtLlm: return "TensorRT-LLM";
    }
    return "";
}

} // namespace

/// Internal to core/io: the "serving_timeline" object of estimateToJson.
Json servingTimelineJson(const ServingTimeline& t)
{
    Json moments = Json::array();
    for (const ServingMoment& m : t.moments) {
        Json components = Json::object();
        for (std::size_t c = 0; c < kComponentCount; ++c)
            if (m.bytes[c] != 0)
                components[std::string(componentName(Component(c)))] = m.bytes[c];
        moments.push_back(Json{{"first_step", m.firstStep}, {"last_step", m.lastStep}, {"phase", std::string(servingPhaseName(m.phase))},
                               {"phase_step", m.phaseStep}, {"running_requests", m.runningRequests},
                               {"prefilled_requests", m.prefilledRequests}, {"context_tokens", m.contextTokens},
                               {"used_blocks", m.usedBlocks}, {"used_kv_bytes", m.usedKvBytes}, {"over_pool", m.overPool},
                               {"allocated_bytes", m.allocatedBytes}, {"reserved_bytes", m.reservedBytes},
                               {"device_bytes", m.deviceBytes}, {"components", components}});
    }
    return Json{{"rank_group", t.group}, {"pipeline_stage", t.stage}, {"requests", t.requests}, {"prompt_length", t.promptLength},
                {"generated_tokens", t.generatedTokens}, {"chunk_tokens", t.chunkTokens}, {"prefill_steps", t.prefillSteps},
                {"decode_steps", t.decodeSteps}, {"block_size", t.blockSize}, {"block_bytes", t.blockBytes}, {"kv_layers", t.kvLayers}, {"state_bytes_per_request", t.stateBytesPerRequest},
                {"blocks_per_request", t.blocksPerRequest}, {"reserves_pool", t.reservesPool}, {"pool_bytes", t.poolBytes},
                {"pool_blocks", t.poolBlocks}, {"preemption_step", t.preemptionStep}, {"peak_moment", t.peakMoment},
                {"moments", moments}};
}

std::string servingTimelineToTable(const ServingTimeline& t, PrintUnit unit)
{
    std::string out;
    char buf[256];
    const std::string u(printUnitName(unit));
    if (!t.valid) {
        return t.status == ServingTimelineStatus::InvalidScenario ? "\nServing timeline: the scenario has errors\n"
                                                                  : "\nServing timeline: only for serving scenarios\n";
    }
    std::snprintf(buf, sizeof buf, "\nServing timeline (%s, PP stage %d: %lld requests, prompt %lld + %lld generated tokens)\n",
                  engineName(t.engine), t.stage, (long long)t.requests, (long long)t.promptLength, (long long)t.generatedTokens);
    out += buf;
    std::snprintf(buf, sizeof buf, "  prefill %lld step(s) of %lld tokens, then %lld decode steps\n", (long long)t.prefillSteps,
                  (long long)t.chunkTokens, (long long)t.decodeSteps);
    out += buf;
    if (t.blockSize > 0) {
        std::snprintf(buf, sizeof buf, "  KV block %d tokens = %.0f bytes in the stage's %d layers with a KV cache; %lld blocks per request at the full context\n",
                      t.blockSize, t.blockBytes, t.kvLayers, (long long)t.blocksPerRequest);
        out += buf;
    }
    if (t.reservesPool && t.blockSize > 0) {
        std::snprintf(buf, sizeof buf, "  KV pool reserved at start-up: %s %s = %lld blocks\n", memoryInUnit(t.poolBytes, unit).c_str(), u.c_str(),
                      (long long)t.poolBlocks);
        out += buf;
    } else if (t.reservesPool) {
        std::snprintf(buf, sizeof buf, "  KV pool reserved at start-up: %s %s\n", memoryInUnit(t.poolBytes, unit).c_str(), u.c_str());
        out += buf;
    } else if (t.poolBytes > 0) {
        std::snprintf(buf, sizeof buf, "  KV cache allocated at start-up: %s %s\n", memoryInUnit(t.poolBytes, unit).c_str(), u.c_str());
        out += buf;
    }
    if (t.preemptionStep >= 0 && t.blockSize <= 0) {
        std::snprintf(buf, sizeof buf, "  a request is preempted at engine step %lld: the pool is full\n", (long long)(t.preemptionStep + 1));
        out += buf;
    } else if (t.preemptionStep >= 0) {
        const ServingMoment& m = t.moments[t.preemptionMoment];
        std::snprintf(buf, sizeof buf, "  a request is preempted at engine step %lld (%s step %lld): %lld blocks needed, the pool holds %lld\n",
                      (long long)(t.preemptionStep + 1), std::string(servingPhaseName(m.phase)).c_str(),
                      (long long)(m.phase == ServingPhase::Prefill ? m.firstStep + 1 : m.firstStep - t.prefillSteps + 1),
                      (long long)m.usedBlocks, (long long)t.poolBlocks);
        out += buf;
    }
    std::snprintf(buf, sizeof buf, "  %-17s %-8s %10s %10s %12s %14s  %s\n", "steps", "phase", "requests", "context", "blocks",
                  ("KV used " + u).c_str(), ("device " + u).c_str());
    out += buf;
    for (std::size_t k = 0; k < t.moments.size(); ++k) {
        const ServingMoment& m = t.moments[k];
        const std::string steps = std::to_string(m.firstStep + 1) + "-" + std::to_string(m.lastStep + 1);
        std::snprintf(buf, sizeof buf, "  %-17s %-8s %10lld %10lld %12lld %14s  %s%s%s\n", steps.c_str(),
                      std::string(servingPhaseName(m.phase)).c_str(), (long long)m.runningRequests, (long long)m.contextTokens,
                      (long long)m.usedBlocks, memoryInUnit(m.usedKvBytes, unit).c_str(), memoryInUnit(m.deviceBytes, unit).c_str(),
                      k == t.peakMoment ? "  peak" : "", m.overPool && m.firstStep == t.preemptionStep ? "  preempted" : "");
        out += buf;
    }
    return out;
}

} // namespace core
