// The working of the step-time model: each part of the step with its formula and substituted
// values. Only runs when the caller asks for explanations (the working panel, --explain).
#include <algorithm>

#include "core/steptime_parts.h"
#include "core/working.h"

namespace core::step {

namespace {

/// The bubble's formula where it is not the table's (working.cpp step_bubble): the schedule's
/// own (core/pipeline.h twoChunkBubbleSeconds), or the interleaved one from uneven chunks.
std::string_view bubbleFormula(const ResolvedLayout& layout)
{
    switch (layout.schedule) {
    case PpSchedule::DualPipe: return "(p/2 − 1)·(F&B + B − 3W), F&B = F + B  (DualPipe: deepseek-ai/DualPipe README @ 3da1bbe)";
    case PpSchedule::DualPipeV: return "(p − 1)·(F + 2B − 3W)/2  (DualPipeV, 2p half-size stages: deepseek-ai/DualPipe README @ 3da1bbe)";
    case PpSchedule::ZeroBubbleV:
        return "(p − 1)·max(0, F + B − 3W)/2  (ZB-V: 0 at T_F = T_B = T_W, sail-sg/zero-bubble-pipeline-parallelism README @ 39f2c18)";
    case PpSchedule::OneFOneB: break;
    }
    if (layout.unevenChunks())
        return "max_i [m·S_i + Σ_{k<i} C(k, 0) + Σ_{k>i} C(k, v − 1)] − m·S_slowest  (uneven chunks: C = a chunk's forward + backward, Megatron's interleaved order)";
    return {};
}

} // namespace

void explainStep(const EstimateContext& ctx, const PipelinePass& pass, const StepTotals& totals, const ComputeEstimate& out,
                 const CommunicationEstimate& comm, Working* w)
{
    const Scenario& sc = ctx.scenario;
    const TrainingSetup& tr = sc.training;
    const ParallelLayout& par = sc.parallel;
    const Model& md = pass.md;
    const LayerCost& dense = pass.kinds[std::size_t(LayerKind::Dense)]; // the working shows a dense layer's figures
    const StageCost& slowest = pass.slowest;
    const double micro = ctx.layout.micro, perMicro = pass.perMicro;
    const double tpAll = pass.tpAll, cpAll = pass.cpAll, epAll = pass.epAll, p2pAll = pass.p2pAll;
    const double dpAll = totals.dpAll, updated = totals.updated, hostLink = totals.hostLink;
    StepParts parts = out.stepParts;
    constexpr Term kTimeTerms[] = {Term::CommSecondsDataParallel, Term::CommSecondsTensorParallel, Term::CommSecondsPipelineParallel,
                                   Term::CommSecondsContextParallel, Term::CommSecondsExpertParallel};
    for (std::size_t d = 0; d < kCommDimensionCount; ++d) {
        if (comm.bytes(CommDimension(d)) <= 0)
            continue; // a dimension that does not communicate has no time to explain
        w->add(kTimeTerms[d], kWholeJob, comm.seconds[d],
               {{"bytes", comm.bytes(CommDimension(d)), Unit::Bytes}, {"bus", comm.linkBytesPerSecond[d], Unit::BytesPerSecond},
                {"α", kLatency, Unit::Seconds}},
               {}, comm.overNetwork[d] ? "ring collectives, bus = min(NVLink, members per node × NIC)  (the group spans nodes)"
                                       : "ring collectives, bus = NVLink (or PCIe) per direction × efficiency  (inside one node)");
    }
    const double n = par.gpus;
    w->add(Term::StepGemm, kWholeJob, part(parts, StepPart::Gemm),
           {{"m", micro, Unit::Count}, {"s·b / c", md.T, Unit::Tokens}, {"peak", md.gemmPeak, Unit::FlopsPerSecond},
            {"η_GEMM", md.fig.gemmBf16, Unit::Fraction}, {"η_FP8", md.fp8 ? md.fig.gemmFp8 : 0.0, Unit::Fraction},
            {"per layer fwd", dense.gemmF, Unit::Seconds}});
    w->add(Term::StepAttention, kWholeJob, part(parts, StepPart::Attention),
           {{"η_fwd", md.att.forward, Unit::Fraction}, {"η_bwd", md.att.backward, Unit::Fraction}, {"f_d", md.attWidth, Unit::Fraction},
            {"s / c", double(tr.seqLength) / md.c, Unit::Tokens}, {"per layer fwd", dense.attentionF, Unit::Seconds}},
           {}, tr.flashAttention ? std::string_view{} : "QKᵀ, ·V at η_GEMM(s/c, s, d) + 20 B per score / HBM  (no fused kernel)");
    w->add(Term::StepElementwise, kWholeJob, part(parts, StepPart::Elementwise),
           {{"HBM", md.bandwidth, Unit::BytesPerSecond}, {"t_sp", md.seqShard, Unit::Count}, {"per layer fwd", dense.elementF, Unit::Seconds}});
    w->add(Term::StepOverhead, kWholeJob, part(parts, StepPart::Overhead), {{"per layer", kLayerOverhead, Unit::Seconds}, {"m", micro, Unit::Count}});
    w->add(Term::StepRecompute, kWholeJob, part(parts, StepPart::Recompute), {{"per layer", dense.recompute, Unit::Seconds}},
           {}, tr.recompute == Recompute::Full ? "m · n_layers · forward again"
               : tr.recompute == Recompute::Selective ? "m · n_layers · attention forward again" : "0 (no recomputation)");
    w->add(Term::StepBubble, kWholeJob, part(parts, StepPart::Bubble),
           {{"p", double(ctx.layout.p), Unit::Count}, {"v", double(ctx.layout.v), Unit::Count}, {"per micro-batch", perMicro, Unit::Seconds}},
           {}, bubbleFormula(ctx.layout));
    w->add(Term::StepExposedTensorParallel, kWholeJob, part(parts, StepPart::TensorParallel),
           {{"all", micro * tpAll, Unit::Seconds}, {"bus", md.tp.busBytesPerSecond, Unit::BytesPerSecond}},
           {}, tr.tpCommOverlap && md.seqShard > 1 ? "m · n_layers · max(0, collectives − GEMMs)  (--tp-comm-overlap)"
                                                  : "m · n_layers · collectives  (on the critical path)");
    if (ctx.layout.replicas > 1)
        w->add(Term::StepExposedDataParallel, kWholeJob, part(parts, StepPart::DataParallel),
               {{"all", dpAll, Unit::Seconds}, {"backward", slowest.backward, Unit::Seconds}, {"forward", slowest.forward, Unit::Seconds},
                {"S", double(ctx.layout.shardGroup), Unit::Count}, {"R", double(ctx.layout.replicas), Unit::Count},
                {"replica bus", replicaLink(ctx).busBytesPerSecond, Unit::BytesPerSecond}},
               {}, "reduce-scatter and all-gather in the shard group (its link), the shards' all-reduce across the R replicas (theirs), each exposed past the backward");
    else
        w->add(Term::StepExposedDataParallel, kWholeJob, part(parts, StepPart::DataParallel),
               {{"all", dpAll, Unit::Seconds}, {"backward", slowest.backward, Unit::Seconds}, {"forward", slowest.forward, Unit::Seconds},
                {"D_z", double(ctx.layout.shardGroup), Unit::Count}});
    w->add(Term::StepExposedPipelineParallel, kWholeJob, part(parts, StepPart::PipelineParallel),
           {{"all", p2pAll, Unit::Seconds}, {"p", double(ctx.layout.p), Unit::Count}, {"m", micro, Unit::Count}},
           {}, ctx.layout.v > 1 ? "2·(p − 1)·(bytes / bus + α)  (interleaved: overlapped in steady state)" : std::string_view{});
    w->add(Term::StepExposedContextParallel, kWholeJob, part(parts, StepPart::ContextParallel),
           {{"all", micro * cpAll, Unit::Seconds}, {"bus", md.cp.busBytesPerSecond, Unit::BytesPerSecond}});
    w->add(Term::StepExposedExpertParallel, kWholeJob, part(parts, StepPart::ExpertParallel),
           {{"all", micro * epAll, Unit::Seconds}, {"EP", double(par.expert), Unit::Count}});
    if (tr.offloadDevice == OffloadDevice::Nvme && (tr.offloadOptimizer || tr.offloadParameters))
        // ZeRO-Infinity on NVMe (core/offload/nvmeoffload.cpp): the node's drives, shared by its GPUs.
        w->add(Term::StepOffload, kWholeJob, part(parts, StepPart::Offload),
               {{"PCIe", hostLink, Unit::BytesPerSecond}, {"NVMe per node", sc.hardware.nvmeBytesPerSecond, Unit::BytesPerSecond},
                {"GPUs per node", double(std::max(1, std::min(par.gpusPerNode, par.gpus))), Unit::Count}, {"P/D_z", updated, Unit::Count}},
               {}, "the PCIe part (each pass's parameter read: the slower of PCIe and NVMe, exposed past compute) + GPUs per node · P/D_z · "
                   "[2·(o + 4) (optimizer states swapped in and out) + w (parameters written back once)] / NVMe per node  "
                   "(ZeRO-Infinity; no NVMe time while its bandwidth is 0)");
    else
        w->add(Term::StepOffload, kWholeJob, part(parts, StepPart::Offload), {{"PCIe", hostLink, Unit::BytesPerSecond}});
    w->add(Term::StepOptimizer, kWholeJob, part(parts, StepPart::OptimizerStep),
           {{"updated", updated, Unit::Count}, {"HBM", md.bandwidth, Unit::BytesPerSecond}});
    w->add(Term::StepGpuFigures, kWholeJob, md.fig.gemmBf16,
           {{"η_GEMM", md.fig.gemmBf16, Unit::Fraction}, {"η_FP8", md.fig.gemmFp8, Unit::Fraction},
            {"η_fwd", md.fig.attentionForward, Unit::Fraction}, {"η_bwd", md.fig.attentionBackward, Unit::Fraction},
            {"PCIe", md.fig.pcieBytesPerSecond, Unit::BytesPerSecond}},
           md.fig.preset, md.fig.source);
    w->add(Term::StepModelSeconds, kWholeJob, out.modelStepSeconds,
           {{"m · slowest stage", micro * perMicro, Unit::Seconds}, {"bubble", part(parts, StepPart::Bubble), Unit::Seconds},
            {"MFU", out.modelMfu, Unit::Fraction}, {"n", n, Unit::Count}});
    for (const StepConstant& k : stepConstants())
        w->add(Term::StepConstant, kWholeJob, k.value, {}, k.id, k.source, k.id);
}

} // namespace core::step
