// FSDP2 under pipeline parallelism (core/training/fsdppipeline.cpp): torchtitan keeps every block
// of a stage unsharded after its forward when PP > 1 (parallelize_llama.py at 9dec370,
// reshard_after_forward=False "to avoid per-microbatch all-gathers"), and PyTorch's pipeline
// stage accumulates the stage's gradients unsharded in the reduce dtype until the last
// micro-batch (stage.py; _fsdp_param.py to_accumulated_grad_if_needed). Numbers worked by hand.
#include <QTest>

#include "core/estimate.h"
#include "core/working.h"
#include "testscenarios.h"

namespace {

double stageSubstitution(const core::Working& w, core::Term term, int stage, std::string_view symbol)
{
    for (const core::WorkingLine& line : w.lines())
        if (line.term == term && line.group == stage)
            for (const core::Substitution& s : line.substitutions)
                if (s.symbol == symbol)
                    return s.value;
    return -1;
}

} // namespace

class TestFsdpPipeline : public QObject
{
    Q_OBJECT

private slots:
    void stageKeptUnsharded()
    {
        // Llama 2 7B on 4 GPUs: PP 2 × FSDP 2 (FULL_SHARD), bf16 parameters, fp32 reduce.
        // A layer: 4·4096² + 3·4096·11008 + 2·4096 = 202,383,360 parameters; stage 0 holds 16
        // layers and the embedding (32000·4096 = 131,072,000): 3,369,205,760 parameters.
        // Through the step: the unsharded bf16 parameters (2 B) and the unsharded fp32
        // gradient accumulator (4 B) of the whole stage: 6 × 3,369,205,760 = 20,215,234,560 B.
        // At a layer's backward, its fresh bf16 gradient (2 × 202,383,360 = 404,766,720 B) and the
        // embedding's (2 × 131,072,000 = 262,144,000 B) on top: 20,882,145,280 B.
        core::Scenario s = testscenarios::preset("llama-2-7b", 4);
        s.training.framework = core::Framework::Fsdp2;
        s.training.zeroStage = 3;
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
        s.parallel.pipeline = 2;
        s.training.globalBatchSize = 8;
        core::Working w;
        const core::Estimate e = core::estimate(s, &w);
        QVERIFY(e.valid);
        QCOMPARE(stageSubstitution(w, core::Term::Zero3GatherBuffers, 0, "forward"), 20215234560.0);
        QCOMPARE(stageSubstitution(w, core::Term::Zero3GatherBuffers, 0, "backward"), 20882145280.0);
    }

    void withoutPipelineTheLayerIsGathered()
    {
        // The same model without PP (FSDP 4): the forward holds one layer's unsharded weights,
        // its all-gather output and the next layer's in flight (3 × 2 B × 202,383,360 =
        // 1,214,300,160 B) beside the root kept unsharded (2 B × (2 · 131,072,000 + 4096) =
        // 524,296,192 B): 1,738,596,352 B.
        core::Scenario s = testscenarios::preset("llama-2-7b", 4);
        s.training.framework = core::Framework::Fsdp2;
        s.training.zeroStage = 3;
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
        s.training.globalBatchSize = 8;
        core::Working w;
        const core::Estimate e = core::estimate(s, &w);
        QVERIFY(e.valid);
        QCOMPARE(stageSubstitution(w, core::Term::Zero3GatherBuffers, 0, "forward"), 1738596352.0);
    }
};

QTEST_GUILESS_MAIN(TestFsdpPipeline)
#include "tst_fsdppipeline.moc"
