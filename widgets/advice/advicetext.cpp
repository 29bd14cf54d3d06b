#include "widgets/advice/advicetext.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <cmath>

#include "widgets/fieldtext.h"

namespace AdviceText {

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("AdviceText", text);
}
} // namespace

QString actionTitle(core::RemedyAction action)
{
    using A = core::RemedyAction;
    switch (action) {
    case A::MicroBatch: return tr("Smaller micro-batch, more gradient accumulation (same global batch)");
    case A::SelectiveRecompute: return tr("Selective activation recomputation");
    case A::FullRecompute: return tr("Full activation checkpointing");
    case A::ZeroStage: return tr("Higher ZeRO stage (ZeRO-3 = FSDP FULL_SHARD)");
    case A::OffloadOptimizer: return tr("Offload the optimizer states to CPU (ZeRO-Offload)");
    case A::OffloadParameters: return tr("ZeRO-3 with optimizer and parameters offloaded to CPU");
    case A::FlashAttention: return tr("Turn on FlashAttention");
    case A::Lora: return tr("LoRA: adapters on a frozen BF16 base");
    case A::Qlora: return tr("QLoRA: adapters on an NF4 base");
    case A::TensorParallel: return tr("Twice the tensor parallelism");
    case A::PipelineParallel: return tr("Twice the pipeline stages");
    case A::MoreGpus: return tr("Twice the GPUs");
    case A::WeightsFp8: return tr("Serve the weights in FP8");
    case A::WeightsInt8: return tr("Serve the weights in INT8");
    case A::WeightsInt4: return tr("Serve the weights in INT4");
    case A::KvCacheFp8: return tr("Keep the KV cache in FP8");
    case A::PagedKv: return tr("Paged KV cache, 16-token blocks");
    case A::ShorterContext: return tr("Shorter context");
    case A::FewerSequences: return tr("Fewer concurrent sequences");
    case A::ServingTensorParallel: return tr("Twice the tensor parallelism per replica");
    case A::Count: break;
    }
    return {};
}

QString title(const core::Remedy& remedy)
{
    QStringList parts;
    // A remedy without levers is one or more fields set to a value (the nearest valid layouts).
    if (remedy.levers.empty()) {
        for (const core::ScenarioChange& c : remedy.changes)
            //: a layout that can run: a field set to a value; %1 = the field ("Tensor parallel (TP)"), %2 = its value
            parts << tr("%1: %2").arg(FieldText::label(c.field), QLocale().toString(qint64(c.value.toInteger())));
        return parts.join(QStringLiteral(" + "));
    }
    for (const core::Lever& l : remedy.levers) {
        QString t = actionTitle(l.action);
        // The setting the advisor chose, where it is a number.
        if (l.action == core::RemedyAction::MicroBatch)
            //: a remedy's title with its setting; %1 = title, %2 = the new micro-batch
            t = tr("%1: micro-batch %2").arg(t).arg(qint64(l.value));
        else if (l.action == core::RemedyAction::ZeroStage)
            //: %1 = title, %2 = ZeRO stage
            t = tr("%1: stage %2").arg(t).arg(int(l.value));
        parts << t;
    }
    return parts.join(QStringLiteral(" + "));
}

QString summary(const core::Remedy& r, DisplayFormat::MemoryUnit unit)
{
    const QLocale locale;
    QStringList parts;
    //: %1 = bytes saved on the fullest GPU, %2 = the fullest GPU after the change
    parts << tr("saves %1 → %2 per GPU").arg(DisplayFormat::bytes(r.bytesSaved, unit, 1), DisplayFormat::bytes(r.bytesAfter, unit, 1));
    parts << (r.fitsAfter ? tr("fits") : tr("still does not fit"));
    if (std::fabs(r.extraFlopsFraction) >= 0.0005)
        //: extra hardware FLOPs; %1 = signed percentage
        parts << tr("%1 FLOPs").arg((r.extraFlopsFraction > 0 ? QStringLiteral("+") : QString()) + DisplayFormat::percent(r.extraFlopsFraction, 1));
    if (std::fabs(r.timeFactor - 1) >= 0.005)
        //: step time after / before; %1 = factor
        parts << tr("step × %1").arg(locale.toString(r.timeFactor, 'f', 2));
    if (std::fabs(r.extraCommunicationBytes) >= 1e6)
        //: %1 = signed extra bytes each GPU sends per step
        parts << tr("%1 communication per step").arg((r.extraCommunicationBytes > 0 ? QStringLiteral("+") : QStringLiteral("−"))
                                                      + DisplayFormat::bytes(std::fabs(r.extraCommunicationBytes), unit, 1));
    if (r.cpuBytes > 0)
        //: %1 = CPU memory per node the change needs
        parts << tr("%1 CPU memory per node").arg(DisplayFormat::bytes(r.cpuBytes, unit, 0));
    if (r.gpusFactor != 1)
        //: %1 = GPUs after / before
        parts << tr("× %1 GPUs").arg(locale.toString(r.gpusFactor, 'g', 3));
    return parts.join(QStringLiteral(" · "));
}

QString note(core::RemedyNote note)
{
    using N = core::RemedyNote;
    switch (note) {
    case N::None: return {};
    case N::SmallerKernels: return tr("Smaller matrix multiplications may run below the MFU assumed here.");
    case N::OffloadTransfers: return tr("Each step also waits for the optimizer step on the CPU; the PCIe copies (31.5 GB/s) are in the step time.");
    case N::AdaptersQuality: return tr("Trains adapters, not every weight: usually close to full fine-tuning (Hu et al. 2021).");
    case N::QloraQuality: return tr("NF4 base: QLoRA matches 16-bit fine-tuning on its benchmarks (Dettmers et al. 2023).");
    case N::MoreGpusCost: return tr("More GPUs to pay for.");
    case N::QualityFp8: return tr("FP8 weights are usually within noise of BF16.");
    case N::QualityInt8: return tr("INT8 weights: a small quality loss; needs calibration (LLM.int8, SmoothQuant).");
    case N::QualityInt4: return tr("INT4 weights: a measurable loss on hard tasks (GPTQ, AWQ).");
    case N::QualityKvCache: return tr("Quantized keys and values: a small loss, mostly at long contexts.");
    case N::ShorterRequests: return tr("Serves shorter requests than asked.");
    case N::FewerConcurrent: return tr("Fewer sequences at once: lower throughput.");
    case N::FreeInPractice: return tr("Exact attention, faster, without the s × s scores (Dao et al. 2022).");
    case N::Count: break;
    }
    return {};
}

QString overrides(const core::Remedy& remedy)
{
    QStringList lines;
    for (const core::ScenarioChange& c : remedy.changes)
        lines << QStringLiteral("--set ") + QString::fromStdString(core::changeText(c));
    return lines.join(QLatin1Char('\n'));
}

} // namespace AdviceText
