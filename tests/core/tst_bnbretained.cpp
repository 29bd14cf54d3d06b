// What bitsandbytes before 0.43.2 keeps of a QLoRA step (issue 26), worked by hand from the
// source. MatMul4Bit.forward stores each 4-bit layer's input as a ctx attribute
// (bitsandbytes 0.42.0 bitsandbytes/autograd/_functions.py lines 522-523: ctx.tensors = (A, B);
// 9e75374, PR #1270, stores (None, B) from 0.43.2 on). Autograd frees only what
// save_for_backward saved once a node has run (PyTorch 6393ae1 torch/csrc/autograd/
// python_function.cpp, PyNode::release_variables), so the inputs live as long as the graph:
// while LitGPT's loop keeps `logits` (00af8b0 litgpt/finetune/lora.py line 304) the previous
// micro-batch's inputs are still there during the next forward and at the optimizer step.
//
// LitGPT's Llama 2 7B QLoRA recipe (config_hub/finetune/llama-2-7b/qlora.yaml at 00af8b0):
// 32 layers, h = 4096, a·d = 32 × 128 = 4096, F = 11008, micro-batch 2 × 512 tokens, bf16.
// Per layer the distinct 4-bit inputs are the two norms' outputs (QKV, and gate/up share one:
// 2 × h), the attention output (a·d) and the SwiGLU product (F):
//   2 B × 1024 × (2·4096 + 4096 + 11008) = 2 × 1024 × 23,296 = 47,710,208 B,
//   × 32 layers = 1,526,726,656 B.
//
// finetune.quantize_output_layer: Fabric's BitsandbytesPrecision (Lightning-AI/pytorch-lightning
// d9ff9f3 src/lightning/fabric/plugins/precision/bitsandbytes.py, module_init_context) makes every
// torch.nn.Linear 4-bit, LitGPT's lm_head included, and leaves nn.Embedding in bf16. The output
// matrix V·h = 32,000 × 4,096 = 131,072,000 parameters goes from 2 B to NF4's 0.5 B + a 4-byte
// absmax per 64 (0.5625 B): −1.4375 × 131,072,000 = −188,416,000 B all step; MatMul4Bit
// dequantizes it whole for its GEMM (F.dequantize_4bit(B) in forward and backward):
// 2 B × 131,072,000 = 262,144,000 B at the loss's forward and backward.
#include <QTest>

#include "core/estimate.h"
#include "core/working.h"
#include "testscenarios.h"
#include "workinglookup.h"

namespace {

using workinglookup::lineValue;

core::Scenario litgptQlora(bool keepsInputs, bool outputLayer = false)
{
    core::Scenario s = testscenarios::preset("llama-2-7b", 1, "a10");
    s.mode = core::Mode::FineTune;
    s.training.framework = core::Framework::Ddp;
    s.training.precision = core::PrecisionRecipe::Bf16;
    s.training.optimizer = core::Optimizer::AdamW;
    s.training.seqLength = 512;
    s.training.microBatchSize = 2;
    s.training.globalBatchSize = 8;
    s.training.recompute = core::Recompute::None;
    s.training.flashAttention = true;
    s.training.lossImplementation = core::LossImplementation::ChunkedOutputEager; // keeps `logits`
    s.finetune.method = core::FineTuneMethod::QLoRA;
    s.finetune.loraRank = 32;
    s.finetune.loraTargets = core::LoraQ | core::LoraV;
    s.finetune.base.format = core::WeightFormat::Nf4;
    s.finetune.base.groupSize = 64;
    s.finetune.base.scale = core::ScaleFormat::Fp32; // bnb.nf4: fp32 absmax per 64, no double quantization
    s.finetune.base.doubleQuantization = false;
    s.finetune.adapterPrecision = core::AdapterDtype::Bf16;
    s.finetune.pagedOptimizer = true;
    s.finetune.bnbKeepsInputs = keepsInputs;
    s.finetune.quantizeOutputLayer = outputLayer;
    return s;
}

double moment(const core::Estimate& e, core::StepMoment m)
{
    return e.groups.front().momentBytes[std::size_t(m)];
}

} // namespace

class TestBnbRetained : public QObject
{
    Q_OBJECT

private slots:
    void retainedInputs_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<double>("retained"); // the working's line, bytes; −1: no line
        QTest::addRow("bitsandbytes 0.42.0") << "old" << 1526726656.0;
        // 0.43.2 and later keep nothing beyond what save_for_backward saved.
        QTest::addRow("bitsandbytes 0.43.2") << "new" << -1.0;
        // Full (reentrant) recomputation runs the first forward without a graph: no ctx survives.
        QTest::addRow("full recomputation") << "recompute" << -1.0;
        // LLM.int8 (MatMul8bitLt) saves through save_for_backward: not this mechanism.
        QTest::addRow("int8 base") << "int8" << -1.0;
        // A loop that keeps no output (eager F.cross_entropy, retained 0) frees the graph after
        // the backward, and the inputs with it.
        QTest::addRow("output not kept") << "torch-loss" << -1.0;
    }

    void retainedInputs()
    {
        QFETCH(QString, variant);
        QFETCH(double, retained);
        core::Scenario s = litgptQlora(variant != "new");
        if (variant == "recompute")
            s.training.recompute = core::Recompute::Full;
        if (variant == "int8")
            s.finetune.base.format = core::WeightFormat::Int8;
        if (variant == "torch-loss")
            s.training.lossImplementation = core::LossImplementation::Torch;
        core::Working w;
        const core::Estimate e = core::estimate(s, &w);
        QVERIFY(e.valid);
        QCOMPARE(lineValue(w, core::Term::BnbRetainedInputs), retained);
    }

    void moments_data()
    {
        QTest::addColumn<int>("moment");
        QTest::addColumn<double>("added"); // bytes the old bitsandbytes adds at the moment
        // The next forward and its loss run beside the kept graph, and so does the step.
        QTest::addRow("layer forward") << int(core::StepMoment::LayerForward) << 1526726656.0;
        QTest::addRow("loss forward") << int(core::StepMoment::LossForward) << 1526726656.0;
        QTest::addRow("optimizer step") << int(core::StepMoment::Optimizer) << 1526726656.0;
        // At the layers' backward the inputs are the running micro-batch's saved tensors.
        QTest::addRow("layer backward") << int(core::StepMoment::LayerBackward) << 0.0;
        QTest::addRow("loss backward") << int(core::StepMoment::LossBackward) << 0.0;
    }

    void moments()
    {
        QFETCH(int, moment);
        QFETCH(double, added);
        const core::Estimate before = core::estimate(litgptQlora(false));
        const core::Estimate after = core::estimate(litgptQlora(true));
        QVERIFY(before.valid && after.valid);
        const auto m = core::StepMoment(moment);
        QCOMPARE(::moment(after, m) - ::moment(before, m), added);
    }

    void outputLayer_data()
    {
        QTest::addColumn<int>("moment");
        QTest::addColumn<double>("added"); // bytes a 4-bit output layer adds at the moment
        QTest::addRow("layer forward") << int(core::StepMoment::LayerForward) << -188416000.0;
        QTest::addRow("loss forward") << int(core::StepMoment::LossForward) << -188416000.0 + 262144000.0;
        QTest::addRow("loss backward") << int(core::StepMoment::LossBackward) << -188416000.0 + 262144000.0;
        QTest::addRow("layer backward") << int(core::StepMoment::LayerBackward) << -188416000.0;
        QTest::addRow("optimizer step") << int(core::StepMoment::Optimizer) << -188416000.0;
    }

    void outputLayer()
    {
        QFETCH(int, moment);
        QFETCH(double, added);
        const core::Estimate before = core::estimate(litgptQlora(false, false));
        const core::Estimate after = core::estimate(litgptQlora(false, true));
        QVERIFY(before.valid && after.valid);
        const auto m = core::StepMoment(moment);
        QCOMPARE(::moment(after, m) - ::moment(before, m), added);
    }

    void outputLayerTied()
    {
        // A tied output layer is the embedding, which Fabric does not replace: nothing moves.
        core::Scenario tied = litgptQlora(false, true);
        tied.model.tiedEmbeddings = true;
        core::Scenario plain = tied;
        plain.finetune.quantizeOutputLayer = false;
        const core::Estimate a = core::estimate(tied), b = core::estimate(plain);
        QVERIFY(a.valid && b.valid);
        QCOMPARE(a.groups.front().allocatedBytes, b.groups.front().allocatedBytes);
    }
};

QTEST_GUILESS_MAIN(TestBnbRetained)
#include "tst_bnbretained.moc"
