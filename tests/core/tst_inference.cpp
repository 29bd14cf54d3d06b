// Serving: weights by storage format, KV cache per layer type (MHA/GQA/MQA/MLA, sliding windows,
// hybrid layouts, paged blocks), what fits, and the engine step (decode, TP all-reduce, continuous
// batching with a token budget).
#include <QtTest>

#include "core/estimate.h"
#include "core/kvcache.h"
#include "core/io/presets.h"
#include "core/weightformat.h"
#include "testscenarios.h"

using namespace testscenarios;

Q_DECLARE_METATYPE(core::ServingEngine)

namespace {

core::Scenario serving(const char* modelId, int gpus, int tp, const char* gpuId = "a100-80gb")
{
    core::Scenario s = preset(modelId, gpus, gpuId);
    s.mode = core::Mode::Inference;
    s.parallel.tensor = tp;
    s.inference.weights.format = core::WeightFormat::Fp16;
    s.inference.kvCacheDtype = core::KvCacheDtype::Fp16;
    s.inference.batchSize = 1;
    s.inference.promptLength = 1024;
    s.inference.generatedTokens = 1024;
    s.inference.kvBlockSize = 16;
    return s;
}

core::Scenario servingCount(double parameters, core::WeightFormat format, int groupSize = 128)
{
    core::Scenario s = countOnly(parameters, 1, 0);
    s.mode = core::Mode::Inference;
    s.inference.weights.format = format;
    s.inference.weights.groupSize = groupSize;
    s.inference.promptLength = 1024;
    s.inference.generatedTokens = 1024;
    return s;
}

double bytesOf(const core::Estimate& e, core::Component c, std::size_t group = 0)
{
    return e.groups.at(group).bytes[std::size_t(c)];
}

} // namespace

class TestInference : public QObject
{
    Q_OBJECT

private slots:
    void seed7bFp16()
    {
        // Seed 2: 7B MHA, fp16, 2048 tokens, batch 1: KV = 2·32·32·128·2048·2 B = 1 GiB exactly;
        // weights 7e9 × 2 = 14 GB; what the batch needs is 15–18 GB with workspace and CUDA
        // context. An engine that allocates what it needs (HF transformers) shows just that.
        core::Scenario hf = serving("llama-2-7b", 1, 1);
        hf.inference.engine = core::ServingEngine::HfTransformers;
        const core::Estimate e = core::estimate(hf);
        QVERIFY(e.valid);
        QCOMPARE(bytesOf(e, core::Component::KvCache), 1073741824.0);
        QCOMPARE(bytesOf(e, core::Component::Weights), 2 * 6738415616.0);
        const core::Estimate ce = core::estimate(servingCount(7e9, core::WeightFormat::Fp16));
        QCOMPARE(bytesOf(ce, core::Component::Weights), 14e9);
        const double totalGB = e.groups[0].totalBytes / 1e9;
        QVERIFY2(totalGB >= 15 && totalGB <= 18, qPrintable(QString::number(totalGB)));
        // vLLM reserves gpu_memory_utilization (0.9) of the card up front: the KV cache this
        // batch needs is the same, the rest of the pool is reserved but unused.
        const core::Estimate v = core::estimate(serving("llama-2-7b", 1, 1));
        QCOMPARE(bytesOf(v, core::Component::KvCache), 1073741824.0);
        const double device = v.groups[0].deviceBytes;
        const double ctx = bytesOf(v, core::Component::CudaContext), graphs = bytesOf(v, core::Component::CudaGraphPool);
        // vLLM budgets the profiled *allocated* peak (gpu_worker.py), so what the allocator keeps
        // cached on top of it, the context (taken before its snapshot) and the CUDA graphs (not
        // deducted in v0.19) come on top of gpu_memory_utilization × total.
        const double frag = bytesOf(v, core::Component::Fragmentation);
        QCOMPARE(device - ctx - graphs - frag, 0.9 * v.groups[0].capacityBytes);
    }

    void weightFormats_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("group");
        QTest::addColumn<double>("expectedGB");
        QTest::addColumn<double>("tolerance");
        using F = core::WeightFormat;
        // Seed 2: 28 / 14 / 7 / 3.5 GB for fp32 / fp16 / int8 / int4 (per-channel scales, ≈ 0).
        QTest::addRow("fp32") << int(F::Fp32) << 0 << 28.0 << 1e-9;
        QTest::addRow("fp16") << int(F::Fp16) << 0 << 14.0 << 1e-9;
        QTest::addRow("int8 per channel") << int(F::Int8) << 0 << 7.0 << 0.005;
        QTest::addRow("int4 per channel") << int(F::Int4) << 0 << 3.5 << 0.005;
        // Group 128 with fp16 scales: 4 + 16/128 = 4.125 bits (GPTQ/AWQ).
        QTest::addRow("int4 g128 fp16 scales") << int(F::Int4) << 128 << 7e9 * 4.125 / 8 / 1e9 << 1e-9;
        QTest::addRow("fp8") << int(F::Fp8) << 0 << 7.0 << 1e-9;
    }
    void weightFormats()
    {
        QFETCH(int, format);
        QFETCH(int, group);
        QFETCH(double, expectedGB);
        QFETCH(double, tolerance);
        const core::Estimate e = core::estimate(servingCount(7e9, core::WeightFormat(format), group));
        QVERIFY(e.valid);
        const double got = bytesOf(e, core::Component::Weights) / 1e9;
        QVERIFY2(std::abs(got - expectedGB) <= tolerance * expectedGB, qPrintable(QString::number(got, 'g', 10)));
    }

    void quantizationBits_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("group");
        QTest::addColumn<int>("scale");
        QTest::addColumn<bool>("zero");
        QTest::addColumn<bool>("doubleQuant");
        QTest::addColumn<double>("bits");
        using F = core::WeightFormat;
        using S = core::ScaleFormat;
        QTest::addRow("int4 g128 fp16") << int(F::Int4) << 128 << int(S::Fp16) << false << false << 4.125;
        QTest::addRow("int4 g128 fp16 + zero") << int(F::Int4) << 128 << int(S::Fp16) << true << false << 4.0 + 20.0 / 128;
        QTest::addRow("int4 g32 e8m0 (MXFP4-like)") << int(F::Int4) << 32 << int(S::E8M0) << false << false << 4.25;
        QTest::addRow("int8 g64 fp32") << int(F::Int8) << 64 << int(S::Fp32) << false << false << 8.5;
        // QLoRA §3: NF4 with an fp32 absmax per 64 → 4.5; double quantization → 4.127.
        QTest::addRow("nf4") << int(F::Nf4) << 64 << int(S::Fp32) << false << false << 4.5;
        QTest::addRow("nf4 double quantization") << int(F::Nf4) << 64 << int(S::Fp32) << false << true << 4 + 8.0 / 64 + 32.0 / (64 * 256);
    }
    void quantizationBits()
    {
        QFETCH(int, format);
        QFETCH(int, group);
        QFETCH(int, scale);
        QFETCH(bool, zero);
        QFETCH(bool, doubleQuant);
        QFETCH(double, bits);
        core::WeightQuantization q;
        q.format = core::WeightFormat(format);
        q.groupSize = group;
        q.scale = core::ScaleFormat(scale);
        q.zeroPoint = zero;
        q.doubleQuantization = doubleQuant;
        QCOMPARE(core::bitsPerParameter(q, 4096), bits);
        if (doubleQuant)
            QCOMPARE_LT(std::abs(bits - 4.127), 0.001); // the paper's rounded figure
    }

    void seventyBOnEightA100()
    {
        // Seed 1 §6.4: 70B in bf16 is 140 GB: TP 8 over 8 × 80 GB → 17.5 GB of weights per GPU.
        core::Scenario s = servingCount(70e9, core::WeightFormat::Bf16);
        s.parallel.gpus = 8;
        s.parallel.tensor = 8;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(bytesOf(e, core::Component::Weights), 140e9 / 8);
        QVERIFY(e.groups[0].fits);
        // …and on a single GPU it does not.
        s.parallel.gpus = s.parallel.tensor = 1;
        QVERIFY(!core::estimate(s).groups[0].fits);
    }

    void kvPerTokenPerLayer_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("tp");
        QTest::addColumn<double>("bytes");
        // 2 (K and V) · heads on this GPU · head dim · 2 bytes.
        QTest::addRow("Llama-2-7B MHA") << "llama-2-7b" << 1 << 2.0 * 32 * 128 * 2;
        QTest::addRow("Llama-2-70B GQA 8") << "llama-2-70b" << 1 << 2.0 * 8 * 128 * 2;
        QTest::addRow("Llama-2-70B GQA, TP 8") << "llama-2-70b" << 8 << 2.0 * 1 * 128 * 2;
        QTest::addRow("Llama-2-70B GQA, TP 16: replicated") << "llama-2-70b" << 16 << 2.0 * 1 * 128 * 2;
        // DeepSeek-V2 §2.1: MLA caches (d_c + d_R) = 512 + 64 per token and layer, on every TP rank.
        QTest::addRow("DeepSeek-V3 MLA") << "deepseek-v3" << 1 << (512.0 + 64) * 2;
        QTest::addRow("DeepSeek-V3 MLA, TP 8") << "deepseek-v3" << 8 << (512.0 + 64) * 2;
    }
    void kvPerTokenPerLayer()
    {
        QFETCH(QString, id);
        QFETCH(int, tp);
        QFETCH(double, bytes);
        QCOMPARE(core::kvBytesPerTokenPerLayer(core::findModelPreset(id.toStdString())->model, core::KvCacheDtype::Bf16, tp), bytes);
    }

    void slidingWindowAndHybrid()
    {
        // Mistral 7B v0.1: every layer windowed at 4096 → a 32k context caches 4096 tokens per layer.
        const core::ModelArchitecture& mistral = core::findModelPreset("mistral-7b")->model;
        QCOMPARE(core::kvCacheBytes(mistral, core::KvCacheDtype::Bf16, 1, 0, 32, 32768, 1, 0), 32 * 4096 * (2.0 * 8 * 128 * 2));
        // Gemma 3 27B: 62 layers, every 6th global (10), 52 local with a 1024 window; 16 KV heads
        // of 128. At 128k tokens: 8192 B × (10·131072 + 52·1024).
        const core::ModelArchitecture& gemma = core::findModelPreset("gemma-3-27b")->model;
        QCOMPARE(gemma.globalLayersIn(0, 62), 10);
        const double hybrid = core::kvCacheBytes(gemma, core::KvCacheDtype::Bf16, 1, 0, 62, 131072, 1, 0);
        QCOMPARE(hybrid, 8192.0 * (10 * 131072 + 52 * 1024));
        // What a calculator that ignores windows and GQA would say: 32 heads on all 62 layers.
        const double naive = 2.0 * 32 * 128 * 2 * 62 * 131072;
        QVERIFY(naive / hybrid > 10);
    }

    void longestContextWithWindows()
    {
        // Gemma 3 27B, 10 GB free: past the 1024 window only the 10 global layers grow:
        // (10e9 − 8192 B × 52 layers × 1024) / (8192 B × 10) = 116,745.5 → 116,745 tokens.
        const core::ModelArchitecture& gemma = core::findModelPreset("gemma-3-27b")->model;
        QCOMPARE(core::maxContextThatFits(gemma, core::KvCacheDtype::Bf16, 1, 0, 62, 1, 0, 10e9, 1e10), 116745.0);
        // Below the window: 1 MB free over 62 layers × 8192 B → 1 token… rounded down to blocks of 16: 0.
        QCOMPARE(core::maxContextThatFits(gemma, core::KvCacheDtype::Bf16, 1, 0, 62, 1, 16, 1e6, 1e10), 0.0);
        // Mistral v0.1 windows every layer: the cache stops growing at 4096 tokens.
        const core::ModelArchitecture& mistral = core::findModelPreset("mistral-7b")->model;
        QCOMPARE(core::maxContextThatFits(mistral, core::KvCacheDtype::Bf16, 1, 0, 32, 1, 16, 10e9, 1e10), 1e10);
    }

    void pagedBlocks()
    {
        const core::ModelArchitecture& m = core::findModelPreset("llama-2-7b")->model;
        const double perToken = 32 * 2.0 * 32 * 128 * 2;
        QCOMPARE(core::kvCacheBytes(m, core::KvCacheDtype::Fp16, 1, 0, 32, 2049, 1, 16), perToken * 2064); // 129 blocks of 16
        QCOMPARE(core::kvCacheBytes(m, core::KvCacheDtype::Fp16, 1, 0, 32, 2049, 1, 0), perToken * 2049);
        QCOMPARE(core::kvCacheBytes(m, core::KvCacheDtype::Fp8, 1, 0, 32, 2048, 3, 16), perToken / 2 * 2048 * 3);
    }

    void largestBatchThatFits()
    {
        // Property, not a pasted number: the reported batch fits and one more does not.
        core::Scenario s = serving("llama-2-7b", 1, 1);
        const core::Estimate e = core::estimate(s);
        const double maxBatch = e.inference.maxBatchAtContext;
        QVERIFY(maxBatch > 10);
        const double kvPerSequence = 1073741824.0; // 1 GiB at 2048 tokens: 2·32·4096·2048·2 B
        QCOMPARE(e.inference.kvBytesPerSequence, kvPerSequence);
        QVERIFY(maxBatch * kvPerSequence <= e.inference.freeBytesForKv);
        QVERIFY((maxBatch + 1) * kvPerSequence > e.inference.freeBytesForKv);
        s.inference.batchSize = std::int64_t(maxBatch);
        QVERIFY(core::estimate(s).groups[0].fits);
        s.inference.batchSize = std::int64_t(maxBatch) + 1;
        QVERIFY(!core::estimate(s).groups[0].fits);
        // Longest context at batch 1: the same free memory over 0.5 MiB per token.
        const double perToken = kvPerSequence / 2048;
        QVERIFY(e.inference.maxContextAtBatch * perToken <= e.inference.freeBytesForKv);
        QVERIFY((e.inference.maxContextAtBatch + 16) * perToken > e.inference.freeBytesForKv);
    }

    void largestBatchIsTheRuleThatDecidesFitting_data()
    {
        // Issue 27 item 5: each of these reported a largest batch that its own estimate refused
        // (a workspace or logits that grow with the batch, HF's fragmented cache, SGLang's pool
        // beside a workspace it does not subtract, stages whose KV and free memory differ).
        QTest::addColumn<core::ServingEngine>("engine");
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("prompt");
        QTest::addColumn<bool>("flash");
        QTest::addRow("HF, Llama 2 7B, TP 2") << core::ServingEngine::HfTransformers << "llama-2-7b" << 2 << 2 << 1 << 1024 << true;
        QTest::addRow("HF eager, Llama 2 7B") << core::ServingEngine::HfTransformers << "llama-2-7b" << 1 << 1 << 1 << 1024 << false;
        QTest::addRow("HF, Llama 3.1 70B, TP 2") << core::ServingEngine::HfTransformers << "llama-3.1-70b" << 2 << 2 << 1 << 1024 << true;
        QTest::addRow("SGLang, Gemma 3 27B, TP 4 PP 2") << core::ServingEngine::Sglang << "gemma-3-27b" << 8 << 4 << 2 << 300 << true;
        QTest::addRow("TensorRT-LLM, Gemma 3 27B, TP 4 PP 2") << core::ServingEngine::TensorRtLlm << "gemma-3-27b" << 8 << 4 << 2 << 300 << true;
        QTest::addRow("TensorRT-LLM, Qwen3 235B, TP 4 PP 2") << core::ServingEngine::TensorRtLlm << "qwen3-235b-a22b" << 8 << 4 << 2 << 300 << true;
        QTest::addRow("vLLM, Mixtral, TP 4 PP 2") << core::ServingEngine::Vllm << "mixtral-8x7b" << 8 << 4 << 2 << 300 << true;
        QTest::addRow("llama.cpp, Llama 3.1 70B, TP 2") << core::ServingEngine::LlamaCpp << "llama-3.1-70b" << 2 << 2 << 1 << 1024 << true;
    }

    void largestBatchIsTheRuleThatDecidesFitting()
    {
        QFETCH(core::ServingEngine, engine);
        QFETCH(QString, model);
        QFETCH(int, gpus);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, prompt);
        QFETCH(bool, flash);
        core::Scenario s = serving(model.toUtf8().constData(), gpus, tp, "h100-sxm");
        s.parallel.pipeline = pp;
        s.inference.promptLength = prompt;
        s.inference.generatedTokens = 100;
        s.inference.flashAttention = flash;
        s.inference.engine = engine;
        const core::Estimate atOne = core::estimate(s);
        QVERIFY(atOne.valid);
        const double largest = atOne.inference.maxBatchAtContext;
        QVERIFY(largest >= 1);
        auto fitsAt = [&](double batch, double* reported = nullptr) {
            s.inference.batchSize = std::int64_t(batch);
            const core::Estimate e = core::estimate(s);
            if (reported)
                *reported = e.inference.maxBatchAtContext;
            return e.valid && std::all_of(e.groups.begin(), e.groups.end(), [](const core::RankGroup& g) { return g.fits; });
        };
        double reported = 0;
        QVERIFY(fitsAt(largest, &reported));
        QCOMPARE(reported, largest); // the same answer whatever batch is asked about
        QVERIFY(!fitsAt(largest + 1));
        // One past the largest, the reason given is one that holds: a "does not fit" names a total
        // above the device's memory; where only a reserving engine's KV pool is short, the pool's
        // own warning says so (not "needs 79.5 GB per GPU but has 85.9 GB").
        const core::Estimate past = core::estimate(s);
        bool reasoned = false;
        for (const core::Issue& i : past.issues) {
            if (i.code == core::IssueCode::DoesNotFit)
                QVERIFY2(i.b > i.c, qPrintable(QStringLiteral("needs %1 but has %2").arg(i.b).arg(i.c)));
            reasoned = reasoned || i.code == core::IssueCode::DoesNotFit || i.code == core::IssueCode::KvPoolTooSmall
                || i.code == core::IssueCode::WeightsExceedCapacity;
        }
        QVERIFY(reasoned);
    }

    void communicatorsTheEngineConnects_data()
    {
        // The NCCL communicators one serving GPU connects, each 688 MB (runtime default, NVIDIA/nccl
        // issue 964). vLLM's TP group runs collectives on its PyNcclCommunicator and on
        // torch.distributed's device group (vllm cuda_communicator.py @ 00b5a01,
        // base_device_communicator.py @ 00a18bc): two; its PP group sends through the PyNccl one.
        // The other engines: one per parallel dimension.
        QTest::addColumn<core::ServingEngine>("engine");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<double>("nccl");
        QTest::addRow("vLLM TP 1") << core::ServingEngine::Vllm << 1 << 1 << 0.0;
        QTest::addRow("vLLM TP 2") << core::ServingEngine::Vllm << 2 << 1 << 2 * 688e6;
        QTest::addRow("vLLM PP 2") << core::ServingEngine::Vllm << 1 << 2 << 688e6;
        QTest::addRow("vLLM TP 4 PP 2") << core::ServingEngine::Vllm << 4 << 2 << 3 * 688e6;
        QTest::addRow("SGLang TP 4") << core::ServingEngine::Sglang << 4 << 1 << 688e6;
        QTest::addRow("TensorRT-LLM TP 2 PP 2") << core::ServingEngine::TensorRtLlm << 2 << 2 << 2 * 688e6;
    }

    void communicatorsTheEngineConnects()
    {
        QFETCH(core::ServingEngine, engine);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(double, nccl);
        core::Scenario s = serving("llama-3.1-8b", tp * pp, tp, "h100-sxm");
        s.parallel.pipeline = pp;
        s.inference.engine = engine;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        for (std::size_t g = 0; g < e.groups.size(); ++g) {
            QCOMPARE(bytesOf(e, core::Component::NcclBuffers, g), nccl);
            // vLLM sizes its pool as gpu_memory_utilization × total less the non-KV memory
            // (weights, the profiled peak, non-torch: cuBLAS and the communicators), so what the
            // allocator holds plus the communicators is 0.9 × the card, whatever the layout.
            if (engine == core::ServingEngine::Vllm)
                QCOMPARE(e.groups[g].allocatedBytes + nccl, 0.9 * e.groups[g].capacityBytes);
        }
    }

    void nvfp4OnFp4TensorCores_data()
    {
        // The GEMMs' peak as the roofline's ridge (peak / datasheet bandwidth). NVFP4 (4-bit values,
        // an FP8 scale per 16) on a B200 runs W4A4 on its FP4 tensor cores: fp4_peak_ratio 2 ×
        // 4500 TFLOP/s FP8 = 9000 TFLOP/s over 8 TB/s = 1125. The same 4 bits with a 16-bit scale
        // per 128 are a weight-only kernel at the BF16 peak: 2250 / 8 = 281.25. An H100 has no FP4
        // tensor cores (fp4_peak_ratio 0): BF16 989.4 TFLOP/s / 3.35 TB/s = 295.343.
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("group");
        QTest::addColumn<int>("scale");
        QTest::addColumn<double>("ridge");
        QTest::newRow("B200 NVFP4") << "b200" << 16 << int(core::ScaleFormat::Fp8) << 1125.0;
        QTest::newRow("B200 int4 g128 fp16 scales") << "b200" << 128 << int(core::ScaleFormat::Fp16) << 281.25;
        QTest::newRow("H100 NVFP4 layout, no FP4 cores") << "h100-sxm" << 16 << int(core::ScaleFormat::Fp8) << 989.4 / 3.35;
    }
    void nvfp4OnFp4TensorCores()
    {
        QFETCH(QString, gpu);
        QFETCH(int, group);
        QFETCH(int, scale);
        QFETCH(double, ridge);
        const QByteArray id = gpu.toLatin1();
        core::Scenario s = serving("llama-3.1-8b", 1, 1, id.constData());
        s.inference.engine = core::ServingEngine::TensorRtLlm;
        s.inference.weights.format = core::WeightFormat::Int4;
        s.inference.weights.groupSize = group;
        s.inference.weights.scale = core::ScaleFormat(scale);
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QVERIFY2(std::abs(e.inference.ridgePoint / ridge - 1) < 1e-9, qPrintable(QString::number(e.inference.ridgePoint, 'g', 10)));
    }

    void nvfp4ReadsItsWeightsAsFp8Does()
    {
        // The same NVFP4 Llama 3.1 8B at batch 1 reads the same bytes on a B200 (FP4 tensor cores:
        // the whole achievable 8 TB/s × 0.88) and on an H100 (a weight-only int4 kernel: 3.35 TB/s
        // × 0.88 × the fitted weight-only share). So the H100's read times 3.35e12 × that share
        // equals the B200's read times 8e12.
        auto weightsPart = [](const char* gpu) {
            core::Scenario s = serving("llama-3.1-8b", 1, 1, gpu);
            s.inference.engine = core::ServingEngine::TensorRtLlm;
            s.inference.weights.format = core::WeightFormat::Int4;
            s.inference.weights.groupSize = 16;
            s.inference.weights.scale = core::ScaleFormat::Fp8;
            const core::Estimate e = core::estimate(s);
            return e.inference.decodeParts[std::size_t(core::ServingPart::Weights)];
        };
        const double b200 = weightsPart("b200"), h100 = weightsPart("h100-sxm");
        QVERIFY(b200 > 0 && h100 > 0);
        const double share = core::ModelConstants::shipped()[core::FittedConstant::ServingWeightOnlyEfficiency];
        QVERIFY2(std::abs(h100 * 3.35e12 * share / (b200 * 8e12) - 1) < 1e-9, qPrintable(QString::number(h100 * 3.35e12 * share / (b200 * 8e12), 'g', 10)));
    }

    void decodeStepAsTheEngineRunsIt()
    {
        // Llama 2 7B, batch 1, A100 80GB, vLLM (core/serving/stepcost.h). Each decode step reads
        // every weight but the token embedding (looked up, not read: 32000 × 4096 × 2 B) at 0.88 of
        // the datasheet 2039 GB/s (resources/serving.json hbm_read_fraction), and the KV cache at
        // the average context (1024 + 512 tokens × 0.5 MiB) at the same rate; then 32 layers × the
        // per-layer floor and one engine step of the scheduler (both fitted, read from the shipped
        // constants: this checks the mechanism, not the fit).
        const core::Estimate e = core::estimate(serving("llama-2-7b", 1, 1));
        const core::ModelConstants& k = core::ModelConstants::shipped();
        const double achievable = 2039e9 * 0.88;
        const double weights = (2 * 6738415616.0 - 2 * 32000.0 * 4096) / achievable; // 7.3647 ms
        const double kv = 1536 * 524288.0 / achievable;                                // 0.4488 ms
        auto part = [&](core::ServingPart p) { return e.inference.decodeParts[std::size_t(p)]; };
        QCOMPARE_LT(std::abs(part(core::ServingPart::Weights) - weights), 1e-12);
        QCOMPARE(part(core::ServingPart::Compute), 0.0); // batch 1: the read binds
        QCOMPARE_LT(std::abs(part(core::ServingPart::KvRead) - kv), 1e-12);
        QCOMPARE_LT(std::abs(part(core::ServingPart::LayerFloor) - 32 * k[core::FittedConstant::ServingLayerFloor]), 1e-12);
        QCOMPARE(part(core::ServingPart::EngineOverhead), k[core::FittedConstant::ServingStepOverhead]);
        QCOMPARE(part(core::ServingPart::TensorParallel), 0.0);
        const double step = weights + kv + 32 * k[core::FittedConstant::ServingLayerFloor] + k[core::FittedConstant::ServingStepOverhead];
        QCOMPARE_LT(std::abs(e.inference.decodeStepSeconds - step), 1e-12);
        // Batch 1 with nothing else running: the time between tokens is that step.
        QCOMPARE_LT(std::abs(e.inference.itlSeconds - step), 1e-12);
        QVERIFY(e.inference.memoryBound);
        QCOMPARE_LT(std::abs(e.inference.ridgePoint - 312e12 / 2039e9), 1e-9);
        // HF transformers has no server scheduler between steps.
        core::Scenario hf = serving("llama-2-7b", 1, 1);
        hf.inference.engine = core::ServingEngine::HfTransformers;
        QCOMPARE(core::estimate(hf).inference.decodeParts[std::size_t(core::ServingPart::EngineOverhead)], 0.0);
        // A large batch of short sequences crosses the ridge: compute-bound.
        core::Scenario big = serving("llama-2-7b", 1, 1);
        big.inference.batchSize = 512;
        big.inference.promptLength = 64;
        big.inference.generatedTokens = 64;
        QVERIFY(!core::estimate(big).inference.memoryBound);
    }

    void tensorParallelAllReducePerLayer()
    {
        // Llama 2 7B on 2 × A100 (NVLink), vLLM, batch 1: two all-reduces per layer (attention
        // output, MLP output) of 1 row × 4096 × 2 B = 8192 B each. vLLM's one-shot kernel: 4.5 µs
        // + 8192 B × 1.516e-11 s/B = 4.6242 µs (sgl-project/sglang#2904, 2 × H100), faster than
        // NCCL's 20.3 µs latency alone; × 2 × 32 layers = 0.29595 ms.
        const core::Estimate e = core::estimate(serving("llama-2-7b", 2, 2));
        QVERIFY(e.valid);
        const double tp = e.inference.decodeParts[std::size_t(core::ServingPart::TensorParallel)];
        QCOMPARE_LT(std::abs(tp - 64 * (4.5e-6 + 8192 * 1.516e-11)), 1e-12);
        // The same on HF (no custom all-reduce): NCCL's ring, at least its 20.3 µs latency each.
        core::Scenario hf = serving("llama-2-7b", 2, 2);
        hf.inference.engine = core::ServingEngine::HfTransformers;
        const double nccl = core::estimate(hf).inference.decodeParts[std::size_t(core::ServingPart::TensorParallel)];
        QVERIFY(nccl > 64 * 2.03e-5);
        QVERIFY(nccl < 64 * (2.03e-5 + 8192 / 100e9)); // the bytes over at least 100 GB/s of NVLink
        // Each GPU reads half the sharded weights and all of the replicated norms ((2·32 + 1) × 4096
        // × 2 B = 532,480 B): (13,214,687,232 − 532,480) / 2 + 532,480 B.
        const double norms = (2 * 32 + 1) * 4096 * 2.0;
        const double weights = ((2 * 6738415616.0 - 2 * 32000.0 * 4096 - norms) / 2 + norms) / (2039e9 * 0.88);
        QCOMPARE_LT(std::abs(e.inference.decodeParts[std::size_t(core::ServingPart::Weights)] - weights), 1e-9);
    }

    void continuousBatchingTokenBudget()
    {
        // Llama 3.1 8B, 40 requests running, ISL 4096, OSL 64, vLLM with a 2048-token budget per
        // step (max_num_batched_tokens; vllm/v1/core/sched/scheduler.py @ 00024d3: the running
        // requests' decode tokens first, then prompt chunks in what is left). In the steady state
        // each of the others brings 4096 prompt tokens over one request's 63 decode steps:
        // 65.016 per step each. 40 + 39 × 65.016 = 2575.6 > 2048, so fewer run: R + (R − 1) × 65.016
        // = 2048 gives R = (2048 + 65.016) / 66.016 = 32.0077, with 2048 − R = 2015.99 prompt tokens
        // in each step.
        core::Scenario s = serving("llama-3.1-8b", 1, 1, "h100-sxm");
        s.inference.batchSize = 40;
        s.inference.promptLength = 4096;
        s.inference.generatedTokens = 64;
        s.inference.maxBatchedTokens = 2048;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const double perStep = 4096.0 / 63;
        const double running = (2048 + perStep) / (1 + perStep);
        QCOMPARE_LT(std::abs(e.inference.runningRequests - running), 1e-9);
        QCOMPARE_LT(std::abs(e.inference.prefillTokensPerStep - (2048 - running)), 1e-9);
        // A new prompt gets what the budget leaves beside the 31.008 others' decode tokens:
        // ⌈4096 / 2016.99⌉ = 3 steps.
        QCOMPARE(e.inference.ttftChunks, 3.0);
        // Throughput by Little's law: running × OSL over a request's time, its service TTFT + 63 ITLs.
        // The 40 − 32.0077 = 7.9923 requests the budget leaves waiting queue for a slot: requests
        // leave at 32.0077 / request time, so each waits 7.9923 / 32.0077 request times, which the
        // TTFT shown includes (L = λW).
        const double request = running * 64 / e.inference.throughputPerReplica;
        const double queue = (40 - running) * request / running;
        QCOMPARE_LT(std::abs(e.inference.ttftSeconds - queue + 63 * e.inference.itlSeconds - request), 1e-9 * request);
        QVERIFY(queue > 0.2 * request);
        // Under that load a token takes longer than in a decode step alone.
        QVERIFY(e.inference.itlSeconds > e.inference.decodeStepSeconds);
        // With a budget that carries everyone (8192), all 40 run and 39 × 65.016 prompt tokens ride along.
        s.inference.maxBatchedTokens = 8192;
        const core::Estimate wide = core::estimate(s);
        QCOMPARE(wide.inference.runningRequests, 40.0);
        QCOMPARE_LT(std::abs(wide.inference.prefillTokensPerStep - 39 * perStep), 1e-9);
    }

    void prefillIsComputeBound()
    {
        // 2·N per token plus the causal attention core 2·prompt·q per layer and token (average
        // span prompt/2, QKᵀ and ·V): (2·6.738e9 + 2·4096·32·1024) · 1024 / (312 TF · 0.4).
        const core::Estimate e = core::estimate(serving("llama-2-7b", 1, 1));
        const double flops = 1024 * (2 * 6738415616.0 + 2.0 * 4096 * 32 * 1024);
        QCOMPARE_LT(std::abs(e.inference.prefillFlops - flops), 1e-9 * flops);
        QCOMPARE_LT(std::abs(e.inference.prefillSeconds - flops / (312e12 * 0.4)), 1e-12);
    }

    void badInput()
    {
        core::Scenario s = serving("llama-2-7b", 1, 1);
        s.inference.weights.format = core::WeightFormat::Int4;
        s.inference.weights.groupSize = 8192; // longer than a 4096-wide row
        core::Estimate e = core::estimate(s);
        QVERIFY(!e.valid);
        QCOMPARE(e.issues.front().code, core::IssueCode::QuantGroupLargerThanRow);

        s = serving("llama-2-7b", 1, 1);
        s.inference.promptLength = 8000; // Llama 2 has 4096 positions: a warning, still estimated
        e = core::estimate(s);
        QVERIFY(e.valid);
        bool warned = false;
        for (const core::Issue& i : e.issues)
            warned |= i.code == core::IssueCode::ContextLongerThanModel && i.severity == core::Severity::Warning;
        QVERIFY(warned);

        // 48 heads, 12 KV heads, TP 16: TP neither divides the KV heads nor is a multiple of them.
        s = serving("llama-2-7b", 16, 16);
        s.model.numAttentionHeads = 48;
        s.model.numQueryGroups = 12;
        s.model.hiddenSize = 6144;
        e = core::estimate(s);
        QVERIFY(!e.valid);
        bool kv = false;
        for (const core::Issue& i : e.issues)
            kv |= i.code == core::IssueCode::KvHeadsNotDividingTensor;
        QVERIFY(kv);

        s = serving("llama-2-7b", 1, 1);
        s.inference.batchSize = 0;
        QVERIFY(!core::estimate(s).valid);
    }
};

QTEST_GUILESS_MAIN(TestInference)
#include "tst_inference.moc"
