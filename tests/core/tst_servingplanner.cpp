// The serving planner (issue 27 item 4): rejections with the right code where a hand-worked bound
// says a layout cannot fit or cannot meet a limit, the ranking rule, the Pareto front, the fewest
// GPUs for a rate, the best 70B layout re-estimated through estimate(), and its vLLM command read
// back by the vLLM importer.
#include <QtTest>

#include <cmath>

#include "core/estimate.h"
#include "core/importer/importer.h"
#include "core/io/launchconfig.h"
#include "core/io/scenario_io.h"
#include "core/plan/serving/servingplanner.h"

namespace {

core::Scenario load(const std::string& json)
{
    core::ScenarioLoad l = core::loadScenario(json);
    if (!l.ok)
        qFatal("test scenario does not load: %s", json.c_str());
    return l.scenario;
}

/// Llama 3.1 70B on 8 × H100 SXM (80 GB, 3.35 TB/s, 989 dense BF16 / 1979 FP8 TFLOP/s; NVIDIA H100
/// datasheet), ISL 2048 / OSL 512: the case of the issue.
const std::string k70b = R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-3.1-70b"},
    "inference": {"prompt_length": 2048, "generated_tokens": 512}, "parallel": {"gpus": 8}, "hardware": {"gpu": "h100-sxm"}})";

core::ServingPlanRequest request70b(double ttft, double tpot)
{
    core::ServingPlanRequest r;
    r.base = load(k70b);
    r.ttftLimitSeconds = ttft;
    r.tpotLimitSeconds = tpot;
    core::defaultServingFormats(r.base, r.weightFormats, r.kvDtypes);
    return r;
}

const core::ServingCandidate* find(const core::ServingPlanResult& r, int tp, int pp, core::WeightFormat w, core::KvCacheDtype kv)
{
    for (const core::ServingCandidate& c : r.layouts)
        if (c.layout.tensor == tp && c.layout.pipeline == pp && c.layout.weights == w && c.layout.kvCache == kv)
            return &c;
    return nullptr;
}

core::ServingCandidate handMade(double tokensPerGpu, double tpot, int tp, core::ServingReject reject, bool fits = true, double peak = 0)
{
    core::ServingCandidate c;
    c.layout.tensor = tp;
    c.tokensPerSecondPerGpu = tokensPerGpu;
    c.tpotSeconds = tpot;
    c.reject = reject;
    c.fits = fits;
    c.peakBytes = peak;
    c.capacityBytes = 80e9;
    return c;
}

} // namespace

class TestServingPlanner : public QObject
{
    Q_OBJECT

private slots:
    // Memory: rejections whose cause a hand calculation settles.
    void memoryRejections_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("concurrency");
        QTest::addColumn<int>("reject");
        // 70.55e9 parameters (models.json: the Hugging Face safetensors total) × 2 B (bf16) = 141.1 GB
        // on one GPU > 85.9 GB (80 GiB, gpus.json).
        QTest::addRow("70B bf16 on TP1: weights alone 141 GB > 85.9 GB") << 1 << 0 << int(core::ServingReject::ModelDoesNotFit);
        // TP8, 8,000 requests in flight on one replica: KV per token 2 (K,V) × 80 layers × 8 KV heads ×
        // 128 × 2 B = 327,680 B; × 2,560 tokens = 839 MB per request, 105 MB per GPU; × 8,000 = 839 GB per GPU > 85.9 GB.
        QTest::addRow("70B bf16 on TP8, 8000 in flight: KV 839 GB per GPU") << 8 << 8000 << int(core::ServingReject::BatchDoesNotFit);
    }
    void memoryRejections()
    {
        QFETCH(int, tp);
        QFETCH(int, concurrency);
        QFETCH(int, reject);
        core::ServingPlanRequest q;
        q.base = load(k70b);
        q.concurrency = concurrency;
        std::vector<core::Issue> issues;
        QVERIFY(core::parsePin("parallel.tensor=" + std::to_string(tp), q.pins, issues));
        QVERIFY(core::parsePin("parallel.pipeline=1", q.pins, issues));
        const core::ServingPlanResult r = core::planServing(q);
        QVERIFY(!core::hasErrors(r.issues));
        QCOMPARE(r.layouts.size(), std::size_t(1));
        const core::ServingCandidate& c = r.layouts.front();
        QCOMPARE(int(c.reject), reject);
        QVERIFY(!c.fits);
        QCOMPARE(r.best(), -1);
    }

    // Latency: limits below a hand-worked floor reject every layout that fits, with the limit's code.
    void latencyRejections_data()
    {
        QTest::addColumn<double>("ttft");
        QTest::addColumn<double>("tpot");
        QTest::addColumn<int>("reject");
        // A decode step reads every weight but the token embedding (128,256 × 8,192 = 1.05e9) at least
        // once: in FP8 on all 8 GPUs, 69.5e9 B / (8 × 3.35e12 B/s) = 2.59 ms even at 100 % of the
        // datasheet bandwidth (H100 SXM), so TPOT ≤ 2 ms is out of reach.
        QTest::addRow("TPOT 2 ms < 2.59 ms weight-read floor") << 0.0 << 0.002 << int(core::ServingReject::TpotOverLimit);
        // A 2,048-token prompt is 2 × 70.55e9 × 2048 = 2.89e14 FLOPs; on 8 GPUs at the FP8 peak
        // (1978.9e12 FLOP/s, dense; BF16 half that) that is 18.3 ms at 100 % of the peak, so TTFT ≤ 10 ms is out of reach.
        QTest::addRow("TTFT 10 ms < 18.3 ms prefill floor") << 0.010 << 0.0 << int(core::ServingReject::TtftOverLimit);
    }
    void latencyRejections()
    {
        QFETCH(double, ttft);
        QFETCH(double, tpot);
        QFETCH(int, reject);
        const core::ServingPlanResult r = core::planServing(request70b(ttft, tpot));
        QVERIFY(!core::hasErrors(r.issues));
        QCOMPARE(r.meeting, 0LL);
        QCOMPARE(r.best(), -1);
        int fitting = 0;
        for (const core::ServingCandidate& c : r.layouts) {
            if (!c.fits)
                continue;
            ++fitting;
            QCOMPARE(int(c.reject), reject);
            QCOMPARE(c.layout.batch, 1); // batch 1 already misses: no larger one is the layout's entry
        }
        QVERIFY(fitting > 0);
    }

    // The ranking rule, on candidates whose numbers are given: within the limits by tokens/s per
    // GPU (ties: shorter TPOT, then fewer GPUs per replica), then those that fit but miss a limit,
    // then those that do not fit by how far over.
    void ranking()
    {
        using R = core::ServingReject;
        std::vector<core::ServingCandidate> v = {
            handMade(0, 0, 1, R::ModelDoesNotFit, false, 160e9),     // 2.0 × capacity
            handMade(900, 0.060, 2, R::TpotOverLimit),              // fast but misses TPOT
            handMade(500, 0.030, 4, R::None),
            handMade(0, 0, 2, R::BatchDoesNotFit, false, 100e9),     // 1.25 × capacity
            handMade(800, 0.045, 2, R::None),
            handMade(500, 0.030, 2, R::None),                        // ties the TP4 one on both: fewer GPUs first
            handMade(500, 0.020, 8, R::None),                        // same tokens/GPU, shorter TPOT
            handMade(300, 0.010, 1, R::TtftOverLimit),
        };
        core::rankServingLayouts(v);
        const std::vector<std::pair<double, int>> expected = {{800, 2}, {500, 8}, {500, 2}, {500, 4}, {900, 2}, {300, 1}, {0, 2}, {0, 1}};
        QCOMPARE(v.size(), expected.size());
        for (std::size_t i = 0; i < v.size(); ++i) {
            QCOMPARE(v[i].tokensPerSecondPerGpu, expected[i].first);
            QCOMPARE(v[i].layout.tensor, expected[i].second);
        }
    }

    // The front of (tokens/s per GPU ↑, TPOT ↓), on points given by hand: (TPOT ms, tok/s/GPU)
    // (10, 100) (20, 300) (25, 250) (30, 300) (40, 600) and one that does not fit (5, 1000).
    void paretoByHand()
    {
        using R = core::ServingReject;
        std::vector<core::ServingCandidate> v = {handMade(100, 0.010, 1, R::None), handMade(300, 0.020, 1, R::None), handMade(250, 0.025, 1, R::None),
                                                 handMade(300, 0.030, 1, R::None), handMade(600, 0.040, 1, R::None),
                                                 handMade(1000, 0.005, 1, R::BatchDoesNotFit, false)};
        core::markServingPareto(v);
        // (25, 250) and (30, 300) are dominated by (20, 300); the one that does not fit is no point.
        const bool expected[] = {true, true, false, false, true, false};
        for (std::size_t i = 0; i < v.size(); ++i)
            QCOMPARE(v[i].pareto, expected[i]);
    }

    // Each layout's tokens/s per GPU is Little's law over the estimate's own request time
    // (running × OSL / (TTFT + (OSL − 1) × TPOT) / (TP × PP), core/estimate.h), and the front of
    // the real search is a front: no fitting point has at least as many tokens/s per GPU at a
    // TPOT no longer, with one strictly better.
    void throughputAndFront()
    {
        const core::ServingPlanResult r = core::planServing(request70b(0.5, 0.05));
        QVERIFY(r.points.size() > 10);
        for (const core::ServingCandidate& c : r.points) {
            if (!c.fits)
                continue;
            const double request = c.ttftSeconds + (512 - 1) * c.tpotSeconds;
            QVERIFY(std::abs(c.requestSeconds - request) <= 1e-9 * request);
            const double expected = c.running * 512 / request / (c.layout.tensor * c.layout.pipeline);
            QVERIFY2(std::abs(c.tokensPerSecondPerGpu - expected) <= 1e-9 * expected, qPrintable(QString::number(c.tokensPerSecondPerGpu)));
        }
        for (const core::ServingCandidate& a : r.points) {
            if (!a.pareto)
                continue;
            QVERIFY(a.fits);
            for (const core::ServingCandidate& b : r.points)
                if (b.fits && &a != &b)
                    QVERIFY(!(b.tokensPerSecondPerGpu >= a.tokensPerSecondPerGpu && b.tpotSeconds <= a.tpotSeconds
                              && (b.tokensPerSecondPerGpu > a.tokensPerSecondPerGpu || b.tpotSeconds < a.tpotSeconds)));
        }
    }

    // The issue's case: the best layout, re-estimated through estimate() as `shardscope estimate`
    // does, fits and meets TTFT ≤ 500 ms and TPOT ≤ 50 ms; one more request per replica does not
    // (the batch is the largest under the limits); the search gives the same answer twice; the
    // TP1 bf16 layout is never the best (weights alone 141 GB).
    void best70bReestimated()
    {
        const core::ServingPlanRequest q = request70b(0.5, 0.05);
        const core::ServingPlanResult r = core::planServing(q);
        QCOMPARE(r.best(), 0);
        const core::ServingCandidate& best = r.layouts.front();
        core::Scenario applied = q.base;
        core::applyServingLayout(best.layout, applied);
        const core::Estimate e = core::estimate(applied);
        QVERIFY(e.valid);
        for (const core::RankGroup& g : e.groups)
            QVERIFY(g.fits);
        QVERIFY(e.inference.ttftSeconds <= 0.5);
        QVERIFY(e.inference.itlSeconds <= 0.05);
        QCOMPARE(e.inference.ttftSeconds, best.ttftSeconds);
        QCOMPARE(e.inference.itlSeconds, best.tpotSeconds);
        QCOMPARE(e.inference.replicas * best.layout.tensor * best.layout.pipeline, 8);

        core::ServingLayout more = best.layout;
        ++more.batch;
        core::applyServingLayout(more, applied);
        const core::Estimate next = core::estimate(applied);
        bool nextFits = true;
        for (const core::RankGroup& g : next.groups)
            nextFits = nextFits && g.fits;
        QVERIFY(!nextFits || next.inference.ttftSeconds > 0.5 || next.inference.itlSeconds > 0.05);

        const core::ServingPlanResult again = core::planServing(q);
        QCOMPARE(again.layouts.front().layout, best.layout);
        const core::ServingCandidate* tp1 = find(r, 1, 1, core::WeightFormat::Bf16, core::KvCacheDtype::Bf16);
        QVERIFY(tp1);
        QCOMPARE(int(tp1->reject), int(core::ServingReject::ModelDoesNotFit));
    }

    // Fewest GPUs for a rate: ⌈rate / requests per second per replica⌉ × GPUs per replica, the
    // smallest over the layouts within the limits.
    void fewestGpusForRate()
    {
        core::ServingPlanRequest q = request70b(0.5, 0.05);
        q.requestRate = 10;
        const core::ServingPlanResult r = core::planServing(q);
        QVERIFY(r.fewestGpus >= 0);
        int least = 1 << 30;
        for (const core::ServingCandidate& c : r.layouts) {
            if (c.reject != core::ServingReject::None)
                continue;
            const int gpus = int(std::ceil(10 / c.requestsPerSecondPerReplica - 1e-9)) * c.layout.tensor * c.layout.pipeline;
            QCOMPARE(c.gpusForRate, gpus);
            least = std::min(least, gpus);
        }
        QCOMPARE(r.layouts[std::size_t(r.fewestGpus)].gpusForRate, least);
    }

    // Pins bound the layouts; a training scenario is refused (the training planner plans it).
    void pinsAndMode()
    {
        core::ServingPlanRequest q = request70b(0.5, 0.05);
        std::vector<core::Issue> issues;
        QVERIFY(core::parsePin("parallel.tensor=4", q.pins, issues));
        const core::ServingPlanResult r = core::planServing(q);
        QVERIFY(!r.layouts.empty());
        for (const core::ServingCandidate& c : r.layouts)
            QCOMPARE(c.layout.tensor, 4);

        core::ServingPlanRequest t;
        t.base = load(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 8}, "hardware": {"gpu": "h100-sxm"}})");
        const core::ServingPlanResult refused = core::planServing(t);
        QVERIFY(core::hasErrors(refused.issues));
        QCOMPARE(int(refused.issues.front().code), int(core::IssueCode::UnknownValue));
        QVERIFY(refused.layouts.empty());
    }

    // MoE: every TP (1, 2, 4, 8: divide Mixtral's 32 heads and 8 KV heads) × PP dividing the rest
    // (TP1: 1, 2, 4, 8; TP2: 1, 2, 4; TP4: 1, 2; TP8: 1) = 10 layouts, and for TP > 1 the same with
    // the 8 experts split over the TP group (EP = TP, expert TP 1): 3 + 2 + 1 = 6 more, 16 in all.
    void moeExpertParallel()
    {
        core::ServingPlanRequest q;
        q.base = load(R"({"schema_version": 1, "mode": "inference", "model": {"preset": "mixtral-8x7b"},
            "inference": {"prompt_length": 1024, "generated_tokens": 256}, "parallel": {"gpus": 8}, "hardware": {"gpu": "h100-sxm"}})");
        const core::ServingPlanResult r = core::planServing(q);
        QVERIFY(!core::hasErrors(r.issues));
        QCOMPARE(r.layouts.size(), std::size_t(16));
        int ep = 0;
        for (const core::ServingCandidate& c : r.layouts) {
            if (!c.layout.expertParallel)
                continue;
            ++ep;
            core::Scenario s = q.base;
            core::applyServingLayout(c.layout, s);
            QCOMPARE(s.parallel.expert, c.layout.tensor);
            QCOMPARE(s.parallel.expertTensor, 1);
        }
        QCOMPARE(ep, 6);
    }

    // The best layout's vLLM command, read back by the vLLM importer (core/importer), is the same
    // layout: TP, PP, GPUs (TP × PP × --data-parallel-size), the formats, the batch cap, the token budget.
    void vllmCommandReadsBack_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("weights");
        QTest::addColumn<int>("kv");
        QTest::addColumn<int>("batch");
        QTest::addRow("TP2 x4 fp8 / fp8 KV, 80") << 2 << int(core::WeightFormat::Fp8) << int(core::KvCacheDtype::Fp8) << 80;
        QTest::addRow("TP8 x1 bf16 / bf16 KV, 256") << 8 << int(core::WeightFormat::Bf16) << int(core::KvCacheDtype::Bf16) << 256;
        QTest::addRow("TP4 x2 int4 / bf16 KV, 32") << 4 << int(core::WeightFormat::Int4) << int(core::KvCacheDtype::Bf16) << 32;
    }
    void vllmCommandReadsBack()
    {
        QFETCH(int, tp);
        QFETCH(int, weights);
        QFETCH(int, kv);
        QFETCH(int, batch);
        core::Scenario s = load(k70b);
        core::applyServingLayout(core::ServingLayout{tp, 1, false, core::WeightFormat(weights), core::KvCacheDtype(kv), batch}, s);
        const core::LaunchFile file = core::launchFile(s, core::LaunchFramework::Vllm);
        QVERIFY2(file.text.find("vllm serve meta-llama/Llama-3.1-70B") != std::string::npos, file.text.c_str());
        core::ImportOptions options;
        options.format = core::ImportFormat::Vllm;
        const core::ImportResult back = core::importLaunchText(file.text, options);
        QVERIFY2(back.ok, file.text.c_str());
        const core::Scenario& b = back.scenario;
        QCOMPARE(b.parallel.tensor, tp);
        QCOMPARE(b.parallel.pipeline, 1);
        QCOMPARE(b.parallel.gpus, 8);
        QCOMPARE(int(b.inference.weights.format), weights);
        QCOMPARE(int(b.inference.kvCacheDtype), kv);
        QCOMPARE(b.inference.maxNumSeqs, std::int64_t(batch));
        QCOMPARE(b.inference.maxBatchedTokens, s.inference.maxBatchedTokens);
        QCOMPARE(b.inference.gpuMemoryUtilization, s.inference.gpuMemoryUtilization);
        QCOMPARE(b.inference.context(), s.inference.context());
    }

    // SGLang and TensorRT-LLM: the flags at their cited commits, a server per replica.
    void otherEngines()
    {
        core::Scenario s = load(k70b);
        core::applyServingLayout(core::ServingLayout{2, 1, false, core::WeightFormat::Fp8, core::KvCacheDtype::Fp8, 80}, s);
        const core::LaunchFile sg = core::launchFile(s, core::LaunchFramework::Sglang);
        for (const char* flag : {"--model-path meta-llama/Llama-3.1-70B", "--tp-size 2", "--quantization fp8", "--kv-cache-dtype fp8_e4m3",
                                 "--max-running-requests 80", "--chunked-prefill-size 2048", "--context-length 2560"})
            QVERIFY2(sg.text.find(flag) != std::string::npos, flag);
        const core::LaunchFile trt = core::launchFile(s, core::LaunchFramework::TensorRtLlm);
        for (const char* flag : {"trtllm-serve meta-llama/Llama-3.1-70B", "--tp_size 2", "--pp_size 1", "--max_batch_size 80", "--max_num_tokens 2048",
                                 "--max_seq_len 2560", "--kv_cache_free_gpu_memory_fraction 0.9"})
            QVERIFY2(trt.text.find(flag) != std::string::npos, flag);
        auto has = [](const core::LaunchFile& f, core::LaunchNoteCode code) {
            for (const core::LaunchNote& n : f.notes)
                if (n.code == code)
                    return true;
            return false;
        };
        QVERIFY(has(sg, core::LaunchNoteCode::ServingReplicasSeparate));
        QVERIFY(has(trt, core::LaunchNoteCode::ServingReplicasSeparate));
        QVERIFY(has(trt, core::LaunchNoteCode::ServingWeightsFromCheckpoint));
        QVERIFY(!has(core::launchFile(s, core::LaunchFramework::Vllm), core::LaunchNoteCode::ServingReplicasSeparate)); // --data-parallel-size 4
    }

    void speculativeFlags_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<int>("k");
        QTest::addColumn<QString>("vllm");   // vllm/config/speculative.py @ 002e77c: method, model, num_speculative_tokens
        QTest::addColumn<QString>("sglang"); // SGLang's speculative decoding guide: algorithm, draft path, steps, top-k, draft tokens
        QTest::addColumn<bool>("draftPath");
        QTest::newRow("EAGLE head, k 4")
            << "eagle" << 4 << R"(--speculative-config '{"method": "eagle", "model": "DRAFT", "num_speculative_tokens": 4}')"
            << "--speculative-algorithm EAGLE \\\n    --speculative-draft-model-path DRAFT \\\n    --speculative-num-steps 4 \\\n    "
               "--speculative-eagle-topk 1 \\\n    --speculative-num-draft-tokens 5"
            << true;
        QTest::newRow("a draft model, k 3")
            << "draft_model" << 3 << R"(--speculative-config '{"method": "draft_model", "model": "DRAFT", "num_speculative_tokens": 3}')"
            << "--speculative-algorithm STANDALONE \\\n    --speculative-draft-model-path DRAFT \\\n    --speculative-num-steps 3" << true;
        // A model's own MTP layers: no drafter checkpoint to name.
        QTest::newRow("MTP layers, k 1") << "mtp" << 1 << R"(--speculative-config '{"method": "mtp", "num_speculative_tokens": 1}')"
                                         << "--speculative-algorithm NEXTN \\\n    --speculative-num-steps 1 \\\n    "
                                            "--speculative-eagle-topk 1 \\\n    --speculative-num-draft-tokens 2"
                                         << false;
    }

    void speculativeFlags()
    {
        QFETCH(QString, method);
        QFETCH(int, k);
        QFETCH(QString, vllm);
        QFETCH(QString, sglang);
        QFETCH(bool, draftPath);
        core::Scenario s = load(R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-3.1-70b"},
            "inference": {"batch_size": 8, "speculative_method": ")" + method.toStdString() + R"(", "speculative_tokens": )" + std::to_string(k)
                                + R"(, "draft_parameters": 1e9}, "parallel": {"gpus": 8, "tensor": 8}, "hardware": {"gpu": "h100-sxm"}})");
        auto has = [](const core::LaunchFile& f, core::LaunchNoteCode code) {
            for (const core::LaunchNote& n : f.notes)
                if (n.code == code)
                    return true;
            return false;
        };
        const core::LaunchFile v = core::launchFile(s, core::LaunchFramework::Vllm);
        QVERIFY2(v.text.find(vllm.toStdString()) != std::string::npos, v.text.c_str());
        QCOMPARE(has(v, core::LaunchNoteCode::ServingDraftPath), draftPath);
        const core::LaunchFile g = core::launchFile(s, core::LaunchFramework::Sglang);
        QVERIFY2(g.text.find(sglang.toStdString()) != std::string::npos, g.text.c_str());
        QCOMPARE(has(g, core::LaunchNoteCode::ServingDraftPath), draftPath);
        const core::LaunchFile trt = core::launchFile(s, core::LaunchFramework::TensorRtLlm);
        QVERIFY(has(trt, core::LaunchNoteCode::ServingSpeculationNotWritten));
        QVERIFY(trt.text.find("--speculative") == std::string::npos); // the note says so, no flag
        // Without speculation none of it is written.
        s.inference.speculativeMethod = core::SpeculativeMethod::None;
        QVERIFY(core::launchFile(s, core::LaunchFramework::Vllm).text.find("--speculative") == std::string::npos);
        QVERIFY(core::launchFile(s, core::LaunchFramework::Sglang).text.find("--speculative") == std::string::npos);
        QVERIFY(!has(core::launchFile(s, core::LaunchFramework::TensorRtLlm), core::LaunchNoteCode::ServingSpeculationNotWritten));
    }
};

QTEST_APPLESS_MAIN(TestServingPlanner)
#include "tst_servingplanner.moc"
