// Speculative decoding and prefix caching (issue 27 item 3; core/serving/speculative.h): the
// accepted-token rate, the time per output token with a drafter, the drafter's memory, the token
// budget with k + 1 rows per sequence, the prompt tokens a prefix cache leaves to compute, and
// the rules on bad input. Every number is worked by hand in the row's comment.
#include <QtTest>

#include <cmath>

#include "core/estimate.h"
#include "core/fields.h"
#include "core/issues.h"
#include "core/modelconstants.h"
#include "core/serving/speculative.h"
#include "testscenarios.h"

using namespace testscenarios;

namespace {

/// Llama 2 7B (MHA, 32 layers, h 4096, F 11008, vocabulary 32000, untied) on one A100 80GB,
/// vLLM, fp16 weights and KV, batch 1, prompt 1024, 1024 generated: the decode step of
/// tst_inference decodeStepAsTheEngineRunsIt.
core::Scenario llama7b()
{
    core::Scenario s = preset("llama-2-7b", 1, "a100-80gb");
    s.mode = core::Mode::Inference;
    s.inference.weights.format = core::WeightFormat::Fp16;
    s.inference.kvCacheDtype = core::KvCacheDtype::Fp16;
    s.inference.batchSize = 1;
    s.inference.promptLength = 1024;
    s.inference.generatedTokens = 1024;
    s.inference.kvBlockSize = 16;
    return s;
}

double bytesOf(const core::Estimate& e, core::Component c) { return e.groups.at(0).bytes[std::size_t(c)]; }

bool hasIssue(const core::Estimate& e, core::IssueCode code, const char* key)
{
    for (const core::Issue& i : e.issues)
        if (i.code == code && std::string_view(i.key) == key)
            return true;
    return false;
}

} // namespace

class TestSpeculative : public QObject
{
    Q_OBJECT

private slots:
    void tokensPerTargetStep_data()
    {
        QTest::addColumn<double>("alpha");
        QTest::addColumn<int>("k");
        QTest::addColumn<double>("expected");
        // Leviathan et al. 2023, eq. 1: E = (1 − α^(k+1)) / (1 − α) = 1 + α + … + α^k.
        // 0.8^5 = 0.32768; (1 − 0.32768) / 0.2 = 3.3616.
        QTest::newRow("α 0.8, k 4") << 0.8 << 4 << 3.3616;
        // The default: 0.75^4 = 0.31640625; 0.68359375 / 0.25 = 2.734375.
        QTest::newRow("α 0.75, k 3 (default)") << 0.75 << 3 << 2.734375;
        // 1 + 0.5 = 1.5.
        QTest::newRow("α 0.5, k 1") << 0.5 << 1 << 1.5;
        // Nothing accepted: the target's own token only.
        QTest::newRow("α 0, k 5") << 0.0 << 5 << 1.0;
        // 1 + 0.9 + 0.81 + 0.729 + 0.6561 + 0.59049 + 0.531441 + 0.4782969 + 0.43046721 = 6.12579511.
        QTest::newRow("α 0.9, k 8") << 0.9 << 8 << 6.12579511;
    }

    void tokensPerTargetStep()
    {
        QFETCH(double, alpha);
        QFETCH(int, k);
        QFETCH(double, expected);
        QCOMPARE_LT(std::abs(core::expectedTokensPerStep(alpha, k) - expected), 1e-12);
        // The estimate reports the same E.
        core::Scenario s = llama7b();
        s.inference.speculativeMethod = core::SpeculativeMethod::Eagle;
        s.inference.acceptanceRate = alpha;
        s.inference.speculativeTokens = k;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QVERIFY(e.inference.speculative);
        QCOMPARE_LT(std::abs(e.inference.speculativeTokensPerStep - expected), 1e-12);
    }

    void timePerOutputTokenWithEagle()
    {
        // Llama 2 7B, A100 80GB (2039 GB/s datasheet, 0.88 achievable: resources/serving.json
        // hbm_read_fraction), vLLM, batch 1, an EAGLE head with k = 4 and α = 0.8.
        core::Scenario s = llama7b();
        s.inference.speculativeMethod = core::SpeculativeMethod::Eagle;
        s.inference.speculativeTokens = 4;
        s.inference.acceptanceRate = 0.8;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const core::ModelConstants& c = core::ModelConstants::shipped();
        const double floor = c[core::FittedConstant::ServingLayerFloor];
        const double engine = c[core::FittedConstant::ServingStepOverhead];
        const double achievable = 2039e9 * 0.88;
        // Verify step: 5 rows, still bound by the weight read (2·6.738e9·5 FLOPs ≈ 0.2 ms at 312 TF
        // against 7.36 ms of reading): every weight but the looked-up embedding, 2 × (6,738,415,616
        // − 32000 × 4096) B; the KV cache read once per sequence at the average context 1024 + 512
        // tokens × 0.5 MiB (2 · 32 layers · 4096 · 2 B); 32 layer floors; one engine step.
        const double weights = (2 * 6738415616.0 - 2 * 32000.0 * 4096) / achievable;
        const double kv = 1536 * 524288.0 / achievable;
        const double verify = weights + kv + 32 * floor + engine;
        QCOMPARE_LT(std::abs(e.inference.verifyStepSeconds - verify), 1e-12);
        // A draft step reads the EAGLE head in 16 bits: one Llama layer (4h² = 67,108,864 attention
        // + 3hF = 135,266,304 MLP + 2h = 8192 norms) and the FC 2h² = 33,554,432: 235,937,792
        // parameters × 2 B = 471,875,584 B; and the target's LM head it shares, 32000 × 4096 × 2 B
        // = 262,144,000 B. Its one layer's KV: 2 · 4096 · 2 B = 16,384 B per token × 1536 tokens.
        // One layer floor; no engine step of its own. Four of them.
        const double draftStep = (471875584.0 + 262144000.0 + 16384.0 * 1536) / achievable + floor;
        QCOMPARE_LT(std::abs(e.inference.draftSeconds - 4 * draftStep), 1e-12);
        // TPOT = (verify + drafting) / 3.3616.
        const double tpot = (verify + 4 * draftStep) / 3.3616;
        QCOMPARE_LT(std::abs(e.inference.decodeStepSeconds - tpot), 1e-12);
        QCOMPARE_LT(std::abs(e.inference.tokensPerSecondPerSequence - 1 / tpot), 1e-6);
        // Batch 1 with nothing else running: the time between tokens is the same average.
        QCOMPARE_LT(std::abs(e.inference.itlSeconds - tpot), 1e-12);
        // Faster than decoding without it (verify alone is the plain decode step).
        core::Scenario plain = llama7b();
        const core::Estimate p = core::estimate(plain);
        QCOMPARE_LT(std::abs(p.inference.decodeStepSeconds - verify), 1e-12);
        QVERIFY(e.inference.decodeStepSeconds < p.inference.decodeStepSeconds);
    }

    void drafterMemory()
    {
        // The EAGLE head above, held on the GPU: 471,875,584 B of weights (the embedding and LM
        // head are the target's), and one layer's KV cache of the whole context: 16,384 B ×
        // 2048 tokens (prompt 1024 + 1024 generated, whole 16-token blocks) = 33,554,432 B per
        // sequence; batch 4 → 134,217,728 B. Both come out of vLLM's pool, which shrinks by the
        // head's weights: the pool's reserve falls by weights + the drafter's KV.
        core::Scenario s = llama7b();
        s.inference.batchSize = 4;
        const core::Estimate plain = core::estimate(s);
        s.inference.speculativeMethod = core::SpeculativeMethod::Eagle;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(bytesOf(e, core::Component::DraftWeights), 471875584.0);
        QCOMPARE(bytesOf(e, core::Component::DraftKvCache), 4 * 33554432.0);
        QCOMPARE(e.inference.draftKvBytesPerSequence, 33554432.0);
        QCOMPARE(bytesOf(e, core::Component::KvCache), bytesOf(plain, core::Component::KvCache));
        const double reserveFell = bytesOf(plain, core::Component::KvCacheReserve) - bytesOf(e, core::Component::KvCacheReserve);
        QCOMPARE_LT(std::abs(reserveFell - (471875584.0 + 4 * 33554432.0)), 1.0);
        // Without speculation no drafter component at all.
        QCOMPARE(bytesOf(plain, core::Component::DraftWeights), 0.0);
        QCOMPARE(bytesOf(plain, core::Component::DraftKvCache), 0.0);

        // A draft model of 1e9 parameters, in the target's fp16: its family shape has whole layers,
        // so its weights are 2 B × 1e9 within a layer's worth (5 %).
        s.inference.speculativeMethod = core::SpeculativeMethod::DraftModel;
        s.inference.draftParameters = 1e9;
        const core::Estimate d = core::estimate(s);
        QVERIFY(d.valid);
        QCOMPARE_LT(std::abs(bytesOf(d, core::Component::DraftWeights) / 2e9 - 1), 0.05);
        QVERIFY(d.inference.draftSeconds > 0);
    }

    void mtpLayerOfAMoeModel()
    {
        // Mixtral 8x7B (h 4096, 32 heads and 8 KV heads of 128, 8 experts of F 14336, top-2) in
        // bf16 on one H100 with its MTP layer: one MoE block and the projection 2h → h, the
        // embedding and head shared. Attention 4096·4096 (Q) + 2·4096·1024 (K, V) + 4096·4096 (O)
        // = 41,943,040; router 4096·8 = 32,768; 2 norms 8192; experts 8 · 3 · 4096 · 14336 =
        // 1,409,286,144; projection 2 · 4096² = 33,554,432: 1,484,824,576 parameters × 2 B.
        core::Scenario s = preset("mixtral-8x7b", 1, "h100-sxm");
        s.mode = core::Mode::Inference;
        s.inference.speculativeMethod = core::SpeculativeMethod::Mtp;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(bytesOf(e, core::Component::DraftWeights), 2 * 1484824576.0);
        // Its KV cache: one layer, 2 · 8 · 128 · 2 B = 4096 B per token × 2048 tokens (bf16, blocks of 16).
        QCOMPARE(e.inference.draftKvBytesPerSequence, 4096.0 * 2048);
    }

    void tokenBudgetWithDraftRows()
    {
        // tst_inference continuousBatchingTokenBudget's scenario (Llama 3.1 8B, H100, 40 requests,
        // ISL 4096, OSL 64, budget 2048) with EAGLE, k 3, α 0.75: E = 2.734375, so a request decodes
        // in 63 / E = 23.04 steps and each other request brings 4096 / 23.04 = 177.778 prompt tokens
        // per step; every running request takes q = 4 rows. R·4 + (R − 1)·177.778 = 2048 gives
        // R = (2048 + 177.778) / (4 + 177.778) = 12.2445.
        core::Scenario s = preset("llama-3.1-8b", 1, "h100-sxm");
        s.mode = core::Mode::Inference;
        s.inference.batchSize = 40;
        s.inference.promptLength = 4096;
        s.inference.generatedTokens = 64;
        s.inference.maxBatchedTokens = 2048;
        s.inference.speculativeMethod = core::SpeculativeMethod::Eagle;
        s.inference.speculativeTokens = 3;
        s.inference.acceptanceRate = 0.75;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const double perStep = 4096.0 * 2.734375 / 63;
        const double running = (2048 + perStep) / (4 + perStep);
        QCOMPARE_LT(std::abs(running - 12.2445), 1e-4);
        QCOMPARE_LT(std::abs(e.inference.runningRequests - running), 1e-9);
        QCOMPARE_LT(std::abs(e.inference.prefillTokensPerStep - (2048 - 4 * running)), 1e-9);
    }

    void prefixCacheHits_data()
    {
        QTest::addColumn<double>("prompt");
        QTest::addColumn<double>("hit");
        QTest::addColumn<int>("block");
        QTest::addColumn<double>("computed");
        // vLLM caches whole blocks and at most prompt − 1 tokens (kv_cache_manager.py get_computed_blocks).
        QTest::newRow("half of 1024, blocks of 16") << 1024.0 << 0.5 << 16 << 512.0;
        // ⌊500 / 16⌋ = 31 blocks = 496 cached: 504 computed.
        QTest::newRow("half of 1000, blocks of 16") << 1000.0 << 0.5 << 16 << 504.0;
        // All of it: at most 1023 cached, ⌊1023 / 16⌋ × 16 = 1008: the last block is recomputed.
        QTest::newRow("all of 1024, blocks of 16") << 1024.0 << 1.0 << 16 << 16.0;
        // Token-granular (SGLang's radix cache): all but the last token.
        QTest::newRow("all of 100, by token") << 100.0 << 1.0 << 0 << 1.0;
        QTest::newRow("none") << 1024.0 << 0.0 << 16 << 1024.0;
    }

    void prefixCacheHits()
    {
        QFETCH(double, prompt);
        QFETCH(double, hit);
        QFETCH(int, block);
        QFETCH(double, computed);
        QCOMPARE(core::uncachedPromptTokens(prompt, hit, block), computed);
    }

    void prefixCacheHalvesThePrefill()
    {
        // Llama 2 7B, batch 1, prompt 1024, hit rate 0.5: prefill computes 512 tokens, positions
        // 512 … 1023, each attending on average to (512 + 1024) / 2 = 768 positions. With a stated
        // MFU of 0.4 (the prefill as FLOPs / (peak · MFU), as tst_inference prefillIsComputeBound):
        // 512 · (2 · 6,738,415,616 + 4 · 4096 · 32 · 768) = 512 · 13,879,484,416 FLOPs
        // = 7,106,296,020,992, at 312 TF × 0.4.
        core::Scenario s = llama7b();
        s.hardware.mfu = 0.4;
        s.inference.prefixCacheHitRate = 0.5;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.inference.prefillTokensPerRequest, 512.0);
        const double flops = 512 * (2 * 6738415616.0 + 4.0 * 4096 * 32 * 768);
        QCOMPARE_LT(std::abs(e.inference.prefillFlops - flops), 1e-9 * flops);
        QCOMPARE_LT(std::abs(e.inference.prefillSeconds - flops / (312e12 * 0.4)), 1e-12);
        // The cache is the pool's own blocks: the KV memory does not change.
        const core::Estimate plain = core::estimate(llama7b());
        core::Scenario hitOnly = llama7b();
        hitOnly.inference.prefixCacheHitRate = 0.5;
        const core::Estimate cached = core::estimate(hitOnly);
        QCOMPARE(bytesOf(cached, core::Component::KvCache), bytesOf(plain, core::Component::KvCache));
        QCOMPARE(bytesOf(cached, core::Component::KvCacheReserve), bytesOf(plain, core::Component::KvCacheReserve));
        // With the engine-step model: one chunk of 512 tokens instead of 1024, a shorter TTFT.
        QCOMPARE(cached.inference.prefillChunks, 1.0);
        QVERIFY(cached.inference.ttftSeconds < plain.inference.ttftSeconds);
        QVERIFY(cached.inference.prefillSeconds < plain.inference.prefillSeconds);
    }

    void prefixCacheMovesTheBudget()
    {
        // tst_inference continuousBatchingTokenBudget's scenario with half of each prompt cached:
        // 2048 computed tokens over 63 steps = 32.508 per step per other request, so
        // 40 + 39 × 32.508 = 1307.8 ≤ 2048: all 40 run.
        core::Scenario s = preset("llama-3.1-8b", 1, "h100-sxm");
        s.mode = core::Mode::Inference;
        s.inference.batchSize = 40;
        s.inference.promptLength = 4096;
        s.inference.generatedTokens = 64;
        s.inference.maxBatchedTokens = 2048;
        s.inference.prefixCacheHitRate = 0.5;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.inference.runningRequests, 40.0);
        QCOMPARE_LT(std::abs(e.inference.prefillTokensPerStep - 39 * 2048.0 / 63), 1e-9);
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("code");
        QTest::newRow("α = 1 (the drafter is the target)") << "inference.acceptance_rate" << 1.0 << int(core::IssueCode::OutOfRange);
        QTest::newRow("α < 0") << "inference.acceptance_rate" << -0.1 << int(core::IssueCode::OutOfRange);
        QTest::newRow("k = 0") << "inference.speculative_tokens" << 0.0 << int(core::IssueCode::NotPositive);
        QTest::newRow("k = 100 (absurd)") << "inference.speculative_tokens" << 100.0 << int(core::IssueCode::TooLarge);
        QTest::newRow("hit rate 1.5") << "inference.prefix_cache_hit_rate" << 1.5 << int(core::IssueCode::OutOfRange);
        // A draft model with no size, and one as large as the 6.74 B target or larger.
        QTest::newRow("draft model not given") << "inference.draft_parameters" << 0.0 << int(core::IssueCode::SpeculativeDraftNotGiven);
        QTest::newRow("draft model larger than the target") << "inference.draft_parameters" << 13e9
                                                            << int(core::IssueCode::SpeculativeDraftTooLarge);
    }

    void badInput()
    {
        QFETCH(QString, key);
        QFETCH(double, value);
        QFETCH(int, code);
        core::Scenario s = llama7b();
        s.inference.speculativeMethod = core::SpeculativeMethod::DraftModel;
        s.inference.draftParameters = 1e9;
        const std::optional<core::Field> f = core::findField(key.toStdString());
        QVERIFY(f);
        core::fieldInfo(*f).set(s, core::FieldValue(value));
        const core::Estimate e = core::estimate(s);
        QVERIFY(!e.valid);
        QVERIFY2(hasIssue(e, core::IssueCode(code), key.toLatin1().constData()), qPrintable(key));
        for (const core::Issue& i : e.issues)
            if (i.code == core::IssueCode(code)) {
                // The message says what is wrong, with the numbers where it has them.
                const std::string text = core::describe(i);
                QVERIFY2(text.find(key.toStdString()) != std::string::npos, text.c_str());
                if (i.code == core::IssueCode::SpeculativeDraftTooLarge) {
                    QCOMPARE(i.a, 13.0);
                    QCOMPARE_LT(std::abs(i.b - 6.738415616), 1e-12);
                }
            }
    }

    void knobsUnusedOutsideServing()
    {
        // A training scenario ignores the serving knobs, even out of range (FieldUse::Serving).
        core::Scenario s = preset("llama-2-7b", 8, "a100-80gb");
        s.inference.acceptanceRate = 5;
        s.inference.speculativeMethod = core::SpeculativeMethod::DraftModel;
        QVERIFY(core::estimate(s).valid);
    }
};

QTEST_GUILESS_MAIN(TestSpeculative)
#include "tst_speculative.moc"
