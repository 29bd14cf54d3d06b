// FSDP over a frozen LoRA/QLoRA base (core/training/frozenbase.cpp): the base's layers are
// gathered in the format they are stored in and, having no gradients, are neither
// reduce-scattered nor kept as unsharded gradients. Numbers worked by hand.
#include <QTest>

#include "core/estimate.h"
#include "core/working.h"
#include "testscenarios.h"
#include "workinglookup.h"

using core::WeightFormat;

Q_DECLARE_METATYPE(core::WeightFormat)

namespace {

using workinglookup::substitution;

} // namespace

class TestFrozenBase : public QObject
{
    Q_OBJECT

private slots:
    void gatheredAsStored_data()
    {
        QTest::addColumn<WeightFormat>("format");
        QTest::addColumn<double>("storage"); // bytes per base parameter as stored
        // Llama 2 7B on 2 GPUs, FSDP FULL_SHARD, LoRA/QLoRA. A layer: 4·4096² attention +
        // 3·4096·11008 MLP + 2·4096 norms = 202,383,360 parameters; the root (embedding, output
        // layer, final norm: 2·32000·4096 + 4096 = 262,148,096) stays unsharded in bf16.
        // Forward: the layer, its all-gather output and the next layer's in flight, 3 × storage;
        // backward: the layer and the prefetched one, 2 × storage, no gradients (frozen).
        // bf16 base (LoRA): 2 B. NF4 in bf16 quant storage, blocks of 64 with an fp32 absmax
        // (bitsandbytes without double quantization): 4 + 32/64 = 4.5 bits = 0.5625 B.
        QTest::addRow("lora bf16 base") << WeightFormat::Bf16 << 2.0;
        QTest::addRow("qlora nf4 base") << WeightFormat::Nf4 << 0.5625;
    }

    void gatheredAsStored()
    {
        QFETCH(WeightFormat, format);
        QFETCH(double, storage);
        core::Scenario s = testscenarios::preset("llama-2-7b", 2);
        s.mode = core::Mode::FineTune;
        s.finetune.method = format == WeightFormat::Nf4 ? core::FineTuneMethod::QLoRA : core::FineTuneMethod::LoRA;
        s.finetune.base.format = format;
        s.finetune.base.groupSize = 64;
        s.finetune.base.scale = core::ScaleFormat::Fp32;
        s.finetune.base.doubleQuantization = false;
        s.training.framework = core::Framework::Fsdp2;
        s.training.zeroStage = 3;
        s.training.globalBatchSize = 2;
        core::Working w;
        const core::Estimate e = core::estimate(s, &w);
        QVERIFY(e.valid);
        const double layer = 202383360.0, root = 262148096.0;
        QCOMPARE(substitution(w, core::Term::Zero3GatherBuffers, "forward"), 3 * storage * layer + 2 * root);
        QCOMPARE(substitution(w, core::Term::Zero3GatherBuffers, "backward"), 2 * storage * layer + 2 * root);
    }
};

QTEST_GUILESS_MAIN(TestFrozenBase)
#include "tst_frozenbase.moc"
