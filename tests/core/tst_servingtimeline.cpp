// The serving timeline: a batch's KV blocks appearing as its prompts are prefilled and its
// requests decode, beside the pool the engine reserved; its peak is the estimate's KV cache and
// the preemption point is the first step whose blocks do not fit the pool.
#include <QtTest>

#include "core/estimate.h"
#include "core/kvcache.h"
#include "core/timeline/servingtimeline.h"
#include "testscenarios.h"

using namespace testscenarios;

namespace {

constexpr double MiB = 1048576.0;

core::Scenario serving(const char* modelId, std::int64_t batch, std::int64_t prompt, std::int64_t generated, const char* gpuId = "h100-sxm")
{
    core::Scenario s = preset(modelId, 1, gpuId);
    s.mode = core::Mode::Inference;
    s.inference.weights.format = core::WeightFormat::Bf16;
    s.inference.kvCacheDtype = core::KvCacheDtype::Bf16;
    s.inference.batchSize = batch;
    s.inference.promptLength = prompt;
    s.inference.generatedTokens = generated;
    s.inference.kvBlockSize = 16; // vllm/config/cache.py DEFAULT_BLOCK_SIZE = 16 (002f10e0cfa1373a19a0d2756598a34b700d20e5)
    s.inference.maxBatchedTokens = 2048;
    return s;
}

core::ServingEngine engineOf(const QString& name)
{
    if (name == "sglang") return core::ServingEngine::Sglang;
    if (name == "trtllm") return core::ServingEngine::TensorRtLlm;
    if (name == "hf") return core::ServingEngine::HfTransformers;
    if (name == "llamacpp") return core::ServingEngine::LlamaCpp;
    return core::ServingEngine::Vllm;
}

} // namespace

class TestServingTimeline : public QObject
{
    Q_OBJECT

private slots:
    void blocksPerRequest_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("tensor");
        QTest::addColumn<double>("context");
        QTest::addColumn<int>("block");
        QTest::addColumn<qint64>("blocks");
        QTest::addColumn<double>("blockBytes");
        // Llama 3 8B (config.json: 32 layers, 8 KV heads, head_dim 4096/32 = 128), bf16 KV:
        // 2 (K, V) × 32 layers × 8 × 128 × 2 B = 131,072 B = 128 KiB per token. A vLLM block is
        // 16 tokens in every layer: 16 × 128 KiB = 2 MiB. A context of 1,000 tokens needs
        // ⌈1000 / 16⌉ = ⌈62.5⌉ = 63 blocks = 126 MiB (the last block 8 of 16 tokens full).
        QTest::newRow("llama-3-8b 1000 tokens: 63 blocks") << "llama-3-8b" << 1 << 1000.0 << 16 << qint64(63) << 2 * MiB;
        QTest::newRow("llama-3-8b 1024 tokens: exactly 64") << "llama-3-8b" << 1 << 1024.0 << 16 << qint64(64) << 2 * MiB;
        QTest::newRow("llama-3-8b 1025 tokens: a 65th for 1 token") << "llama-3-8b" << 1 << 1025.0 << 16 << qint64(65) << 2 * MiB;
        QTest::newRow("llama-3-8b 1 token: one block") << "llama-3-8b" << 1 << 1.0 << 16 << qint64(1) << 2 * MiB;
        // block 32: ⌈1000 / 32⌉ = ⌈31.25⌉ = 32 blocks of 4 MiB
        QTest::newRow("llama-3-8b block 32") << "llama-3-8b" << 1 << 1000.0 << 32 << qint64(32) << 4 * MiB;
        // TP 2: 4 KV heads per GPU, 64 KiB per token, 1 MiB per block; the count is the same
        QTest::newRow("llama-3-8b TP 2") << "llama-3-8b" << 2 << 1000.0 << 16 << qint64(63) << 1 * MiB;
        // Llama 3 70B (80 layers, 8 KV heads, 128): 2 × 80 × 8 × 128 × 2 = 320 KiB per token, 5 MiB
        // per block; 5,120 tokens = 320 blocks.
        QTest::newRow("llama-3-70b 5120 tokens") << "llama-3-70b" << 1 << 5120.0 << 16 << qint64(320) << 5 * MiB;
        // Gemma 3 12B (48 layers, 8 global: every 6th; 40 with a 1,024-token window; 8 KV heads
        // of 256): per layer 2 × 8 × 256 × 2 = 8 KiB per token, a block 16 × 8 KiB × 48 = 6 MiB.
        // 4,096 tokens: global layers 256 blocks each; windowed layers the window's 64 blocks
        // + 1 (it straddles blocks) = 65. In whole-stage blocks (8·256 + 40·65) / 48 = 96.8 → 97.
        QTest::newRow("gemma-3-12b 4096 tokens, windowed") << "gemma-3-12b" << 1 << 4096.0 << 16 << qint64(97) << 6 * MiB;
    }

    void blocksPerRequest()
    {
        QFETCH(QString, model);
        QFETCH(int, tensor);
        QFETCH(double, context);
        QFETCH(int, block);
        QFETCH(qint64, blocks);
        QFETCH(double, blockBytes);
        core::Scenario s = serving(model.toUtf8().constData(), 1, qint64(context), 0);
        s.parallel.tensor = tensor;
        s.parallel.gpus = tensor;
        s.inference.kvBlockSize = block;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(core::requestKvBlocks(e.shape, core::KvCacheDtype::Bf16, tensor, 0, e.shape.numLayers, context, block), blocks);
        const core::ServingTimeline t = core::servingTimeline(s);
        QVERIFY(t.valid);
        QCOMPARE(t.blockBytes, blockBytes);
        QCOMPARE(t.blocksPerRequest, blocks);
    }

    void peakIsTheEstimatesKv_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("engine");
        QTest::addColumn<int>("tensor");
        QTest::addColumn<int>("pipeline");
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<qint64>("prompt");
        QTest::addColumn<qint64>("generated");
        QTest::addColumn<double>("handKv"); // 0: not worked by hand for this row
        // 64 × (1,000 + 24) tokens: 64 blocks each × 2 MiB × 64 requests = 8 GiB
        QTest::newRow("vLLM llama-3-8b, 64 × 1024") << "llama-3-8b" << "vllm" << 1 << 1 << qint64(64) << qint64(1000) << qint64(24) << 8192 * MiB;
        // 32 × 5,120 tokens on TP 8: 320 blocks of 5 MiB / 8 per GPU = 32 × 320 × 640 KiB = 6,400 MiB
        QTest::newRow("vLLM llama-3-70b TP 8, 32 × 5120") << "llama-3-70b" << "vllm" << 8 << 1 << qint64(32) << qint64(4096) << qint64(1024)
                                                          << 32 * 320 * 0.625 * MiB;
        // SGLang's token pool (page 1): 8 × 1,000 tokens × 128 KiB = 1,000 MiB
        QTest::newRow("SGLang llama-3-8b, token pages") << "llama-3-8b" << "sglang" << 1 << 1 << qint64(8) << qint64(900) << qint64(100) << 1000 * MiB;
        QTest::newRow("TensorRT-LLM llama-3-8b") << "llama-3-8b" << "trtllm" << 1 << 1 << qint64(16) << qint64(2000) << qint64(500) << 0.0;
        // contiguous caches: 4 × 2,000 tokens × 128 KiB = 1,000 MiB
        QTest::newRow("HF transformers llama-3-8b") << "llama-3-8b" << "hf" << 1 << 1 << qint64(4) << qint64(1500) << qint64(500) << 1000 * MiB;
        QTest::newRow("llama.cpp llama-3-8b") << "llama-3-8b" << "llamacpp" << 1 << 1 << qint64(4) << qint64(1500) << qint64(500) << 1000 * MiB;
        QTest::newRow("vLLM gemma-3-12b windowed") << "gemma-3-12b" << "vllm" << 1 << 1 << qint64(16) << qint64(3000) << qint64(1096) << 0.0;
        QTest::newRow("vLLM deepseek-v3 MLA, TP 8 PP 2") << "deepseek-v3" << "vllm" << 8 << 2 << qint64(8) << qint64(2000) << qint64(200) << 0.0;
        QTest::newRow("vLLM, nothing generated") << "llama-3-8b" << "vllm" << 1 << 1 << qint64(8) << qint64(1000) << qint64(0) << 0.0;
    }

    void peakIsTheEstimatesKv()
    {
        QFETCH(QString, model);
        QFETCH(QString, engine);
        QFETCH(int, tensor);
        QFETCH(int, pipeline);
        QFETCH(qint64, batch);
        QFETCH(qint64, prompt);
        QFETCH(qint64, generated);
        QFETCH(double, handKv);
        core::Scenario s = serving(model.toUtf8().constData(), batch, prompt, generated);
        s.inference.engine = engineOf(engine);
        s.parallel.tensor = tensor;
        s.parallel.pipeline = pipeline;
        s.parallel.gpus = tensor * pipeline;
        if (model == "deepseek-v3")
            s.inference.weights.format = core::WeightFormat::Fp8;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const core::ServingTimeline t = core::servingTimeline(s);
        QVERIFY(t.valid);
        QCOMPARE(t.status, core::ServingTimelineStatus::Ok);
        const core::RankGroup& g = e.groups.at(std::size_t(t.group));
        const core::ServingMoment& peak = t.moments.at(t.peakMoment);
        QCOMPARE(peak.usedKvBytes, g.bytes[std::size_t(core::Component::KvCache)]);
        if (handKv > 0)
            QCOMPARE(peak.usedKvBytes, handKv);
        QCOMPARE(peak.runningRequests, batch);
        QCOMPARE(peak.contextTokens, prompt + generated);
        if (t.blockSize > 0)
            QCOMPARE(peak.usedBlocks, batch * t.blocksPerRequest);
        // The last step is the estimate's GPU: every component and the three levels.
        const core::ServingMoment& last = t.moments.back();
        for (std::size_t c = 0; c < core::kComponentCount; ++c)
            QCOMPARE(last.bytes[c], g.bytes[c]);
        QCOMPARE(last.allocatedBytes, g.allocatedBytes);
        QCOMPARE(last.reservedBytes, g.reservedBytes);
        QCOMPARE(last.deviceBytes, g.deviceBytes);
        QCOMPARE(t.steps(), t.prefillSteps + generated);
        QVERIFY2(qint64(t.moments.size()) <= core::kServingTimelineMoments + 2, qPrintable(QString::number(t.moments.size())));
    }

    void prefillFillsTheBatch_data()
    {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<qint64>("prompt");
        QTest::addColumn<qint64>("chunk");
        QTest::addColumn<qint64>("prefillSteps");
        // vLLM V1 chunked prefill: ⌈64 × 1,000 / 2,048⌉ = ⌈31.25⌉ = 32 steps
        QTest::newRow("vLLM 64 × 1000, chunk 2048") << "vllm" << qint64(64) << qint64(1000) << qint64(2048) << qint64(32);
        // one long prompt: ⌈8,192 / 512⌉ = 16 chunks of one request
        QTest::newRow("vLLM 1 × 8192, chunk 512") << "vllm" << qint64(1) << qint64(8192) << qint64(512) << qint64(16);
        // the batch fits one chunk: 4 × 100 = 400 ≤ 2,048, one step
        QTest::newRow("vLLM 4 × 100: one step") << "vllm" << qint64(4) << qint64(100) << qint64(2048) << qint64(1);
        // HF generate() runs every prompt at once
        QTest::newRow("HF 16 × 1000: one step") << "hf" << qint64(16) << qint64(1000) << qint64(2048) << qint64(1);
        // llama.cpp's n_ubatch = 512: ⌈4 × 1,000 / 512⌉ = ⌈7.8⌉ = 8
        QTest::newRow("llama.cpp 4 × 1000, ubatch 512") << "llamacpp" << qint64(4) << qint64(1000) << qint64(512) << qint64(8);
    }

    void prefillFillsTheBatch()
    {
        QFETCH(QString, engine);
        QFETCH(qint64, batch);
        QFETCH(qint64, prompt);
        QFETCH(qint64, chunk);
        QFETCH(qint64, prefillSteps);
        core::Scenario s = serving("llama-3-8b", batch, prompt, 64);
        s.inference.engine = engineOf(engine);
        s.inference.maxBatchedTokens = chunk;
        const core::ServingTimeline t = core::servingTimeline(s);
        QVERIFY(t.valid);
        QCOMPARE(t.prefillSteps, prefillSteps);
        QCOMPARE(t.chunkedPrefill, prefillSteps > 1);
        // Monotone: the KV cache, the requests holding it and the prefilled ones only grow
        double lastKv = -1;
        qint64 lastRunning = 0, lastPrefilled = 0, lastBlocks = 0;
        qint64 prefillMoments = 0;
        for (const core::ServingMoment& m : t.moments) {
            if (m.phase != core::ServingPhase::Prefill)
                break;
            ++prefillMoments;
            QCOMPARE_GT(m.usedKvBytes, lastKv);
            QCOMPARE_GE(m.runningRequests, lastRunning);
            QCOMPARE_GE(m.prefilledRequests, lastPrefilled);
            QCOMPARE_GE(m.usedBlocks, lastBlocks);
            QCOMPARE_LE(m.runningRequests, batch);
            lastKv = m.usedKvBytes;
            lastRunning = m.runningRequests;
            lastPrefilled = m.prefilledRequests;
            lastBlocks = m.usedBlocks;
        }
        QCOMPARE(prefillMoments, prefillSteps);
        // the first chunk holds min(chunk, prompt) tokens of the first request: ⌈that / 16⌉ blocks of 2 MiB
        const core::ServingMoment& first = t.moments.front();
        const qint64 firstTokens = std::min<qint64>(engine == "hf" ? batch * prompt : chunk, batch * prompt);
        if (t.blockSize > 0) {
            const qint64 full = firstTokens / prompt, rest = firstTokens % prompt;
            QCOMPARE(first.usedBlocks, full * ((prompt + 15) / 16) + (rest + 15) / 16);
        }
        // the end of the prefill: every request in, at its prompt
        const core::ServingMoment& done = t.moments.at(std::size_t(prefillMoments - 1));
        QCOMPARE(done.prefilledRequests, batch);
        QCOMPARE(done.contextTokens, prompt);
    }

    void decodeAddsBlockByBlock()
    {
        // vLLM, 2 requests of a 1,000-token prompt and 40 tokens: decode step j makes 1,000 + j
        // tokens; blocks 63 (to 1,008 tokens) → 64 at step 9 (1,009 tokens) → 65 at step 25
        // (1,025 tokens). Moments start where a block appears: decode steps 1–8, 9–24, 25–40.
        const core::ServingTimeline t = core::servingTimeline(serving("llama-3-8b", 2, 1000, 40));
        QVERIFY(t.valid);
        QCOMPARE(t.prefillSteps, qint64(1)); // 2 × 1,000 ≤ 2,048
        std::vector<const core::ServingMoment*> decode;
        for (const core::ServingMoment& m : t.moments)
            if (m.phase == core::ServingPhase::Decode)
                decode.push_back(&m);
        QCOMPARE(decode.size(), std::size_t(3));
        const qint64 firstStep[] = {1, 9, 25}, lastStep[] = {8, 24, 40}, blocks[] = {2 * 63, 2 * 64, 2 * 65};
        for (std::size_t k = 0; k < 3; ++k) {
            QCOMPARE(decode[k]->firstStep - t.prefillSteps + 1, firstStep[k]);
            QCOMPARE(decode[k]->phaseStep, lastStep[k]);
            QCOMPARE(decode[k]->usedBlocks, blocks[k]);
        }
    }

    void preemption_data()
    {
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<qint64>("prompt");
        QTest::addColumn<qint64>("generated");
        QTest::addColumn<double>("utilization");
        QTest::addColumn<bool>("preempts");
        // 8B (16 GB of bf16 weights) on an H100 (80 GiB = 85.9 GB): a pool of about
        // 0.9 × 85.9 − 16 − 2 ≈ 59 GB ≈ 28,000 blocks of 2 MiB; at 0.4, 34.4 − 18 ≈ 17 GB ≈ 8,000.
        // A request of 2,048 tokens holds 128 blocks.
        QTest::newRow("fits: 64 × 2k (8,192 blocks)") << qint64(64) << qint64(1024) << qint64(1024) << 0.9 << false;
        QTest::newRow("decode outgrows the pool: 256 × 2k (32,768)") << qint64(256) << qint64(1024) << qint64(1024) << 0.9 << true;
        QTest::newRow("prefill outgrows the pool: 512 × 8k (262,144)") << qint64(512) << qint64(8192) << qint64(16) << 0.9 << true;
        QTest::newRow("fits at 0.4: 64 × 2k (8,192)") << qint64(64) << qint64(1024) << qint64(1024) << 0.4 << false;
        QTest::newRow("decode outgrows at 0.4: 80 × 2k (10,240)") << qint64(80) << qint64(1024) << qint64(1024) << 0.4 << true;
    }

    void preemption()
    {
        QFETCH(qint64, batch);
        QFETCH(qint64, prompt);
        QFETCH(qint64, generated);
        QFETCH(double, utilization);
        QFETCH(bool, preempts);
        core::Scenario s = serving("llama-3-8b", batch, prompt, generated);
        s.inference.gpuMemoryUtilization = utilization;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const core::ServingTimeline t = core::servingTimeline(s);
        QVERIFY(t.valid);
        QVERIFY(t.reservesPool);
        QCOMPARE_GT(t.poolBlocks, qint64(0));
        // vLLM's num_gpu_blocks = pool // (block bytes): the blocks fit, one more does not
        QCOMPARE_LE(double(t.poolBlocks) * t.blockBytes, t.poolBytes);
        QCOMPARE_GT(double(t.poolBlocks + 1) * t.blockBytes, t.poolBytes);
        QCOMPARE(t.preemptionStep >= 0, preempts);
        // the estimate says the same: it warns that the pool is too small exactly then
        bool warned = false;
        for (const core::Issue& i : e.issues)
            warned = warned || i.code == core::IssueCode::KvPoolTooSmall;
        QCOMPARE(warned, preempts);
        for (std::size_t k = 0; k < t.moments.size(); ++k) {
            const core::ServingMoment& m = t.moments[k];
            QCOMPARE(m.overPool, m.usedBlocks > t.poolBlocks);
            QCOMPARE(m.overPool, preempts && m.lastStep >= t.preemptionStep);
        }
        if (!preempts)
            return;
        // a moment starts exactly at the preemption step, and the one before it still fits
        const core::ServingMoment& at = t.moments.at(t.preemptionMoment);
        QCOMPARE(at.firstStep, t.preemptionStep);
        QVERIFY(at.overPool);
        QCOMPARE_GT(t.preemptionMoment, std::size_t(0));
        const core::ServingMoment& before = t.moments.at(t.preemptionMoment - 1);
        QCOMPARE(before.lastStep, t.preemptionStep - 1);
        QCOMPARE_LE(before.usedBlocks, t.poolBlocks);
        // Worked independently of the timeline, in decode: with N pool blocks and B requests in
        // lockstep, step j (context P + j) needs B·⌈(P + j)/16⌉ blocks; the first j over N has
        // ⌈(P + j)/16⌉ = ⌊N/B⌋ + 1, i.e. P + j = 16·⌊N/B⌋ + 1.
        const qint64 k = t.poolBlocks / batch + 1;
        const qint64 handDecodeStep = 16 * (k - 1) + 1 - prompt; // 1-based decode step
        if (handDecodeStep >= 1 && handDecodeStep <= generated) {
            QCOMPARE(at.phase, core::ServingPhase::Decode);
            QCOMPARE(t.preemptionStep - t.prefillSteps + 1, handDecodeStep);
        } else {
            QCOMPARE(at.phase, core::ServingPhase::Prefill);
        }
    }

    void badScenarios_data()
    {
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<qint64>("prompt");
        QTest::addColumn<bool>("training");
        QTest::addColumn<int>("status");
        // inference.batch_size and inference.prompt_length must be at least 1 (core/fields.h)
        QTest::newRow("batch 0") << qint64(0) << qint64(1000) << false << int(core::ServingTimelineStatus::InvalidScenario);
        QTest::newRow("prompt 0") << qint64(8) << qint64(0) << false << int(core::ServingTimelineStatus::InvalidScenario);
        QTest::newRow("negative batch") << qint64(-3) << qint64(1000) << false << int(core::ServingTimelineStatus::InvalidScenario);
        QTest::newRow("a training scenario") << qint64(8) << qint64(1000) << true << int(core::ServingTimelineStatus::NotServing);
    }

    void badScenarios()
    {
        QFETCH(qint64, batch);
        QFETCH(qint64, prompt);
        QFETCH(bool, training);
        QFETCH(int, status);
        core::Scenario s = serving("llama-3-8b", batch, prompt, 100);
        if (training)
            s.mode = core::Mode::Train;
        core::ServingTimeline t = core::servingTimeline(serving("llama-3-8b", 4, 100, 10));
        QVERIFY(t.valid);
        core::servingTimeline(s, t); // reused storage is cleared
        QVERIFY(!t.valid);
        QCOMPARE(int(t.status), status);
        QVERIFY(t.moments.empty());
        QCOMPARE(t.momentAt(3), nullptr);
    }

    void hugeRunsStayBounded()
    {
        // A billion-token context and a thousand requests: the timeline merges steps instead of
        // storing 10^12 of them, and still ends at the estimate's KV cache.
        core::Scenario s = serving("llama-3-8b", 1000, 1000000, 1000000000);
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const core::ServingTimeline t = core::servingTimeline(s);
        QVERIFY(t.valid);
        QVERIFY2(qint64(t.moments.size()) <= core::kServingTimelineMoments + 2, qPrintable(QString::number(t.moments.size())));
        QCOMPARE(t.moments.back().usedKvBytes, e.groups[0].bytes[std::size_t(core::Component::KvCache)]);
        QCOMPARE(t.prefillSteps, qint64(1000) * 1000000 / 2048 + 1); // 10^9 / 2048 = 488,281.25 → 488,282
        QVERIFY(t.preemptionStep >= 0);
        const core::ServingMoment* m = t.momentAt(double(t.preemptionStep));
        QVERIFY(m);
        QCOMPARE(m->firstStep, t.preemptionStep);
    }
};

QTEST_APPLESS_MAIN(TestServingTimeline)
#include "tst_servingtimeline.moc"
