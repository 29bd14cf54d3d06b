// What two PyTorch training-recipe settings change in a GPU's memory (issue 26), numbers worked
// by hand for Llama 3.2 1B (16 layers, h = 2048, V = 128,256 tied, 1,235,814,400 parameters)
// trained in pure bf16 with AdamW on one GPU:
// - training.optimizer_in_backward: each parameter's step runs in its post-accumulate-grad hook
//   and frees its gradient (torchtune 1814feb torchtune/training/memory.py lines 236-242), so
//   the most gradient that exists at once is the largest tensor's: the tied embedding, V·h;
// - training.activation_offload: saved tensors go to host memory (torchtune 1814feb
//   torchtune/training/_activation_offloading.py); two layers' stay on the GPU.
#include <QTest>

#include "core/estimate.h"
#include "core/working.h"
#include "testscenarios.h"
#include "workinglookup.h"

namespace {

using workinglookup::lineValue;

core::Scenario llama1b(bool optimizerInBackward, bool offload, core::Recompute recompute)
{
    core::Scenario s = testscenarios::preset("llama-3.2-1b", 1);
    s.mode = core::Mode::Train;
    s.training.framework = core::Framework::Ddp;
    s.training.precision = core::PrecisionRecipe::Bf16; // weights, gradients and AdamW moments in bf16
    s.training.optimizer = core::Optimizer::AdamW;
    s.training.seqLength = 4096;
    s.training.microBatchSize = 2;
    s.training.globalBatchSize = 2; // one micro-batch per step, as optimizer_in_bwd requires
    s.training.recompute = recompute;
    s.training.optimizerInBackward = optimizerInBackward;
    s.training.activationOffload = offload;
    return s;
}

} // namespace

class TestRecipeMemory : public QObject
{
    Q_OBJECT

private slots:
    void optimizerInBackward_data()
    {
        QTest::addColumn<bool>("inBackward");
        QTest::addColumn<double>("gradients");   // the Gradients line, bytes
        QTest::addColumn<double>("temporaries"); // the optimizer step's temporaries, bytes
        // Off: every gradient, 2 B × 1,235,814,400 = 2,471,628,800, and foreach AdamW's sqrt of
        // exp_avg_sq, one bf16 copy of the moments: 2 B × 1,235,814,400.
        QTest::addRow("step after backward") << false << 2471628800.0 << 2471628800.0;
        // On: the tied embedding's gradient, 2 B × 128,256 × 2,048 = 2 × 262,668,288 =
        // 525,336,576, and one step over that tensor: 2 B × 262,668,288.
        QTest::addRow("step in backward") << true << 525336576.0 << 525336576.0;
    }

    void optimizerInBackward()
    {
        QFETCH(bool, inBackward);
        QFETCH(double, gradients);
        QFETCH(double, temporaries);
        core::Working w;
        const core::Estimate e = core::estimate(llama1b(inBackward, false, core::Recompute::Full), &w);
        QVERIFY(e.valid);
        QCOMPARE(lineValue(w, core::Term::Gradients), gradients);
        QCOMPARE(lineValue(w, core::Term::OptimizerStepTemporaries), temporaries);
    }

    void activationOffload_data()
    {
        QTest::addColumn<bool>("offload");
        QTest::addColumn<double>("activations"); // the layers' saved tensors on the GPU, bytes
        // Full recomputation keeps each layer's input, 2 B × s·b·h = 2 × 8,192 × 2,048 =
        // 33,554,432 per layer: 16 layers 536,870,912 on the GPU, or two of them offloaded.
        QTest::addRow("on the GPU") << false << 536870912.0;
        QTest::addRow("offloaded") << true << 67108864.0;
    }

    void activationOffload()
    {
        QFETCH(bool, offload);
        QFETCH(double, activations);
        core::Working w;
        const core::Estimate e = core::estimate(llama1b(false, offload, core::Recompute::Full), &w);
        QVERIFY(e.valid);
        QCOMPARE(lineValue(w, core::Term::LayerActivations), activations);
    }
};

QTEST_GUILESS_MAIN(TestRecipeMemory)
#include "tst_recipememory.moc"
