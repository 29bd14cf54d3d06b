// The step-time model: each part against hand arithmetic, the time source (model, MFU,
// achieved TFLOP/s), FP8 on GEMMs only, the attention kernel, eager PyTorch, NVLink domains, MoE
// dispatch and FP8 recipes. The whole model against published runs: tst_accuracy (the corpus).
#include <QtTest>

#include <cmath>

#include "core/estimate.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/steptime.h"
#include "core/steptime/attentionkernel.h"
#include "core/steptime/eagerops.h"
#include "core/steptime/fp8recipe.h"
#include "core/steptime/moedispatch.h"
#include "testscenarios.h"

namespace {

double part(const core::Estimate& e, core::StepPart p) { return e.compute.stepParts[std::size_t(p)]; }

QString relative(double got, double want) { return QStringLiteral("got %1, expected %2").arg(got, 0, 'g', 10).arg(want, 0, 'g', 10); }

} // namespace

class TestStepTime : public QObject
{
    Q_OBJECT

private slots:
    void gemmRoofline_data()
    {
        QTest::addColumn<double>("m");
        QTest::addColumn<double>("n");
        QTest::addColumn<double>("k");
        QTest::addColumn<double>("efficiency");
        QTest::addColumn<double>("seconds");
        // H100 SXM: 989.4 TFLOP/s bf16, 3.35 TB/s. 2·8192³ = 1.0995e12 FLOP at 80 %:
        // 1.0995e12 / (989.4e12 · 0.8) = 1.38908 ms; its 3 × 8192² × 2 B = 402.7 MB take 0.12 ms.
        QTest::addRow("8192 cube, compute-bound") << 8192.0 << 8192.0 << 8192.0 << 0.8 << 1.0995116278e12 / (989.4e12 * 0.8);
        // A GEMV (M = 1): 2·8192² = 1.342e8 FLOP is 0.17 µs, but it reads the 8192 × 8192 matrix:
        // 2 B · (8192 + 8192² ) + 2 B · 8192 = 134,250,496 B / 3.35e12 B/s = 40.075 µs.
        QTest::addRow("GEMV, bandwidth-bound") << 1.0 << 8192.0 << 8192.0 << 0.8 << 134250496.0 / 3.35e12;
    }
    void gemmRoofline()
    {
        QFETCH(double, m);
        QFETCH(double, n);
        QFETCH(double, k);
        QFETCH(double, efficiency);
        QFETCH(double, seconds);
        const double got = core::gemmSeconds(m, n, k, 989.4e12, efficiency, 2, 3.35e12);
        QVERIFY2(std::abs(got - seconds) <= 1e-9 * seconds, qPrintable(relative(got, seconds)));
    }

    void gemmEfficiencyCurve()
    {
        const core::GpuStepFigures& h100 = core::gpuStepFigures("h100-sxm");
        // At the shape MAMF was measured at (2048 × 2048 × 13312) the curve gives MAMF, 794.5 / 989
        // = 0.803 (stas00/ml-engineering compute/accelerator/README.md @ 744d01e), times the
        // sustained fraction 0.674 of resources/steptime.json: 0.541222.
        QCOMPARE(core::gemmEfficiency(h100, false, 2048, 2048, 13312), 0.674 * 0.803);
        // N = 128 (a head-dim-sized matrix): f(128)/f(2048) with f(d) = d/(d + 128):
        // 0.5 / (2048/2176) = 0.53125 of it = 0.28752.
        const double narrow = core::gemmEfficiency(h100, false, 2048, 128, 13312);
        QVERIFY2(std::abs(narrow - 0.674 * 0.803 * 0.5 / (2048.0 / 2176.0)) < 1e-12, qPrintable(QString::number(narrow)));
        // Larger than the measured shape is capped there, not above it.
        QCOMPARE(core::gemmEfficiency(h100, false, 16384, 16384, 16384), 0.674 * 0.803);
        // FP8 uses its own measurement (1402.6 / 1979 = 0.709).
        QCOMPARE(core::gemmEfficiency(h100, true, 2048, 2048, 13312), 0.674 * 0.709);
        // A GPU without a measurement falls back to the "default" entry.
        QCOMPARE(core::gpuStepFigures("no-such-gpu").preset, std::string_view("default"));
    }

    void bubble_data()
    {
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("virtualStages");
        QTest::addColumn<double>("microBatchSeconds");
        QTest::addColumn<double>("bubble");
        // Narayanan et al. 2021 §2.2: (p − 1)·(t_f + t_b), divided by v when interleaved.
        QTest::addRow("1F1B p8") << 8 << 1 << 0.1 << 0.7;
        QTest::addRow("interleaved p8 v4") << 8 << 4 << 0.1 << 0.175;
        QTest::addRow("no pipeline") << 1 << 1 << 0.1 << 0.0;
    }
    void bubble()
    {
        QFETCH(int, stages);
        QFETCH(int, virtualStages);
        QFETCH(double, microBatchSeconds);
        QFETCH(double, bubble);
        const double got = core::bubbleSeconds(stages, virtualStages, microBatchSeconds);
        QVERIFY2(std::abs(got - bubble) < 1e-12, qPrintable(relative(got, bubble)));
    }

    void bubbleInTheEstimate()
    {
        // A uniform pipeline: the bubble is (p − 1)/(v·m) of the micro-batches' work. Llama 2 70B
        // (80 layers) on PP 4, m = 128: 3/128 of the slowest stage's compute.
        core::Scenario s = testscenarios::preset("llama-2-70b", 32, "h100-sxm");
        s.parallel.tensor = 8;
        s.parallel.pipeline = 4;
        s.parallel.sequenceParallel = true;
        s.training.globalBatchSize = 128; // DP = 32 / (8 · 4) = 1: m = 128 micro-batches
        s.training.zeroStage = 1;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.microBatchesPerStep, 128);
        double work = 0;
        for (core::StepPart p : {core::StepPart::Gemm, core::StepPart::Attention, core::StepPart::Elementwise, core::StepPart::Overhead,
                                 core::StepPart::Recompute, core::StepPart::TensorParallel})
            work += part(e, p);
        const double expected = 3.0 / 128 * work; // (p − 1)/m of the slowest stage's m micro-batches
        const double got = part(e, core::StepPart::Bubble);
        // The last stage also runs the logits, so the other three stages are a little faster:
        // the bubble is (Σ stages − slowest) = at most 3/m of it, and within 5 % of that here.
        QVERIFY2(got <= expected * 1.0000001 && got >= expected * 0.95, qPrintable(relative(got, expected)));
    }

    void ringAllReduce()
    {
        // nccl-tests PERFORMANCE.md: all-reduce moves 2(n−1)/n of the bytes. 1 GB over 8 ranks at
        // a 360 GB/s bus: 2·7/8 · 1e9 / 360e9 = 4.8611 ms, plus one latency of 43.8 µs.
        const double got = core::allReduceSeconds(1e9, 8, 360e9, 43.8e-6);
        const double want = 1.75e9 / 360e9 + 43.8e-6;
        QVERIFY2(std::abs(got - want) < 1e-12, qPrintable(relative(got, want)));
        // Reduce-scatter and all-gather move (n−1)/n: half the all-reduce's bytes.
        QVERIFY2(std::abs(core::reduceScatterSeconds(1e9, 8, 360e9, 0) - 0.875e9 / 360e9) < 1e-15, "reduce-scatter");
        QCOMPARE(core::allReduceSeconds(1e9, 1, 360e9, 43.8e-6), 0.0); // one rank: nothing to reduce
    }

    void groupLinks_data()
    {
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("size");
        QTest::addColumn<double>("bus");
        QTest::addColumn<bool>("network");
        // H100 SXM: NVLink 900 GB/s both directions → 450 per direction × 0.8 = 360 GB/s;
        // NDR 50 GB/s per GPU × 0.75 = 37.5 GB/s (stas00/ml-engineering network/README.md).
        QTest::addRow("TP8 in a node") << 1 << 8 << 360e9 << false;
        // DP over 8 nodes with TP8: one member per node, one NIC: 37.5 GB/s.
        QTest::addRow("DP64 at TP8") << 8 << 64 << 37.5e9 << true;
        // DP over 8 nodes, TP1: 8 members per node push through 8 NICs: 300 GB/s < NVLink's 360.
        QTest::addRow("DP64 at TP1") << 1 << 64 << 300e9 << true;
        // DP over nodes at TP2: 4 members per node: 150 GB/s.
        QTest::addRow("DP32 at TP2") << 2 << 32 << 150e9 << true;
    }
    void groupLinks()
    {
        QFETCH(int, stride);
        QFETCH(int, size);
        QFETCH(double, bus);
        QFETCH(bool, network);
        const core::GroupLink link = core::groupLink(stride, size, 8, 900e9, 50e9);
        QCOMPARE(link.overNetwork, network);
        QVERIFY2(std::abs(link.busBytesPerSecond - bus) < 1, qPrintable(relative(link.busBytesPerSecond, bus)));
    }

    void exposedTail_data()
    {
        QTest::addColumn<double>("communication");
        QTest::addColumn<double>("overlappable");
        QTest::addColumn<double>("tail");
        QTest::addColumn<double>("exposed");
        // A 0.5 s gradient reduce-scatter behind a 0.3 s backward: 0.2 s stick out.
        QTest::addRow("longer than the backward") << 0.5 << 0.3 << 0.05 << 0.2;
        // Behind a longer backward only the last bucket, which has nothing left to overlap, shows.
        QTest::addRow("hidden but the last bucket") << 0.5 << 0.6 << 0.05 << 0.05;
        // Never more than the collective itself.
        QTest::addRow("shorter than a bucket") << 0.03 << 1.0 << 0.05 << 0.03;
    }
    void exposedTail()
    {
        QFETCH(double, communication);
        QFETCH(double, overlappable);
        QFETCH(double, tail);
        QFETCH(double, exposed);
        const double got = core::exposedSeconds(communication, overlappable, tail);
        QVERIFY2(std::abs(got - exposed) < 1e-12, qPrintable(relative(got, exposed)));
    }

    void timeSource()
    {
        core::Scenario s = testscenarios::preset("llama-2-7b", 8, "a100-80gb");
        s.training.zeroStage = 1;
        s.hardware.mfu = 0;
        core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.compute.timeSource, core::TimeSource::Model);
        QCOMPARE(e.compute.iterationSeconds, e.compute.modelStepSeconds);
        double sum = 0;
        for (double p : e.compute.stepParts)
            sum += p;
        QVERIFY2(std::abs(sum - e.compute.modelStepSeconds) <= 1e-12 * sum, "the parts add up to the model's step");
        QCOMPARE(e.compute.effectiveMfu, e.compute.modelMfu);
        // A stated MFU keeps its meaning (the seed deck's 40 %): C / (n · peak · 0.4).
        s.hardware.mfu = 0.4;
        e = core::estimate(s);
        QCOMPARE(e.compute.timeSource, core::TimeSource::Mfu);
        const double want = e.compute.modelFlopsPerIteration / (8 * 312e12 * 0.4);
        QVERIFY2(std::abs(e.compute.iterationSeconds - want) <= 1e-12 * want, qPrintable(relative(e.compute.iterationSeconds, want)));
        QVERIFY(e.compute.modelStepSeconds > 0); // the model's own view is still reported
        // A measured throughput overrides both.
        s.hardware.achievedTflops = 150;
        e = core::estimate(s);
        QCOMPARE(e.compute.timeSource, core::TimeSource::AchievedTflops);
    }

    void fp8OnGemmsOnly()
    {
        // DeepSeek-V3 (arXiv 2412.19437) §3.3: only the GEMMs run in FP8; attention, norms, the
        // output head and communication stay in BF16. So FP8 shortens the GEMM time only and the
        // step gains much less than the 2× of the peaks.
        core::Scenario s = testscenarios::preset("llama-3-70b", 64, "h100-sxm");
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
        s.training.seqLength = 8192;
        s.training.globalBatchSize = 128;
        s.training.zeroStage = 1;
        s.parallel.tensor = 4;
        s.parallel.pipeline = 8;
        s.parallel.virtualPipeline = 5;
        s.parallel.sequenceParallel = true;
        const core::Estimate bf16 = core::estimate(s);
        s.training.precision = core::PrecisionRecipe::Fp8Mixed;
        const core::Estimate fp8 = core::estimate(s);
        QVERIFY(bf16.valid && fp8.valid);
        // GEMMs: the FP8 peak is 2× and its measured efficiency 0.709 vs 0.803: 1.766× faster at
        // most (the output layer and the router stay in BF16, so a little less).
        const double gemmRatio = part(bf16, core::StepPart::Gemm) / part(fp8, core::StepPart::Gemm);
        QVERIFY2(gemmRatio > 1.6 && gemmRatio <= 2 * 0.709 / 0.803 + 1e-9, qPrintable(QString::number(gemmRatio)));
        QCOMPARE(part(fp8, core::StepPart::Attention), part(bf16, core::StepPart::Attention));
        // The elementwise work grows by the casts of the GEMM inputs (core/steptime/fp8recipe.h), nothing else.
        QVERIFY(part(fp8, core::StepPart::Elementwise) > part(bf16, core::StepPart::Elementwise));
        const double stepRatio = bf16.compute.modelStepSeconds / fp8.compute.modelStepSeconds;
        QVERIFY2(stepRatio > 1.2 && stepRatio < gemmRatio, qPrintable(QString::number(stepRatio)));
    }

    void attentionKernel_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("requested");
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("kernel");
        QTest::addColumn<double>("forward");
        QTest::addColumn<double>("backward");
        using K = core::AttentionKernel;
        using F = core::Framework;
        // FlashAttention-3 (arXiv 2407.08608) Fig. 5(d)/6, head dim 128, H100 at 16k: cuDNN 539
        // causal forward of 989.4 = 0.545; backward 516 × 539/595 = 467 → 0.472.
        QTest::addRow("Megatron on H100: cuDNN") << "h100-sxm" << int(K::Auto) << int(F::Megatron) << int(K::Cudnn) << 0.545 << 0.472;
        // FlashAttention-2: 335 / 989.4 = 0.339; backward 322 × 335/370 = 291.5 → 0.295.
        QTest::addRow("torchtitan on H100: FA2") << "h100-sxm" << int(K::Auto) << int(F::Fsdp2) << int(K::Fa2) << 0.339 << 0.295;
        // FlashAttention-3: 616 / 989.4 = 0.623; backward 561 × 616/648 = 533 → 0.539.
        QTest::addRow("FA3 asked for on H100") << "h100-sxm" << int(K::Fa3) << int(F::Fsdp2) << int(K::Fa3) << 0.623 << 0.539;
        // NVIDIA/cudnn-frontend benchmark/sdpa_benchmark_training/results/llama3.1 @ 3929da2, cuDNN,
        // bf16, causal (top_left), head dim 128, 16,384 tokens, backward not deterministic:
        // GB200 1708 forward and 1328 backward TFLOP/s of 2500 = 0.6832 → 0.683, 0.5312 → 0.531;
        // GB300 1915 and 1507 of 2500 = 0.766, 0.6028 → 0.603.
        QTest::addRow("Megatron on GB200: cuDNN measured") << "gb200" << int(K::Auto) << int(F::Megatron) << int(K::Cudnn) << 0.683 << 0.531;
        QTest::addRow("Megatron on GB300: cuDNN measured") << "gb300" << int(K::Auto) << int(F::Megatron) << int(K::Cudnn) << 0.766 << 0.603;
        // HGX B300 is GB300's GPU: the same fractions of its own peak.
        QTest::addRow("Megatron on B300: GB300's fractions") << "b300" << int(K::Auto) << int(F::Megatron) << int(K::Cudnn) << 0.766 << 0.603;
        // FlashAttention-3 is Hopper-only: on B200 the fused kernel's figures (GB200's fractions, the same GPU).
        QTest::addRow("FA3 asked for on B200") << "b200" << int(K::Fa3) << int(F::Megatron) << int(K::Cudnn) << 0.683 << 0.531;
        // A100: FlashAttention-2 is the fused kernel (FA2 paper: forward up to 73 %).
        QTest::addRow("DDP on A100") << "a100-80gb" << int(K::Auto) << int(F::Ddp) << int(K::Fa2) << 0.70 << 0.60;
    }
    void attentionKernel()
    {
        QFETCH(QString, gpu);
        QFETCH(int, requested);
        QFETCH(int, framework);
        QFETCH(int, kernel);
        QFETCH(double, forward);
        QFETCH(double, backward);
        const core::AttentionFigures f = core::attentionFigures(core::gpuStepFigures(gpu.toStdString()), core::AttentionKernel(requested),
                                                                core::Framework(framework));
        QCOMPARE(int(f.kernel), kernel);
        QVERIFY2(std::abs(f.forward - forward) < 1e-9, qPrintable(relative(f.forward, forward)));
        QVERIFY2(std::abs(f.backward - backward) < 1e-9, qPrintable(relative(f.backward, backward)));
    }

    void attentionHeadDim_data()
    {
        QTest::addColumn<int>("kernel");
        QTest::addColumn<double>("headDim");
        QTest::addColumn<double>("factor");
        using K = core::AttentionKernel;
        // FlashAttention-3 (arXiv 2407.08608) Fig. 5, H100 forward at 16k tokens, head dim 64
        // against 128 (TFLOP/s): FlashAttention-2 299/370, cuDNN 388/595, FlashAttention-3 473/648.
        QTest::addRow("FA2 at 64") << int(K::Fa2) << 64.0 << 299.0 / 370;
        QTest::addRow("cuDNN at 64") << int(K::Cudnn) << 64.0 << 388.0 / 595;
        QTest::addRow("FA3 at 64") << int(K::Fa3) << 64.0 << 473.0 / 648;
        // Half way from 64 to 128: half way from the ratio to 1 (cuDNN: (0.652 + 1) / 2).
        QTest::addRow("cuDNN at 96") << int(K::Cudnn) << 96.0 << (388.0 / 595 + 1) / 2;
        // Below 64 no measurement: the 64 figure; from 128 on the kernels' own figures.
        QTest::addRow("FA2 at 32") << int(K::Fa2) << 32.0 << 299.0 / 370;
        QTest::addRow("cuDNN at 128") << int(K::Cudnn) << 128.0 << 1.0;
        QTest::addRow("FA3 at 192 (MLA q·k)") << int(K::Fa3) << 192.0 << 1.0;
    }
    void attentionHeadDim()
    {
        QFETCH(int, kernel);
        QFETCH(double, headDim);
        QFETCH(double, factor);
        const double got = core::attentionHeadDimFactor(core::AttentionKernel(kernel), headDim);
        // The constants carry the figure's ratio to three digits.
        QVERIFY2(std::abs(got - factor) < 1e-3, qPrintable(relative(got, factor)));
    }

    void attentionBackwardFlops()
    {
        // Llama 3 8B on 8 H100 under Megatron (cuDNN's fused attention), 4096 tokens, one
        // micro-batch of one sequence per GPU. Per layer the causal core is F = 2·s·q·T =
        // 2 × 4096 × 4096 × 4096 = 1.374e11 FLOP forward; the backward's five GEMMs are 2.5 F
        // (Dao-AILab/flash-attention benchmarks/benchmark_flash_attention.py @ 0469c72), each at
        // its measured efficiency (cuDNN 0.545 forward, 0.472 backward, head dim 128: no
        // narrowing), × the sustained fraction 0.674 × 4096/(4096 + 512):
        // 32 layers × F / 989.4e12 × (1/0.545 + 2.5/0.472) / (0.674 × 0.888889) = 0.0529127 s.
        core::Scenario s = testscenarios::preset("llama-3-8b", 8, "h100-sxm");
        s.training.framework = core::Framework::Megatron;
        s.training.seqLength = 4096;
        s.training.microBatchSize = 1;
        s.training.globalBatchSize = 8;
        s.training.recompute = core::Recompute::None;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const double F = 2.0 * 4096 * 4096 * 4096;
        const double want = 32 * F / 989.4e12 * (1 / 0.545 + 2.5 / 0.472) / (0.674 * 4096.0 / 4608.0);
        const double got = part(e, core::StepPart::Attention);
        QVERIFY2(std::abs(got / want - 1) < 1e-9, qPrintable(relative(got, want)));
    }

    void fsdpUnderPipelineGathersOncePerStep()
    {
        // torchtitan keeps a pipeline stage unsharded from its first micro-batch's forward to its
        // last one's backward and reduce-scatters once (torchtitan 9dec370 parallelize_llama.py
        // 326–329; torch pipelining stage.py backward_maybe_with_nosync): FSDP2's data-parallel
        // traffic under PP is one all-gather and one reduce-scatter a step, whatever the number of
        // micro-batches; DeepSpeed's ZeRO-3 gathers every micro-batch's passes.
        core::Scenario s = testscenarios::preset("llama-3-8b", 16, "h100-sxm");
        s.parallel.pipeline = 2;
        s.training.zeroStage = 3;
        s.training.seqLength = 4096;
        s.training.microBatchSize = 1;
        s.training.framework = core::Framework::Fsdp2;
        const auto dpSeconds = [&](int globalBatch) {
            s.training.globalBatchSize = globalBatch;
            const core::Estimate e = core::estimate(s);
            return e.valid ? e.communication.seconds[std::size_t(core::CommDimension::DataParallel)] : -1.0;
        };
        const double two = dpSeconds(16), eight = dpSeconds(64); // 2 and 8 micro-batches on DP 8
        QVERIFY(two > 0);
        QCOMPARE(eight, two);
        s.training.framework = core::Framework::DeepSpeed;
        const double dsTwo = dpSeconds(16), dsEight = dpSeconds(64);
        QVERIFY(dsTwo > 0);
        QVERIFY2(std::abs(dsEight / dsTwo - 4) < 1e-9, qPrintable(QString::number(dsEight / dsTwo)));
    }

    void eagerElementwise()
    {
        // Llama 3 8B (h 4096, 32 heads of 128, 8 KV heads, F 14336, RMSNorm, SwiGLU, RoPE) under
        // torchtitan without torch.compile: per token, forward, in 2-byte passes —
        //   norms 2 × (18 − 2) = 32 h; SwiGLU 5 − 3 = 2 F;
        //   rotary (10 − 2)·(q + k) = 8 · 5120 = 40960, GQA copies 2·(q + k) = 10240, output copy 2q = 8192;
        //   loss 32 − 12 = 20 bytes per logit.
        core::Scenario s = testscenarios::preset("llama-3-8b", 8, "h100-sxm");
        s.training.framework = core::Framework::Fsdp2;
        const core::ModelArchitecture& m = s.model;
        core::EagerTraffic t = core::eagerTraffic(m, s.training, 4096, 1024);
        QCOMPARE(t.hidden, 32.0);
        QCOMPARE(t.ffn, 2.0);
        QCOMPARE(t.projection, 40960.0 + 10240 + 8192);
        QCOMPARE(t.lossBytesPerLogit, 20.0);
        // torch.compile fuses the block's operators; the loss is not compiled (torchtitan).
        s.training.torchCompile = true;
        t = core::eagerTraffic(m, s.training, 4096, 1024);
        QCOMPARE(t.hidden + t.ffn + t.projection, 0.0);
        QCOMPARE(t.lossBytesPerLogit, 20.0);
        // Megatron's Transformer Engine kernels and fused cross entropy: nothing added.
        s.training.framework = core::Framework::Megatron;
        t = core::eagerTraffic(m, s.training, 4096, 1024);
        QCOMPARE(t.hidden + t.ffn + t.projection + t.lossBytesPerLogit, 0.0);
    }

    void eagerElementwiseInTheStep()
    {
        // The same model on 8 H100, 4096 tokens a micro-batch, one micro-batch a step: eager minus
        // compiled elementwise time = 32 layers × (1 + 2 backward) × 2 bytes × 4096 tokens ×
        // (32·4096 + 2·14336 + 59392) / 3.35e12 B/s = 0.0514439 s.
        core::Scenario s = testscenarios::preset("llama-3-8b", 8, "h100-sxm");
        s.training.framework = core::Framework::Fsdp2;
        s.training.zeroStage = 3;
        s.training.seqLength = 4096;
        s.training.microBatchSize = 1;
        s.training.globalBatchSize = 8;
        s.training.recompute = core::Recompute::None;
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
        const core::Estimate eager = core::estimate(s);
        s.training.torchCompile = true;
        const core::Estimate compiled = core::estimate(s);
        QVERIFY(eager.valid && compiled.valid);
        const double want = 32.0 * 3 * 2 * 4096 * (32.0 * 4096 + 2 * 14336 + 59392) / 3.35e12;
        const double got = part(eager, core::StepPart::Elementwise) - part(compiled, core::StepPart::Elementwise);
        QVERIFY2(std::abs(got - want) < 1e-9, qPrintable(relative(got, want)));
        QCOMPARE(part(eager, core::StepPart::Gemm), part(compiled, core::StepPart::Gemm));
    }

    void nvlinkIsland_data()
    {
        QTest::addColumn<int>("perNode");
        QTest::addColumn<int>("domain");
        QTest::addColumn<int>("island");
        QTest::addRow("a node") << 8 << 0 << 8;
        QTest::addRow("domain no larger than the node") << 8 << 8 << 8;
        // NVL72: 72 GPUs on one fabric, jobs fill 64 of them (a power of two).
        QTest::addRow("GB200 NVL72") << 4 << 72 << 64;
        QTest::addRow("NVL36") << 4 << 36 << 32;
    }
    void nvlinkIsland()
    {
        QFETCH(int, perNode);
        QFETCH(int, domain);
        QFETCH(int, island);
        QCOMPARE(core::nvlinkIsland(perNode, domain), (long long)island);
        // An EP group of 64 consecutive ranks stays on NVLink in NVL72 (1.8 TB/s → 900 GB/s per
        // direction × 0.8 = 720 GB/s), and goes over the network in 8-GPU nodes.
        const core::GroupLink ep = core::groupLink(1, 64, core::nvlinkIsland(perNode, domain), 1.8e12, 50e9);
        QCOMPARE(ep.overNetwork, island < 64);
        if (island >= 64)
            QVERIFY2(std::abs(ep.busBytesPerSecond - 720e9) < 1, qPrintable(relative(ep.busBytesPerSecond, 720e9)));
    }

    void moeDispatch()
    {
        // A token routed to 8 experts spread over 8 nodes reaches 7·(1 − (7/8)^8) = 4.594737
        // other nodes on average.
        QVERIFY(std::abs(core::remoteNodesPerToken(8, 8) - 7 * (1 - std::pow(7.0 / 8, 8))) < 1e-12);
        QCOMPARE(core::remoteNodesPerToken(8, 1), 0.0);
        // EP 64 over 8 nodes, 1 GB of copies: a flat all-to-all sends 56/64 of it through the NIC
        // (37.5 GB/s): 0.875e9 / 37.5e9 = 23.333 ms (NVLink's 7/64 at 450 GB/s takes 0.24 ms);
        // DeepEP sends one copy per remote node: 1e9/8 × 4.594737 / 37.5e9 = 15.316 ms.
        core::DispatchShape d;
        d.bytes = 1e9;
        d.topK = 8;
        d.ep = 64;
        d.inNode = 8;
        d.overNetwork = true;
        d.nicBytesPerSecond = 37.5e9;
        d.nvlinkBytesPerSecond = 450e9;
        const double flat = core::dispatchSeconds(d);
        QVERIFY2(std::abs(flat - 0.875e9 / 37.5e9) < 1e-12, qPrintable(relative(flat, 0.875e9 / 37.5e9)));
        d.hierarchical = true;
        const double deepep = core::dispatchSeconds(d);
        const double want = 1e9 / 8 * core::remoteNodesPerToken(8, 8) / 37.5e9;
        QVERIFY2(std::abs(deepep - want) < 1e-12, qPrintable(relative(deepep, want)));
        // Inside one NVLink island: (ep − 1)/ep over the group's bus; the dispatch mode does not matter.
        d.overNetwork = false;
        d.busBytesPerSecond = 720e9;
        QVERIFY(std::abs(core::dispatchSeconds(d) - 1e9 * 63 / 64 / 720e9) < 1e-15);
        // Token permutation: read h, write k·h, and back: 2·(1 + 8) = 18 passes of h.
        QCOMPARE(core::permuteElementsPerToken(8), 18.0);
    }

    void fp8Recipes_data()
    {
        QTest::addColumn<int>("recipe");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<double>("castBytes");
        QTest::addColumn<double>("peakRatio");
        using R = core::Fp8Recipe;
        // Cast-transpose: read 2 B, write a row-wise and a column-wise byte = 4 B per element.
        QTest::addRow("delayed") << int(R::Delayed) << "h100-sxm" << 4.0 << 1.0;
        // Current scaling reads the tensor once more for its amax: 6 B.
        QTest::addRow("current") << int(R::Current) << "h100-sxm" << 6.0 << 1.0;
        QTest::addRow("MXFP8") << int(R::Mxfp8) << "b200" << 4.0 << 1.0;
        // NVFP4 on GB200: FP4 10 of FP8 5 PFLOPS dense; on H100 no FP4 tensor cores.
        QTest::addRow("NVFP4 on GB200") << int(R::Nvfp4) << "gb200" << 5.0 << 2.0;
        QTest::addRow("NVFP4 on H100") << int(R::Nvfp4) << "h100-sxm" << 5.0 << 1.0;
    }
    void fp8Recipes()
    {
        QFETCH(int, recipe);
        QFETCH(QString, gpu);
        QFETCH(double, castBytes);
        QFETCH(double, peakRatio);
        const core::Fp8RecipeCost c = core::fp8RecipeCost(core::Fp8Recipe(recipe), core::gpuStepFigures(gpu.toStdString()));
        QCOMPARE(c.castBytesPerElement, castBytes);
        QCOMPARE(c.gemmPeakRatio, peakRatio);
    }
};

QTEST_GUILESS_MAIN(TestStepTime)
#include "tst_steptime.moc"
