// The command line's tables: the estimate, a calibration against it and a step's timeline, as
// plain text (estimate_io.cpp writes the same as JSON).
#include "core/io/estimate_io.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <vector>

#include "core/calibration/residuals.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/model/imagetokens.h"
#include "core/terminaltext.h"
#include "core/timeline/steptimeline.h"
#include "core/working.h"

namespace core {

namespace {

std::string parameterSourceText(const Scenario& s, const Estimate& e)
{
    char buf[256];
    const std::string_view source = parameterSource(s);
    const char* preset = s.model.preset.c_str();
    if (source == "architecture")
        return "counted from the architecture keys";
    if (source == "preset_architecture") {
        std::snprintf(buf, sizeof buf, "counted from preset %s's architecture", preset);
        return buf;
    }
    if (source == "preset_count") {
        std::snprintf(buf, sizeof buf, "preset %s: a count, no architecture", preset);
        return buf;
    }
    if (s.model.preset.empty())
        return "model.parameters as given";
    const ModelPreset* p = findModelPreset(s.model.preset);
    std::snprintf(buf, sizeof buf, "model.parameters as given, which beats preset %s (%.4g from its architecture)", preset,
                  p ? countParameters(p->model).total : e.parameters.total);
    return buf;
}

} // namespace

namespace {

/// The step-time model's parts, largest first, with their share of the model's step.
std::string stepTimeTable(const ComputeEstimate& c)
{
    std::string out;
    char buf[160];
    const char* source = c.timeSource == TimeSource::Model ? "the step-time model (no MFU given)"
        : c.timeSource == TimeSource::Mfu                  ? "the MFU given; the model's own step below"
                                                           : "the achieved TFLOP/s given; the model's own step below";
    std::snprintf(buf, sizeof buf, "\nStep time: %.4g s from %s\n", c.iterationSeconds, source);
    out += buf;
    std::snprintf(buf, sizeof buf, "  model step %.4g s, MFU %.1f %%\n", c.modelStepSeconds, c.modelMfu * 100);
    out += buf;
    static constexpr const char* kLabels[] = {"GEMMs", "attention", "elementwise", "per-layer overhead", "recompute", "pipeline bubble",
                                              "data parallel (exposed)", "tensor parallel (exposed)", "pipeline p2p (exposed)",
                                              "context parallel (exposed)", "expert all-to-all", "offload (PCIe, CPU)", "optimizer step",
                                              "rollout"};
    static_assert(std::size(kLabels) == kStepPartCount);
    std::array<std::size_t, kStepPartCount> order{};
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return c.stepParts[a] > c.stepParts[b]; });
    for (std::size_t i : order) {
        if (c.stepParts[i] <= 0)
            continue;
        std::snprintf(buf, sizeof buf, "  %-28s %10.4g s  %5.1f %%\n", kLabels[i], c.stepParts[i],
                      c.modelStepSeconds > 0 ? 100 * c.stepParts[i] / c.modelStepSeconds : 0.0);
        out += buf;
    }
    return out;
}

} // namespace

std::string describe(const LogIssue& i)
{
    const std::string at = i.line > 0 ? "line " + std::to_string(i.line) + ": " : std::string();
    switch (i.code) {
    case LogIssueCode::Empty: return "the log is empty";
    case LogIssueCode::NothingRecognised:
        return "no line is in a known format (Megatron memory line, torch.cuda.memory_summary(), max_memory_allocated/reserved, "
               "nvidia-smi CSV with its header, vLLM or llama.cpp start-up lines)";
    case LogIssueCode::BadNumber: return at + i.key + ": '" + i.text + "' is not a number";
    case LogIssueCode::MissingField: return at + "the field '" + i.key + "' is missing";
    case LogIssueCode::NegativeValue: return at + i.key + " is negative (" + i.text + "): a memory size never is";
    case LogIssueCode::NegativeKvBudget:
        return at + i.key + " is negative (" + i.text + "): the model did not fit, nothing is left for the KV cache";
    case LogIssueCode::TooLarge: return at + i.key + ": '" + i.text + "' is beyond any memory size (more than 1.8e308 bytes)";
    case LogIssueCode::NotSupported: return at + i.key + " is '" + i.text + "': not reported by the driver";
    case LogIssueCode::CsvWithoutHeader: return at + "nvidia-smi rows without their header line: the columns are unknown";
    case LogIssueCode::CsvColumnCount: return at + "another number of columns than the nvidia-smi header";
    case LogIssueCode::UnknownUnit: return at + i.key + ": unknown unit in '" + i.text + "'";
    case LogIssueCode::Count: break;
    }
    return {};
}

std::string calibrationToTable(const Calibration& c, const Estimate& e)
{
    std::string out = "\nMeasured beside predicted (residual = (predicted - measured) / measured)\n";
    if (c.source == Calibration::Source::Scenario) {
        // The stored run's own words: which run these numbers are from.
        std::string what = c.label;
        for (const std::string* part : {&c.date, &c.origin})
            if (!part->empty())
                what += (what.empty() ? "" : ", ") + *part;
        out += "  from the scenario's measurements" + (what.empty() ? std::string() : ": " + what) + "\n";
    }
    char buf[320];
    std::snprintf(buf, sizeof buf, "%-16s %5s %-22s %12s %12s %9s\n", "quantity", "rank", "source", "measured", "predicted", "residual");
    out += buf;
    for (const Residual& r : c.residuals) {
        const bool count = isCount(r.quantity);
        auto value = [&](double v) {
            char b[40];
            if (count)
                std::snprintf(b, sizeof b, "%.0f", v);
            else
                std::snprintf(b, sizeof b, "%.2f GiB", v / (1024.0 * 1024 * 1024));
            return std::string(b);
        };
        const std::string source = std::string(logFormatName(r.format)) + ":" + std::to_string(r.line);
        const std::string rank = r.rank >= 0 ? std::to_string(r.rank) : "-";
        if (r.status == ResidualStatus::Compared)
            std::snprintf(buf, sizeof buf, "%-16s %5s %-22s %12s %12s %+8.1f%%  %s\n", std::string(measuredQuantityName(r.quantity)).c_str(),
                          rank.c_str(), source.c_str(), value(r.measured).c_str(), value(r.predicted).c_str(), r.percent,
                          groupLabel(e, std::size_t(r.group)).c_str());
        else
            std::snprintf(buf, sizeof buf, "%-16s %5s %-22s %12s %12s %9s  %s\n", std::string(measuredQuantityName(r.quantity)).c_str(),
                          rank.c_str(), source.c_str(), value(r.measured).c_str(), "-", "-",
                          std::string(residualStatusName(r.status)).c_str());
        out += buf;
    }
    for (const LogIssue& i : c.log.issues)
        out += "  " + describe(i) + "\n";
    return out;
}

std::string timelineLimitText(const StepTimeline& t)
{
    switch (t.limit) {
    case TimelineLimit::None: break;
    case TimelineLimit::TooManyStages:
        return "more than " + std::to_string(kMaxTimelineStages) + " pipeline stages (the estimate covers every stage)";
    case TimelineLimit::TooManyMicroBatches:
        return std::to_string(t.microBatches) + " micro-batches" + (t.virtualStages > 1 ? " of " + std::to_string(t.virtualStages) + " chunks" : "")
            + " per step under " + std::string(pipelineScheduleName(t.schedule)) + ": more than " + std::to_string(kMaxTimelineChunks)
            + " chunk-micro-batches per stage, and none can be left out (the estimate covers the whole step)";
    }
    return {};
}

std::string timelineToTable(const StepTimeline& t, PrintUnit unit)
{
    std::string out;
    char buf[200];
    if (!t.valid && t.limit != TimelineLimit::None)
        return "\nStep timeline: not listed: " + timelineLimitText(t) + "\n";
    if (!t.valid)
        return "\nStep timeline: only for training steps\n";
    std::snprintf(buf, sizeof buf, "\nStep timeline (1 unit = one micro-batch through one chunk%s)\n",
                  t.unitSeconds > 0 ? (", " + std::to_string(t.unitSeconds * 1e3).substr(0, 6) + " ms").c_str() : "");
    out += buf;
    if (t.omittedMicroBatches > 0) {
        std::snprintf(buf, sizeof buf,
                      "  %d of the %d micro-batches listed: the %d between %.2f and %.2f repeat the steady state's cycle "
                      "(the same phases and memory on every stage) and are left out\n",
                      t.microBatches - t.omittedMicroBatches, t.microBatches, t.omittedMicroBatches, t.omittedFrom,
                      t.omittedFrom + t.omittedLength);
        out += buf;
    }
    for (const StageTimeline& st : t.stages) {
        std::snprintf(buf, sizeof buf, "  PP stage %d (peak in phase %zu)\n", st.stage, st.peakPhase + 1);
        out += buf;
        for (const TimelinePhase& ph : st.phases) {
            const std::string what = ph.microBatch >= 0 ? std::string(phaseKindName(ph.kind)) + " mb " + std::to_string(ph.microBatch + 1)
                    + (ph.chunk > 0 ? " chunk " + std::to_string(ph.chunk + 1) : "")
                                                        : std::string(phaseKindName(ph.kind));
            std::snprintf(buf, sizeof buf, "    %8.2f-%8.2f  %-24s %-14s allocated %s %s\n", ph.start, ph.end, what.c_str(),
                          std::string(stepMomentName(ph.moment)).c_str(), memoryInUnit(ph.allocatedBytes, unit).c_str(),
                          std::string(printUnitName(unit)).c_str());
            out += buf;
        }
    }
    return out;
}

std::string estimateToTable(const Scenario& s, const Estimate& e, const std::vector<Issue>& extra, const Working* w, PrintUnit unit)
{
    const std::string u = printUnitName(unit);
    auto gbText = [unit](double bytes) { return memoryInUnit(bytes, unit); };
    std::string out;
    char buf[256];
    auto line = [&](const char* fmt, auto... args) {
        std::snprintf(buf, sizeof buf, fmt, args...);
        out += buf;
    };
    // Names come from files: their control characters are shown as escapes (issue 32.11).
    const std::string modelName = terminalText(!s.model.name.empty() ? s.model.name : (s.model.preset.empty() ? "custom model" : s.model.preset));
    line("ShardScope estimate: %s on %d x %s\n", modelName.c_str(), s.parallel.gpus, terminalText(s.hardware.gpu.name).c_str());
    if (e.valid) {
        if (e.mode == Mode::Inference)
            line("Serving: parameters %.4g (active %.4g), %s weights, TP %d x PP %d per replica\n", e.parameters.total, e.parameters.active,
                 std::string(toString(s.inference.weights.format)).c_str(), s.parallel.tensor, s.parallel.pipeline);
        else {
            // ZeRO-0 shards nothing: "over N ranks" would suggest it does.
            char zero[64];
            if (s.training.zeroStage > 0)
                std::snprintf(zero, sizeof zero, "ZeRO-%d over %d ranks", s.training.zeroStage, e.zeroShards);
            else
                std::snprintf(zero, sizeof zero, "ZeRO-0 (model states not sharded)");
            line("Parameters: %.4g (active %.4g)   DP = %d, %s, %d micro-batches/step, %.4g B per trainable parameter\n",
                 e.parameters.total, e.parameters.active, e.dataParallel, zero, e.microBatchesPerStep, e.stateBytes.total());
        }
        line("Parameter count: %s\n", parameterSourceText(s, e).c_str());
        out += "\nPer-GPU memory (" + u + ")\n";
        std::size_t labelWidth = 10;
        auto displayWidth = [](const std::string& text) {
            std::size_t width = 0;
            for (unsigned char ch : text)
                width += (ch & 0xC0) != 0x80; // count UTF-8 characters, not bytes
            return width;
        };
        for (std::size_t i = 0; i < e.groups.size(); ++i)
            labelWidth = std::max(labelWidth, displayWidth(groupLabel(e, i)));
        // Columns widen for absurd sizes (10^15 parameters) instead of running into each other.
        std::vector<std::array<std::string, kCategoryCount + 3>> cells(e.groups.size());
        int cellWidth = 9;
        for (std::size_t i = 0; i < e.groups.size(); ++i) {
            for (std::size_t c = 0; c < kCategoryCount; ++c)
                cells[i][c] = gbText(e.groups[i].categoryBytes(Category(c)));
            cells[i][kCategoryCount] = gbText(e.groups[i].allocatedBytes);
            cells[i][kCategoryCount + 1] = gbText(e.groups[i].reservedBytes);
            cells[i][kCategoryCount + 2] = gbText(e.groups[i].deviceBytes);
            for (const std::string& cell : cells[i])
                cellWidth = std::max(cellWidth, int(cell.size()));
        }
        out += "rank group" + std::string(labelWidth - 10, ' ');
        for (const char* head : {"params", "grads", "optim", "activ", "kv", "temp", "runtime", "alloc", "reserved", "device"})
            line(" %*s", cellWidth, head);
        out += "  fits\n";
        for (std::size_t i = 0; i < e.groups.size(); ++i) {
            const RankGroup& g = e.groups[i];
            const std::string label = groupLabel(e, i);
            out += label + std::string(labelWidth - displayWidth(label), ' ');
            for (const std::string& cell : cells[i])
                line(" %*s", cellWidth, cell.c_str());
            line("  %s of %s\n", g.fits ? "yes" : "NO ", (gbText(g.capacityBytes) + " " + u).c_str());
        }
        out += "(alloc = PyTorch max_memory_allocated, reserved = max_memory_reserved, device = nvidia-smi; the bar is the peak of the step)\n";
        for (std::size_t i = 0; i < e.groups.size(); ++i) {
            const RankGroup& g = e.groups[i];
            const bool training = g.peakMoment != StepMoment::Prefill && g.peakMoment != StepMoment::Sampler
                && g.peakMoment != StepMoment::Rollout && g.peakMoment != StepMoment::Optimizer;
            if (training)
                line("  peak of %s: %s, micro-batch %d%s\n", groupLabel(e, i).c_str(), std::string(stepMomentLabel(g.peakMoment)).c_str(),
                     g.peakMicroBatch + 1, s.parallel.virtualPipeline > 1 ? (", chunk " + std::to_string(g.peakChunk + 1)).c_str() : "");
            else
                line("  peak of %s: %s\n", groupLabel(e, i).c_str(), std::string(stepMomentLabel(g.peakMoment)).c_str());
        }
        if (e.cpuBytesPerNode > 0)
            line("CPU memory per node for offloaded states: %s %s\n", gbText(e.cpuBytesPerNode).c_str(), u.c_str());
        if (e.mode == Mode::Inference) {
            const InferenceEstimate& r = e.inference;
            out += "\nServing\n";
            line("  weights                        %.3f bits per linear parameter\n", r.linearBitsPerParameter);
            line("  KV cache per sequence          %s %s at %lld tokens\n", gbText(r.kvBytesPerSequence).c_str(), u.c_str(),
                 (long long)(s.inference.context() + scenarioImageTokens(s))); // a vision-language model's image tokens included
            if (r.stateBytesPerSequence > 0) // a hybrid's linear layers (issue 28): fixed, whatever the context
                line("  recurrent state per sequence   %s %s at any context\n", gbText(r.stateBytesPerSequence).c_str(), u.c_str());
            line("  free for the KV cache          %s %s (tightest stage)\n", gbText(r.freeBytesForKv).c_str(), u.c_str());
            line("  largest batch at this context  %.0f\n", r.maxBatchAtContext);
            line("  longest context at this batch  %.0f tokens\n", r.maxContextAtBatch);
            line("  prefill (time to first token)  %.3f s\n", r.prefillSeconds);
            line("  decode step                    %.2f ms -> %.1f tokens/s per sequence, %.0f tokens/s per replica (%d %s)\n",
                 r.decodeStepSeconds * 1e3, r.tokensPerSecondPerSequence, r.tokensPerSecondPerReplica, r.replicas,
                 r.replicas == 1 ? "replica" : "replicas");
            if (r.speculative) // speculative decoding (issue 27 item 3): the decode step above is per output token
                line("  speculative decoding           %.3f tokens per target step: (%.2f ms verify + %.2f ms drafting) / %.3f; drafter %s %s\n",
                     r.speculativeTokensPerStep, r.verifyStepSeconds * 1e3, r.draftSeconds * 1e3, r.speculativeTokensPerStep,
                     gbText(r.draftWeightBytes).c_str(), u.c_str());
            if (r.prefixCacheHitRate > 0)
                line("  prefix cache                   %.0f %% hits: prefill computes %.0f of %lld prompt tokens\n", r.prefixCacheHitRate * 100,
                     r.prefillTokensPerRequest, (long long)(s.inference.promptLength + scenarioImageTokens(s)));
            line("  roofline                       %.1f FLOP/byte vs ridge %.0f: %s-bound\n", r.arithmeticIntensity, r.ridgePoint,
                 r.memoryBound ? "memory" : "compute");
        }
        if (e.mode == Mode::FineTune) {
            line("\nTrainable parameters: %.4g (adapters %.4g)\n", e.finetune.trainableParameters, e.finetune.adapterParameters);
            if (e.finetune.rolloutKvReserved > 0 || e.finetune.rolloutKvNeeded > 0)
                line("Rollout KV cache per GPU: needs %s %s, engine reserves %s %s\n", gbText(e.finetune.rolloutKvNeeded).c_str(), u.c_str(),
                     gbText(e.finetune.rolloutKvReserved).c_str(), u.c_str());
        }
        const ComputeEstimate& c = e.compute;
        if (e.mode != Mode::Inference) {
        out += "\nCompute and time\n";
        line("  model FLOPs per iteration      %.4g\n", c.modelFlopsPerIteration);
        line("  hardware FLOPs per iteration   %.4g\n", c.hardwareFlopsPerIteration);
        line("  total model FLOPs              %.4g\n", c.totalModelFlops);
        line("  MFU                            %.1f %%\n", c.effectiveMfu * 100);
        if (c.rolloutSeconds > 0)
            line("  rollout per step               %.3g s of the %.3g s step (%.0f round%s)\n", c.rolloutSeconds, c.iterationSeconds,
                 c.rolloutRounds, c.rolloutRounds == 1 ? "" : "s");
        line("  training time                  %.2f days (%.4g s; %.2f days of steps at %.1f %% goodput)\n", c.trainingSeconds / 86400,
             c.trainingSeconds, c.run.goodput.workSeconds / 86400, c.run.goodput.goodput * 100);
        if (c.run.goodput.mtbiSeconds > 0)
            line("  interruptions                  one every %.3g h, %.4g in the run; checkpoint every %.0f steps (%.3g s stall, optimal %.0f)\n",
                 c.run.goodput.mtbiSeconds / 3600, c.run.goodput.interruptions, c.run.goodput.intervalSteps,
                 c.run.goodput.checkpointStallSeconds, c.run.goodput.optimalSteps);
        line("  GPU-hours                      %.4g\n", c.gpuHours);
        line("  cost                           $%.4g (price %.2f/GPU-h x overhead %.2f)\n", c.cost, s.hardware.pricePerGpuHour,
             s.hardware.overheadFactor);
        line("  pipeline bubble                %.1f %%\n", c.bubbleFraction * 100);
        out += stepTimeTable(c);
        const CommunicationEstimate& m = e.communication;
        out += "\nCommunication per GPU per step (" + u + ")\n";
        line("  data parallel %s   tensor parallel %s   pipeline %s   context %s   expert %s\n", gbText(m.dataParallel).c_str(),
             gbText(m.tensorParallel).c_str(), gbText(m.pipelineParallel).c_str(), gbText(m.contextParallel).c_str(),
             gbText(m.expertParallel).c_str());
        out += "Communication time per step (s; * = over the network, else inside a node)\n";
        const char* names[] = {"data parallel", "tensor parallel", "pipeline", "context", "expert"};
        out += " ";
        for (std::size_t d = 0; d < kCommDimensionCount; ++d)
            line(" %s %.3g%s ", names[d], m.seconds[d], m.overNetwork[d] && m.bytes(CommDimension(d)) > 0 ? "*" : "");
        line("  vs computation %.3g\n", c.iterationSeconds);
        }
    }
    bool header = false;
    for (const auto* v : {&e.issues, &extra})
        for (const Issue& i : *v) {
            if (!header) {
                out += "\nNotes\n";
                header = true;
            }
            out += i.severity == Severity::Error ? "  error: " : i.severity == Severity::Warning ? "  warning: " : "  note: ";
            out += describe(i);
            out += '\n';
        }
    if (w) {
        out += "\nWorking\n";
        for (const WorkingLine& l : w->lines()) {
            out += l.group >= 0 ? "  [group " + std::to_string(l.group) + "] " : "  ";
            out += render(l);
            out += '\n';
        }
    }
    return out;
}

} // namespace core
