#include "app/controls/parallelcontrols.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QDoubleSpinBox>
#include <QVBoxLayout>
#include <numeric>

#include "core/rules/rules.h"
#include "widgets/notelabel.h"
#include "widgets/valueslider.h"

namespace {

/// What is left for one degree when the other two are fixed: n / (a·b), or n if that does not divide.
int remaining(int gpus, int a, int b)
{
    const long long mp = std::max(1LL, (long long)a * b);
    return gpus % mp == 0 ? int(gpus / mp) : gpus;
}

} // namespace

QVector<double> ParallelControls::divisors(int n, int limit)
{
    QVector<double> out;
    for (int d = 1; d <= std::min(n, limit); ++d)
        if (n % d == 0)
            out.push_back(d);
    return out;
}

ParallelControls::ParallelControls(ScenarioController* controller, QWidget* parent)
    : ControlSection(controller, parent)
    , m_gpus(new ValueSlider(this))
    , m_tensor(new ValueSlider(this))
    , m_pipeline(new ValueSlider(this))
    , m_virtual(new ValueSlider(this))
    , m_context(new ValueSlider(this))
    , m_sequenceParallel(new QCheckBox(this))
    , m_dataParallel(new NoteLabel(this))
    , m_expert(new ValueSlider(this))
    , m_expertTensor(new ValueSlider(this))
    , m_capacity(new ValueSlider(this))
    , m_scheduleRow(new QWidget(this))
    , m_scheduleLabel(new QLabel(m_scheduleRow))
    , m_schedule(new QComboBox(m_scheduleRow))
{
    // Item texts come in retranslateUi; the data is core::PpSchedule's value (core/fields.h
    // kPpScheduleChoices: 1f1b, zb_v, dualpipe, dualpipe_v).
    for (core::PpSchedule k : {core::PpSchedule::OneFOneB, core::PpSchedule::ZeroBubbleV, core::PpSchedule::DualPipe,
                               core::PpSchedule::DualPipeV})
        m_schedule->addItem(QString(), int(k));
    m_scheduleLabel->setBuddy(m_schedule);
    auto* scheduleForm = new QFormLayout(m_scheduleRow);
    scheduleForm->setContentsMargins(0, 0, 0, 0);
    scheduleForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    scheduleForm->addRow(m_scheduleLabel, m_schedule);
    m_gpus->setSpinBox(1, 1048576, 0);
    m_gpus->spinBox()->setGroupSeparatorShown(true);
    for (ValueSlider* s : {m_tensor, m_pipeline, m_virtual, m_context, m_expert, m_expertTensor})
        s->setSpinBox(1, 1024, 0);
    m_capacity->setContinuous(1, 4, false);
    m_capacity->setSpinBox(0.1, 64, 2);

    bind(m_expert, core::Field::ParallelExpert);
    bind(m_expertTensor, core::Field::ParallelExpertTensor);
    bind(m_capacity, core::Field::TrainingMoeCapacityFactor);
    showErrorsOf(core::Field::ModelMoeTopK);
    bind(m_gpus, core::Field::ParallelGpus);
    bind(m_tensor, core::Field::ParallelTensor);
    bind(m_pipeline, core::Field::ParallelPipeline);
    bind(m_virtual, core::Field::ParallelVirtualPipeline);
    bind(m_schedule, core::Field::ParallelSchedule);
    bind(m_context, core::Field::ParallelContext);
    bind(m_sequenceParallel, core::Field::ParallelSequenceParallel);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (ValueSlider* s : {m_gpus, m_tensor, m_pipeline, m_virtual})
        layout->addWidget(s);
    layout->addWidget(m_scheduleRow);
    layout->addWidget(m_context);
    layout->addWidget(m_sequenceParallel);
    layout->addWidget(m_dataParallel);
    for (ValueSlider* s : {m_expert, m_expertTensor, m_capacity})
        layout->addWidget(s);
    addIssueLine(layout);
    retranslateUi();
}

QString ParallelControls::title() const
{
    return tr("Parallelism");
}

void ParallelControls::setScenario(const core::Scenario& s)
{
    const core::ParallelLayout& p = s.parallel;
    const core::ModelArchitecture& m = s.model;
    QVector<double> gpus;
    for (int n = 1; n <= 16384; n *= 2)
        gpus.push_back(n);
    m_gpus->setSteps(withCurrentStep(gpus, p.gpus));
    m_gpus->setValue(p.gpus);

    // TP must divide the heads and KV heads (serving: or be a multiple of the KV heads, each
    // rank keeping a copy); PP at most one stage per layer; CP divides s. A mode that does not
    // use CP (serving) leaves it out of what divides the GPUs, as validation does (core/rules).
    const bool serving = s.mode == core::Mode::Inference;
    const int usedContext = core::fieldUsed(core::Field::ParallelContext, s) ? p.context : 1;
    QVector<double> tensor;
    for (double d : divisors(remaining(p.gpus, p.pipeline, usedContext), 64)) {
        const int t = int(d);
        const int kv = m.numQueryGroups > 0 ? m.numQueryGroups : m.numAttentionHeads;
        const bool kvOk = kv % t == 0 || (serving && t % kv == 0);
        if (!m.hasArchitecture || (m.numAttentionHeads % t == 0 && kvOk))
            tensor.push_back(d);
    }
    m_tensor->setSteps(withCurrentStep(tensor, p.tensor));
    m_tensor->setValue(p.tensor);

    QVector<double> pipeline;
    const int layers = m.hasArchitecture ? m.numLayers : 1 << 20;
    for (double d : divisors(remaining(p.gpus, p.tensor, usedContext), 256))
        if (int(d) <= layers)
            pipeline.push_back(d);
    m_pipeline->setSteps(withCurrentStep(pipeline, p.pipeline));
    m_pipeline->setValue(p.pipeline);

    QVector<double> chunks{1};
    if (p.pipeline > 1 && m.hasArchitecture)
        for (int v = 2; v <= 16; ++v)
            if (m.numLayers % (p.pipeline * v) == 0)
                chunks.push_back(v);
    m_virtual->setSteps(withCurrentStep(chunks, p.virtualPipeline));
    m_virtual->setValue(p.virtualPipeline);
    m_virtual->setEnabled(core::enabled(core::Field::ParallelVirtualPipeline, s));

    // A schedule other than 1F1B needs PP ≥ 2 (core/validation.cpp checkSchedule); with one stage
    // the box stays enabled only to go back to 1F1B.
    selectData(m_schedule, int(p.schedule));
    m_schedule->setEnabled(p.pipeline > 1 || p.schedule != core::PpSchedule::OneFOneB);

    QVector<double> context;
    for (double d : divisors(remaining(p.gpus, p.tensor, p.pipeline), 64))
        if (s.training.seqLength % std::int64_t(d) == 0)
            context.push_back(d);
    m_context->setSteps(withCurrentStep(context, p.context));
    m_context->setValue(p.context);

    {
        const QSignalBlocker block(m_sequenceParallel);
        m_sequenceParallel->setChecked(p.sequenceParallel);
    }
    m_sequenceParallel->setEnabled(core::enabled(core::Field::ParallelSequenceParallel, s));

    // What the mode uses (core/rules): serving splits a replica over TP × PP only.
    for (const auto& [w, field] : {std::pair<QWidget*, core::Field>{m_virtual, core::Field::ParallelVirtualPipeline},
                                   {m_scheduleRow, core::Field::ParallelSchedule}, {m_context, core::Field::ParallelContext}, {m_sequenceParallel, core::Field::ParallelSequenceParallel}}) {
        const bool used = core::fieldUsed(field, s);
        if (w->isVisibleTo(this) != used)
            w->setVisible(used);
    }
    setExpertScenario(s);

    const int dp = p.dataParallel();
    if (serving && p.tensor * p.pipeline > 0 && p.gpus % (p.tensor * p.pipeline) == 0)
        //: derived degree when serving; %1 = replicas, %2 = GPUs, %3 = TP, %4 = PP
        m_dataParallel->setText(tr("Replicas = %1 = %2 GPUs / (TP %3 × PP %4)")
                                    .arg(p.gpus / (p.tensor * p.pipeline)).arg(p.gpus).arg(p.tensor).arg(p.pipeline));
    else if (dp > 0)
        //: derived degree; %1 = DP, %2 = GPUs, %3 = TP, %4 = PP, %5 = CP
        m_dataParallel->setText(tr("Data parallel DP = %1 = %2 GPUs / (TP %3 × PP %4 × CP %5)")
                                    .arg(dp).arg(p.gpus).arg(p.tensor).arg(p.pipeline).arg(p.context));
    else
        //: %1 = GPUs, %2 = TP × PP × CP
        m_dataParallel->setText(tr("No whole data-parallel degree: %1 GPUs / %2").arg(p.gpus).arg(p.tensor * p.pipeline * p.context));
}

void ParallelControls::setExpertScenario(const core::Scenario& s)
{
    const core::ParallelLayout& p = s.parallel;
    const core::ModelArchitecture& m = s.model;
    const bool moe = m.isMoE();
    for (ValueSlider* w : {m_expert, m_expertTensor})
        if (w->isVisibleTo(this) != moe)
            w->setVisible(moe);
    // The capacity factor sizes training's dispatch buffers; serving routes without padding.
    const bool capacity = moe && s.mode != core::Mode::Inference;
    if (m_capacity->isVisibleTo(this) != capacity)
        m_capacity->setVisible(capacity);
    if (!moe)
        return;
    // EP divides the experts and what PP × expert TP leave of the GPUs (Megatron's folding).
    const int etp = p.effectiveExpertTensor();
    QVector<double> expert;
    for (double d : divisors(remaining(p.gpus, p.pipeline, etp), 1024))
        if (m.numExperts % int(d) == 0)
            expert.push_back(d);
    m_expert->setSteps(withCurrentStep(expert, p.expert));
    m_expert->setValue(p.expert);
    QVector<double> expertTensor = divisors(remaining(p.gpus, p.pipeline, p.expert), 64);
    m_expertTensor->setSteps(withCurrentStep(expertTensor, etp));
    m_expertTensor->setValue(etp);
    const int edp = p.expertDataParallel();
    if (edp > 0)
        //: under expert TP; %1 = expert-data-parallel degree, %2 = experts per EP rank, %3 = experts, %4 = top-k
        m_expertTensor->setNote(tr("Expert DP = %1 · %2 of %3 experts per GPU, top-%4 routing")
                                    .arg(edp).arg(p.expert > 0 ? m.numExperts / p.expert : 0).arg(m.numExperts).arg(m.moeTopK));
    else
        m_expertTensor->setNote(QString());
    m_capacity->setValue(s.training.moeCapacityFactor);
}

void ParallelControls::retranslateUi()
{
    m_gpus->setLabel(tr("G&PUs"));
    m_gpus->setToolTip(tr("Number of GPUs in the job. The slider offers powers of two; type any count in the box."));
    m_tensor->setLabel(tr("&Tensor parallel (TP)"));
    m_tensor->setToolTip(tr("Splits every weight matrix over TP GPUs (Megatron). Offered: degrees that divide the GPUs left\n"
                            "and the attention and KV heads. Keep it within a node."));
    m_pipeline->setLabel(tr("P&ipeline parallel (PP)"));
    m_pipeline->setToolTip(tr("Splits the layers into PP stages. Offered: degrees that divide the GPUs left, at most one per layer."));
    m_virtual->setLabel(tr("&Virtual stages"));
    m_virtual->setToolTip(tr("Model chunks per pipeline rank (interleaved 1F1B): a smaller bubble, more activations on stage 0."));
    m_scheduleLabel->setText(tr("Pipe&line schedule"));
    //: pipeline schedule; virtual stages > 1 make it interleaved 1F1B (Narayanan et al. 2021)
    m_schedule->setItemText(0, tr("1F1B (interleaved with virtual stages)"));
    //: zero-bubble V schedule (Qi et al., Zero Bubble Pipeline Parallelism, ICLR 2024)
    m_schedule->setItemText(1, tr("ZB-V (zero bubble, V-shaped)"));
    //: DeepSeek-V3's bidirectional schedule
    m_schedule->setItemText(2, tr("DualPipe"));
    m_schedule->setItemText(3, tr("DualPipeV"));
    m_schedule->setToolTip(tr("The order of the pipeline's forwards and backwards: its bubble and the activations each stage holds.\n"
                              "ZB-V splits the backward into input and weight gradients on two chunks per rank (Qi et al. 2024);\n"
                              "DualPipe feeds micro-batches from both ends and DualPipeV is its V-shaped half (DeepSeek-V3 report,\n"
                              "deepseek-ai/DualPipe). They run their own chunks: virtual stages must be 1."));
    m_context->setLabel(tr("&Context parallel (CP)"));
    m_context->setToolTip(tr("Splits each sequence over CP GPUs (ring attention). Offered: degrees that divide the GPUs left and the sequence."));
    m_sequenceParallel->setText(tr("&Sequence parallel (with TP)"));
    m_sequenceParallel->setToolTip(tr("Also splits the norms' and dropouts' activations over the TP group (Korthikanti et al.)."));
    m_expert->setLabel(tr("&Expert parallel (EP)"));
    m_expert->setToolTip(tr("Splits each MoE layer's experts over EP GPUs; tokens travel to their experts by all-to-all.\n"
                            "Offered: degrees that divide the experts and the GPUs left by PP × expert TP."));
    m_expertTensor->setLabel(tr("E&xpert TP"));
    m_expertTensor->setToolTip(tr("Tensor parallelism inside each expert (Megatron's expert_tensor_parallel_size; by default the same as TP)."));
    m_capacity->setLabel(tr("Capacity &factor"));
    m_capacity->setSuffix(tr(" ×"));
    m_capacity->setToolTip(tr("Expert capacity as a multiple of an even share of the routed tokens (GShard): the dispatch\n"
                              "buffers are sized for it. Dropless routing averages about 1."));
}
