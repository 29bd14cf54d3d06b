// What of the logits each way of computing the training loss keeps (training.loss_implementation),
// worked by hand from the frameworks' sources (core/training/lossimplementation.cpp cites each
// file and line): eager PyTorch, torch.compile, torchtune's chunked output, LitGPT's eager chunks,
// torchtitan's ChunkedLossWrapper and Megatron's vocab-parallel cross entropy.
#include <QTest>

#include "core/estimate.h"
#include "core/working.h"
#include "testscenarios.h"
#include "workinglookup.h"

using core::Framework;
using core::LossImplementation;
using core::StepMoment;

Q_DECLARE_METATYPE(core::Framework)
Q_DECLARE_METATYPE(core::LossImplementation)

namespace {

using workinglookup::substitution;
using workinglookup::lineValue;

/// Llama 2 7B, s = 4096, b = 1, one GPU: s·b·V = 4096 × 32000 = 131,072,000 logits, and the
/// final norm's and output layer's inputs 2 · 2 B · s·b·h = 67,108,864 B.
constexpr double kLogits = 4096.0 * 32000;
constexpr double kOutputInputs = 2 * 2.0 * 4096 * 4096;

core::Scenario llama7b(Framework framework, LossImplementation loss)
{
    core::Scenario s = testscenarios::preset("llama-2-7b", 1);
    s.training.framework = framework;
    s.training.globalBatchSize = 1;
    s.training.lossImplementation = loss;
    return s;
}

} // namespace

class TestLossImplementation : public QObject
{
    Q_OBJECT

private slots:
    void profiles_data()
    {
        QTest::addColumn<Framework>("framework");
        QTest::addColumn<LossImplementation>("loss");
        QTest::addColumn<double>("held");     // B per logit kept from the loss's forward to its backward
        QTest::addColumn<double>("forward");  // … added at its forward
        QTest::addColumn<double>("backward"); // … added at its backward
        // Auto is the framework's own: Megatron's vocab-parallel cross entropy (cross_entropy.py
        // line 25: the fp32 copy, exponentiated in place and saved, 4 B; the bf16 logits or the
        // bf16 gradient beside it, 2 B), everyone else's eager F.cross_entropy(logits.float())
        // (torchtitan 9dec370 train.py 131–134: log-softmax saved 4 B; bf16 + fp32 copy 6 B in the
        // forward; two fp32 gradients 8 B in the backward).
        QTest::addRow("auto megatron") << Framework::Megatron << LossImplementation::Auto << 4.0 << 2.0 << 2.0;
        QTest::addRow("auto fsdp2") << Framework::Fsdp2 << LossImplementation::Auto << 4.0 << 6.0 << 8.0;
        QTest::addRow("auto deepspeed") << Framework::DeepSpeed << LossImplementation::Auto << 4.0 << 6.0 << 8.0;
        QTest::addRow("auto ddp") << Framework::Ddp << LossImplementation::Auto << 4.0 << 6.0 << 8.0;
        QTest::addRow("vocab-parallel under fsdp2") << Framework::Fsdp2 << LossImplementation::VocabParallel << 4.0 << 2.0 << 2.0;
        QTest::addRow("eager under megatron") << Framework::Megatron << LossImplementation::Torch << 4.0 << 6.0 << 8.0;
        // torch.compile'd cross_entropy_loss (torchtitan e7c0cae components/loss.py 18–29): the
        // graph's bf16 input saved (2 B), the gradient written in bf16 (2 B), nothing in between.
        QTest::addRow("compiled") << Framework::Fsdp2 << LossImplementation::TorchCompiled << 2.0 << 0.0 << 2.0;
        // torchtune CEWithChunkedOutputLoss, 8 chunks each compiled: the bf16 chunks saved (2 B),
        // one chunk's bf16 gradient at a time (2/8 B).
        QTest::addRow("chunked output") << Framework::Fsdp2 << LossImplementation::ChunkedOutput << 2.0 << 0.0 << 0.25;
        // Eager bf16 chunks (LitGPT chunked_cross_entropy): the chunks and their log-softmax kept
        // (2 + 2 B), one chunk's two bf16 gradients in the backward (4/8).
        QTest::addRow("chunked output eager") << Framework::Ddp << LossImplementation::ChunkedOutputEager << 4.0 << 0.0 << 0.5;
        // transformers < 4.46 computing the loss in the model (fsdp_qlora keeps the output): the
        // output's fp32 logits and the log-softmax (4 + 4 B), the shifted fp32 copy in the
        // forward (4 B), the nll and log-softmax gradients in the backward (4 + 4 B).
        QTest::addRow("hf model loss") << Framework::Fsdp2 << LossImplementation::HfModelLoss << 8.0 << 4.0 << 8.0;
        // torchtitan ChunkedLossWrapper: output layer + loss + backward chunk by chunk within the
        // forward; one chunk's eager peak (2 + 4 + 8)/8 B, nothing kept.
        QTest::addRow("chunked loss") << Framework::Fsdp2 << LossImplementation::ChunkedLoss << 0.0 << 1.75 << 0.0;
    }

    void profiles()
    {
        QFETCH(Framework, framework);
        QFETCH(LossImplementation, loss);
        QFETCH(double, held);
        QFETCH(double, forward);
        QFETCH(double, backward);
        core::Working w;
        const core::Estimate e = core::estimate(llama7b(framework, loss), &w);
        QVERIFY(e.valid);
        QCOMPARE(substitution(w, core::Term::LossWorkspace, "forward"), forward * kLogits);
        QCOMPARE(substitution(w, core::Term::LossWorkspace, "backward"), backward * kLogits);
        QCOMPARE(lineValue(w, core::Term::OutputActivations), held * kLogits + kOutputInputs);
    }

    void compilingTheLossLowersItsBackward()
    {
        // The same step with the loss compiled: at the loss's backward the eager loss holds
        // 4 + 8 = 12 B per logit, the compiled one 2 + 2 = 4 B, so that moment is 8 B ×
        // 131,072,000 = 1,048,576,000 B lower; no other moment sees the logits.
        const core::Estimate eager = core::estimate(llama7b(Framework::Fsdp2, LossImplementation::Torch));
        const core::Estimate compiled = core::estimate(llama7b(Framework::Fsdp2, LossImplementation::TorchCompiled));
        QVERIFY(eager.valid && compiled.valid);
        const auto moment = [](const core::Estimate& e, StepMoment m) { return e.groups[0].momentBytes[std::size_t(m)]; };
        QCOMPARE(moment(eager, StepMoment::LossBackward) - moment(compiled, StepMoment::LossBackward), 8 * kLogits);
        QCOMPARE(moment(eager, StepMoment::LayerBackward), moment(compiled, StepMoment::LayerBackward));
        QCOMPARE(moment(eager, StepMoment::Optimizer), moment(compiled, StepMoment::Optimizer));
    }

    void aKeptModelOutputStaysThroughTheStep()
    {
        // fsdp_qlora keeps `output` (its fp32 logits, 4 B per logit) until the next forward
        // returns: against the eager loss every moment but the loss's backward carries those
        // 4 B; the loss's forward has held 8 + 4 + kept 4 against 4 + 6, the backward 8 + 8
        // against 4 + 8 (131,072,000 logits).
        const core::Estimate eager = core::estimate(llama7b(Framework::Fsdp2, LossImplementation::Torch));
        const core::Estimate hf = core::estimate(llama7b(Framework::Fsdp2, LossImplementation::HfModelLoss));
        QVERIFY(eager.valid && hf.valid);
        const auto delta = [&](StepMoment m) {
            return hf.groups[0].momentBytes[std::size_t(m)] - eager.groups[0].momentBytes[std::size_t(m)];
        };
        QCOMPARE(delta(StepMoment::LayerForward), 4 * kLogits);
        QCOMPARE(delta(StepMoment::LayerBackward), 4 * kLogits);
        QCOMPARE(delta(StepMoment::Optimizer), 4 * kLogits);
        QCOMPARE(delta(StepMoment::LossForward), 6 * kLogits);
        QCOMPARE(delta(StepMoment::LossBackward), 4 * kLogits);
    }
};

QTEST_GUILESS_MAIN(TestLossImplementation)
#include "tst_lossimplementation.moc"
