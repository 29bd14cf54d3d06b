// DeepSeek Sparse Attention (issue 28; DeepSeek-V3.2-Exp): the lightning indexer's parameters
// (replicated under TP), its FP8 key cache beside MLA's latent, the top-k attention that reads
// only min(context, k) latent entries per decoding query, and the prefill's attended positions.
// Every number is worked by hand in its comment from the shapes of
// deepseek-ai/DeepSeek-V3.2-Exp inference/config_671B_v3.2.json and inference/model.py @3b99a535
// (class Indexer) and vLLM deepseek_v2.py @002d6073 (DeepseekV32IndexerCache);
// docs/corpus/models2026.md §2 "DSA indexer" and §3's table.
#include <QtTest>

#include "core/estimate.h"
#include "core/io/hfconfig.h"
#include "core/io/presets.h"
#include "core/issues.h"
#include "core/kvcache.h"
#include "core/model/layerparameters.h"
#include "core/working.h"
#include "testscenarios.h"

using namespace testscenarios;

namespace {

core::ModelArchitecture presetModel(const char* id)
{
    const core::ModelPreset* p = core::findModelPreset(id);
    return p ? p->model : core::ModelArchitecture{};
}

core::Scenario serving(const char* modelId, int context)
{
    core::Scenario s = preset(modelId, 8, "h100-sxm");
    s.mode = core::Mode::Inference;
    s.parallel.tensor = 8;
    s.inference.weights.format = core::WeightFormat::Fp8;
    s.inference.kvCacheDtype = core::KvCacheDtype::Bf16;
    s.inference.batchSize = 1;
    s.inference.kvBlockSize = 64;
    s.inference.promptLength = context - 1024;
    s.inference.generatedTokens = 1024;
    return s;
}

} // namespace

class TestSparseAttention : public QObject
{
    Q_OBJECT

private slots:
    void presetLoads()
    {
        const core::ModelArchitecture m = presetModel("deepseek-v3.2-exp");
        QVERIFY(m.isSparseAttention());
        QCOMPARE(m.indexNumHeads, 64);
        QCOMPARE(m.indexHeadDim, 128);
        QCOMPARE(m.indexTopK, 2048);
    }

    void indexerParameters()
    {
        // model.py Indexer: wq_b 1536 × 64·128 = 12,582,912; wk 7168 × 128 = 917,504; k_norm a
        // LayerNorm of 128 (weight + bias) = 256; weights_proj 7168 × 64 = 458,752 → 13,959,424
        // per layer, 851,524,864 over the 61 layers; nothing else differs from DeepSeek-V3.
        const core::ParameterCounts v32 = core::countParameters(presetModel("deepseek-v3.2-exp"));
        const core::ParameterCounts v3 = core::countParameters(presetModel("deepseek-v3"));
        QCOMPARE(v32.indexerPerLayer, 13959424.0);
        QCOMPARE(v32.total - v3.total, 851524864.0);
        // Every token runs every layer's indexer: the active count grows by the same.
        QCOMPARE(v32.active - v3.active, 851524864.0);
        // The headline 671B is DeepSeek-V3's (the V3.2 report calls DSA "the only architectural
        // modification"); the indexers add 0.13 % to it.
        QVERIFY(std::abs(v32.total / 671e9 - 1) < 0.0015);
    }

    void indexerIsReplicatedUnderTensorParallelism()
    {
        // vLLM deepseek_v2.py @002d6073 Indexer: "no tensor parallel, just replicated".
        const core::ModelArchitecture m32 = presetModel("deepseek-v3.2-exp"), m3 = presetModel("deepseek-v3");
        const core::ParameterCounts c32 = core::countParameters(m32), c3 = core::countParameters(m3);
        for (core::LayerKind kind : {core::LayerKind::Dense, core::LayerKind::Moe}) {
            const core::LayerParameters a = core::layerParameters(m32, c32, kind), b = core::layerParameters(m3, c3, kind);
            QCOMPARE(a.replicated - b.replicated, 13959424.0);
            QCOMPARE(a.linear, b.linear);
            QCOMPARE(a.routedExperts, b.routedExperts);
        }
    }

    void kvBytesPerToken_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<int>("tensor");
        QTest::addColumn<double>("bytes");
        // MLA's latent (512 + 64) at the KV dtype, the same on every TP rank, plus the indexer's
        // key: 128 FP8 bytes and one fp32 scale per 128 values = 132 B whatever the KV dtype
        // (vLLM DeepseekV32IndexerCache: head_dim + head_dim // 128 · 4, uint8).
        QTest::addRow("bf16") << int(core::KvCacheDtype::Bf16) << 1 << 576.0 * 2 + 132;
        QTest::addRow("bf16, TP 8") << int(core::KvCacheDtype::Bf16) << 8 << 576.0 * 2 + 132;
        QTest::addRow("fp8") << int(core::KvCacheDtype::Fp8) << 1 << 576.0 + 132;
    }
    void kvBytesPerToken()
    {
        QFETCH(int, dtype);
        QFETCH(int, tensor);
        QFETCH(double, bytes);
        QCOMPARE(core::kvBytesPerTokenPerLayer(presetModel("deepseek-v3.2-exp"), core::KvCacheDtype(dtype), tensor), bytes);
        // DeepSeek-V3 (no indexer) keeps the latent alone.
        QCOMPARE(core::indexerKeyBytesPerToken(presetModel("deepseek-v3")), 0.0);
    }

    void cacheHoldsEveryTokenButAttentionReadsTopK()
    {
        // At 131,072 tokens (2,048 blocks of 64): the cache holds 61 × 1,284 B = 78,324 B per token
        // (the corpus' 70,272 + 8,052) → 10,266,083,328 B per sequence. A decoding query reads
        // every token's indexer key and the latent of only 2,048: 61 × (132 × 131,072 + 1,152 ×
        // 2,048) = 61 × 19,660,800 = 1,199,308,800 B, 8.6× less.
        const core::ModelArchitecture m = presetModel("deepseek-v3.2-exp");
        QCOMPARE(core::kvCacheBytes(m, core::KvCacheDtype::Bf16, 8, 0, 61, 131072, 1, 64), 10266083328.0);
        QCOMPARE(core::kvReadBytesPerSequence(m, core::KvCacheDtype::Bf16, 8, 0, 61, 131072, 64), 1199308800.0);
        // Below k every token is attended: the read is the cache (61 × 1,284 × 1,024 = 80,203,776).
        QCOMPARE(core::kvReadBytesPerSequence(m, core::KvCacheDtype::Bf16, 8, 0, 61, 1024, 64), 80203776.0);
        // The estimate's per-sequence cache is the whole cache.
        const core::Estimate e = core::estimate(serving("deepseek-v3.2-exp", 131072));
        QCOMPARE(e.inference.kvBytesPerSequence, 10266083328.0);
    }

    void attendedMean_data()
    {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<double>("mean");
        // Mean of min(p, 2048) over p in [from, to): below k the mean position; above k, k; across
        // k the ramp and the flat part: ((2048² − 0)/2 + 2048 · 2048) / 4096 = 1,536.
        QTest::addRow("below k") << 0.0 << 1000.0 << 500.0;
        QTest::addRow("above k") << 4096.0 << 8192.0 << 2048.0;
        QTest::addRow("across k") << 0.0 << 4096.0 << 1536.0;
        // ((2048² − 1024²)/2 + 2048 · 6144) / 7168 = (1,572,864 + 12,582,912) / 7168 = 1,974.857…
        QTest::addRow("from 1024") << 1024.0 << 8192.0 << 14155776.0 / 7168;
    }
    void attendedMean()
    {
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(double, mean);
        QCOMPARE(core::sparseAttendedMean(presetModel("deepseek-v3.2-exp"), from, to), mean);
        // Dense attention: the mean position.
        QCOMPARE(core::sparseAttendedMean(presetModel("deepseek-v3"), from, to), (from + to) / 2);
    }

    void prefillFlopsCountTopKAndTheIndexer()
    {
        // One 8,192-token prompt, no prefix cache: per token 2·N_active for the weights; attention
        // 4 · q_width · 61 layers · mean attended, q_width = 128 · (128 + 64 + 128) / 2 = 20,480,
        // mean of min(p, 2048) over [0, 8192) = (2,097,152 + 12,582,912) / 8192 = 1,792; the
        // indexer 2 · 64 · 128 · 61 FLOPs per scored position × the mean position 4,096.
        // 4 · 20,480 · 61 · 1,792 = 8,954,839,040; 16,384 · 61 · 4,096 = 4,093,640,704.
        core::Scenario s = serving("deepseek-v3.2-exp", 8192 + 1024);
        const core::Estimate e = core::estimate(s);
        const double perToken = 8954839040.0 + 4093640704.0;
        const double attention = e.inference.prefillFlops - 8192 * 2 * e.parameters.active;
        QVERIFY2(std::abs(attention / (8192 * perToken) - 1) < 1e-9, qPrintable(QString::number(attention, 'g', 17)));
        // DeepSeek-V3 at the same prompt attends to the mean position 4,096: 4 · 20,480 · 61 · 4,096.
        core::Scenario d = serving("deepseek-v3", 8192 + 1024);
        const core::Estimate ed = core::estimate(d);
        const double dense = ed.inference.prefillFlops - 8192 * 2 * ed.parameters.active;
        QVERIFY(std::abs(dense / (8192 * 4.0 * 20480 * 61 * 4096) - 1) < 1e-9);
    }

    void decodeAtLongContextReadsLess()
    {
        // At 128k the sparse model's decode attention reads 1.2 GB instead of 10.3 GB per sequence
        // (above): its KV-read part of a decode step is smaller than DeepSeek-V3's, and at 4k (where
        // both attend to at most 4k tokens) the indexer's keys make it slightly larger.
        const auto kvPart = [](const char* id, int context) {
            return core::estimate(serving(id, context)).inference.decodeParts[std::size_t(core::ServingPart::KvRead)];
        };
        QVERIFY(kvPart("deepseek-v3.2-exp", 131072) < kvPart("deepseek-v3", 131072) / 4);
        QVERIFY(kvPart("deepseek-v3.2-exp", 2048) >= kvPart("deepseek-v3", 2048));
    }

    void indexerRunsAtTheFp8Peak()
    {
        // One 8,192-token prompt on 8 × H200 (TP 8), chunks of 2,048 tokens: per chunk the
        // attention's 4 · (20,480 / 8) · 2,048 · 1,792 · 61 = 2,292,438,794,240 FLOPs (mean of
        // min(p, 2048) over the prompt: 1,792) and the indexer's 2 · 64 · 128 · 61 · 2,048 · 4,096 =
        // 8,383,776,161,792 (every TP rank scores all positions). Its logits run in FP8: at H200's
        // 1,978.9 against 989.4 dense TFLOP/s (the datasheet) it takes 989.4 / 1,978.9 of the 16-bit
        // time, so the prefill's attention part is (A + I · 0.49997) / (A + I) ≈ 0.6074 of the same
        // GPU's without an FP8 peak.
        core::Scenario s = serving("deepseek-v3.2-exp", 8192 + 1024);
        s.hardware.gpu = *core::findGpuPreset("h200");
        s.hardware.mfu = 0; // the step model, not a stated MFU
        core::Scenario no = s;
        no.hardware.gpu.peakFp8Tflops = 0;
        const std::size_t attention = std::size_t(core::ServingPart::Attention);
        s.inference.weights.format = core::WeightFormat::Bf16; // 16-bit weights: the GPU without an FP8 peak takes them too
        no.inference.weights.format = core::WeightFormat::Bf16;
        const core::Estimate es = core::estimate(s), en = core::estimate(no);
        QVERIFY(es.valid && en.valid);
        const double a = es.inference.prefillParts[attention], b = en.inference.prefillParts[attention];
        QVERIFY2(a > 0 && b > 0, qPrintable(QStringLiteral("%1 %2").arg(a).arg(b)));
        const double A = 2292438794240.0, I = 8383776161792.0;
        const double half = s.hardware.gpu.peakBf16Tflops / s.hardware.gpu.peakFp8Tflops;
        QVERIFY2(std::abs(a / b - (A + I * half) / (A + I)) < 1e-9, qPrintable(QString::number(a / b, 'g', 12)));
    }

    void workingShowsTheAttendedTokens()
    {
        core::Working w;
        core::estimate(serving("deepseek-v3.2-exp", 131072), &w);
        bool found = false;
        for (const core::WorkingLine& e : w.lines())
            if (e.term == core::Term::SparseAttention) {
                found = true;
                QCOMPARE(e.value, 2048.0); // min(131,072 − 512, 2,048)
            }
        QVERIFY(found);
    }

    void needsMlaWithAQueryCompression()
    {
        core::Scenario s = preset("llama-3.1-8b", 8, "h100-sxm");
        s.model.indexTopK = 2048;
        s.model.indexNumHeads = 64;
        s.model.indexHeadDim = 128;
        const auto refuses = [](const core::Scenario& sc) {
            std::vector<core::Issue> issues;
            core::validate(sc, issues);
            for (const core::Issue& i : issues)
                if (i.code == core::IssueCode::SparseAttentionNeedsMla)
                    return true;
            return false;
        };
        QVERIFY(refuses(s));
        // The preset itself validates.
        QVERIFY(!refuses(preset("deepseek-v3.2-exp", 8, "h100-sxm")));
    }

    void importReadsTheIndexerKeys()
    {
        // The DeepSeek-V3 config.json with the DeepSeek-V3.2-Exp keys (model_type deepseek_v32,
        // index_n_heads 64, index_head_dim 128, index_topk 2048: config_671B_v3.2.json @3b99a535).
        QFile f(QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/deepseek-v3.2-exp.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const core::HfImport r = core::importHfConfig(f.readAll().toStdString());
        QCOMPARE(r.model.indexTopK, 2048);
        QCOMPARE(r.model.indexNumHeads, 64);
        QCOMPARE(r.model.indexHeadDim, 128);
        QCOMPARE(core::countParameters(r.model).total, core::countParameters(presetModel("deepseek-v3.2-exp")).total);
    }
};

QTEST_APPLESS_MAIN(TestSparseAttention)
#include "tst_sparseattention.moc"
