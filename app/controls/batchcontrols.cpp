#include "app/controls/batchcontrols.h"

#include <QDoubleSpinBox>
#include <QLocale>
#include <QVBoxLayout>
#include <cmath>

#include "core/rules/modedefaults.h"
#include "widgets/displayformat.h"
#include "widgets/valueslider.h"

BatchControls::BatchControls(ScenarioController* controller, QWidget* parent)
    : ControlSection(controller, parent)
    , m_seq(new ValueSlider(this))
    , m_micro(new ValueSlider(this))
    , m_global(new ValueSlider(this))
    , m_tokens(new ValueSlider(this))
{
    // Sequence length on a log scale that snaps to powers of two: 128 … 1 M tokens.
    m_seq->setSpinBox(1, 4194304, 0);
    m_micro->setSpinBox(1, 4096, 0);
    m_global->setSpinBox(1, 16777216, 0);
    scaleTokens(false);
    for (ValueSlider* s : {m_seq, m_micro, m_global})
        s->spinBox()->setGroupSeparatorShown(true);
    m_tokens->spinBox()->setGroupSeparatorShown(true);

    bind(m_seq, core::Field::TrainingSeqLength);
    bind(m_micro, core::Field::TrainingMicroBatchSize);
    bind(m_global, core::Field::TrainingGlobalBatchSize);
    bind(m_tokens, core::Field::TrainingTrainTokens);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (ValueSlider* s : {m_seq, m_micro, m_global, m_tokens})
        layout->addWidget(s);
    addIssueLine(layout);
    retranslateUi();
}

bool BatchControls::appliesTo(const core::Scenario& s) const
{
    return s.mode != core::Mode::Inference; // serving has its own batch and formats
}

QString BatchControls::title() const
{
    return tr("Sequence && batch");
}

void BatchControls::setScenario(const core::Scenario& s)
{
    const core::TrainingSetup& t = s.training;
    m_seq->setSteps(withCurrentStep(powerOfTwoSteps(7, 20), double(t.seqLength)));
    m_seq->setValue(double(t.seqLength));
    m_micro->setSteps(withCurrentStep(powerOfTwoSteps(0, 6), double(t.microBatchSize)));
    m_micro->setValue(double(t.microBatchSize));
    // Only global batches that split into whole micro-batches on every replica.
    const int dp = std::max(1, s.parallel.dataParallel());
    const double unit = double(t.microBatchSize) * dp;
    QVector<double> globals;
    for (double g = unit; g <= std::max(65536.0, unit); g *= 2)
        globals.push_back(g);
    m_global->setSteps(withCurrentStep(globals, double(t.globalBatchSize)));
    m_global->setValue(double(t.globalBatchSize));
    const double tokensPerStep = double(t.globalBatchSize) * double(t.seqLength);
    //: under the global batch; %1 = micro-batches per replica per step, %2 = tokens per step
    m_global->setNote(tr("%1 micro-batches per replica · %2 tokens per step")
                          .arg(QLocale().toString(double(t.globalBatchSize) / unit, 'g', 4), DisplayFormat::count(tokensPerStep)));
    if ((s.mode == core::Mode::FineTune) != m_millions) {
        scaleTokens(s.mode == core::Mode::FineTune);
        retranslateUi();
    }
    m_tokens->setValue(t.trainTokens);
    //: under training tokens; %1 = optimizer steps
    m_tokens->setNote(tokensPerStep > 0 ? tr("%1 optimizer steps").arg(DisplayFormat::count(std::ceil(t.trainTokens / tokensPerStep))) : QString());
}

void BatchControls::retranslateUi()
{
    m_seq->setLabel(tr("Se&quence length"));
    m_seq->setSuffix(tr(" tokens"));
    m_seq->setToolTip(tr("Tokens per sequence. The slider snaps to powers of two; type any length in the box."));
    m_micro->setLabel(tr("&Micro-batch"));
    m_micro->setSuffix(tr(" seq"));
    m_micro->setToolTip(tr("Sequences each GPU processes in one forward/backward pass. Activations grow with it."));
    m_global->setLabel(tr("&Global batch"));
    m_global->setSuffix(tr(" seq"));
    m_global->setToolTip(tr("Sequences per optimizer step over all replicas: micro-batch × DP × micro-batches per step.\n"
                            "The slider offers only multiples of micro-batch × DP."));
    m_tokens->setLabel(tr("Training &tokens"));
    if (m_millions) {
        m_tokens->setSuffix(tr(" M", "millions of tokens"));
        //: %1 = the fine-tuning default in millions of tokens
        m_tokens->setToolTip(tr("Tokens to fine-tune on, in millions. Unless set: %1 M, a fine-tuning set of about 50 k examples "
                                "of 2 k tokens once (Alpaca has 52 k), or about 600 GRPO steps of 64 sequences of 2.5 k tokens.")
                                 .arg(QLocale().toString(core::defaultTrainTokens(core::Mode::FineTune) / 1e6, 'g', 6)));
    } else {
        m_tokens->setSuffix(tr(" B", "billions of tokens"));
        m_tokens->setToolTip(tr("Tokens to train on, in billions (1,000 B = 1 T). Chinchilla-optimal is about 20 per parameter."));
    }
}

void BatchControls::scaleTokens(bool millions)
{
    // A fine-tune counts its data in millions of tokens (issue 31: it kept pre-training's 1 T,
    // which made LoRA take 249 days): the slider spans 1 M … 1 T there, 1 B … 100 T otherwise.
    m_millions = millions;
    if (millions) {
        m_tokens->setContinuous(1e6, 1e12, true);
        m_tokens->setSpinBox(1, 1e9, 0, 1e6);
    } else {
        m_tokens->setContinuous(1e9, 1e14, true);
        m_tokens->setSpinBox(1, 1e6, 0, 1e9);
    }
}
