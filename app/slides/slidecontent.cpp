#include "app/slides/slidecontent.h"

#include <QLocale>

#include "core/model.h"
#include "widgets/displayformat.h"

namespace {

QString precisionName(core::PrecisionRecipe recipe)
{
    switch (recipe) {
    case core::PrecisionRecipe::Mixed16: return SlideContent::tr("mixed 16-bit");
    case core::PrecisionRecipe::MixedBf16Fp32Grads: return SlideContent::tr("BF16 with FP32 gradients");
    case core::PrecisionRecipe::Fp32: return SlideContent::tr("FP32");
    case core::PrecisionRecipe::Bf16: return SlideContent::tr("pure BF16");
    case core::PrecisionRecipe::Fp8Mixed: return SlideContent::tr("FP8 weights");
    }
    return {};
}

QString weightFormatName(core::WeightFormat format)
{
    switch (format) {
    case core::WeightFormat::Fp32: return QStringLiteral("FP32");
    case core::WeightFormat::Bf16: return QStringLiteral("BF16");
    case core::WeightFormat::Fp16: return QStringLiteral("FP16");
    case core::WeightFormat::Fp8: return QStringLiteral("FP8");
    case core::WeightFormat::Int8: return QStringLiteral("INT8");
    case core::WeightFormat::Int4: return QStringLiteral("INT4");
    case core::WeightFormat::Nf4: return QStringLiteral("NF4");
    }
    return {};
}

QString methodName(core::FineTuneMethod method)
{
    switch (method) {
    case core::FineTuneMethod::Full: return SlideContent::tr("full fine-tuning");
    case core::FineTuneMethod::LoRA: return SlideContent::tr("LoRA");
    case core::FineTuneMethod::QLoRA: return SlideContent::tr("QLoRA");
    }
    return {};
}

} // namespace

SlideContent SlideContent::fromScenario(const core::Scenario& scenario)
{
    SlideContent c;
    c.scenario = scenario;
    c.estimate = core::estimate(scenario);
    core::compare(c.scenario, c.comparisons);
    return c;
}

QString SlideContent::caption(const core::Scenario& s, const core::Estimate& e)
{
    const QLocale locale;
    QStringList parts;
    QString model = QString::fromStdString(s.model.name);
    if (model.isEmpty())
        //: slide caption, a model known by its size only; %1 = parameters, e.g. "7.00 B"
        model = tr("%1-parameter model").arg(DisplayFormat::count(e.valid ? e.parameters.total : core::countParameters(s.model).total));
    parts << model;
    //: slide caption; %1 = number of GPUs, %2 = GPU model
    parts << tr("%1 × %2").arg(locale.toString(s.parallel.gpus), QString::fromStdString(s.hardware.gpu.name));
    //: slide caption, the parallel layout; %1 = tensor, %2 = pipeline, %3 = data-parallel degree
    QString layout = tr("TP %1 · PP %2 · DP %3").arg(s.parallel.tensor).arg(s.parallel.pipeline).arg(s.parallel.dataParallel());
    if (s.parallel.context > 1)
        //: slide caption, appended to the layout; %1 = context-parallel degree
        layout += tr(" · CP %1").arg(s.parallel.context);
    if (s.parallel.expert > 1)
        //: slide caption, appended to the layout; %1 = expert-parallel degree
        layout += tr(" · EP %1").arg(s.parallel.expert);
    parts << layout;
    if (s.mode == core::Mode::Inference) {
        const core::InferenceSetup& i = s.inference;
        //: slide caption, serving; %1 = weight format such as INT4
        parts << tr("serving, %1 weights").arg(weightFormatName(i.weights.format));
        //: slide caption, serving; %1 = concurrent sequences, %2 = tokens of context
        parts << tr("batch %1 · context %2").arg(locale.toString(qint64(i.batchSize)), locale.toString(qint64(i.context())));
        return parts.join(QStringLiteral(" · "));
    }
    const core::TrainingSetup& t = s.training;
    if (s.mode == core::Mode::FineTune)
        parts << methodName(s.finetune.method);
    //: slide caption; %1 = ZeRO stage 1–3
    parts << (t.zeroStage == 0 ? tr("no ZeRO") : tr("ZeRO-%1").arg(t.zeroStage));
    parts << precisionName(t.precision);
    //: slide caption; %1 = tokens per sequence, %2 = micro-batch, %3 = global batch (sequences)
    parts << tr("sequence %1 · micro-batch %2 · global batch %3")
                 .arg(locale.toString(qint64(t.seqLength)), locale.toString(qint64(t.microBatchSize)), locale.toString(qint64(t.globalBatchSize)));
    if (t.recompute == core::Recompute::Selective)
        parts << tr("selective recomputation");
    else if (t.recompute == core::Recompute::Full)
        parts << tr("full recomputation");
    return parts.join(QStringLiteral(" · "));
}
