// Hybrid linear-attention / state-space models (issue 28): the layer pattern, parameters, the KV
// cache of the attention layers only, the fixed recurrent state per sequence, training
// activations and FLOPs of the linear kinds, and the largest batch at 128k context against a
// full-attention model of the same shape. Every number is worked by hand in its comment; the
// sources are in docs/corpus/models2026.md (§2 formulas, §3 engine state dtypes).
#include <QtTest>

#include "core/activations.h"
#include "core/estimate.h"
#include "core/kvcache.h"
#include "core/model/layerparameters.h"
#include "core/model/layerpattern.h"
#include "core/model/linearmixer.h"
#include "core/timeline/servingtimeline.h"
#include "core/io/presets.h"
#include "core/issues.h"
#include "testscenarios.h"

using namespace testscenarios;

namespace {

core::ModelArchitecture presetModel(const char* id)
{
    const core::ModelPreset* p = core::findModelPreset(id);
    return p ? p->model : core::ModelArchitecture{};
}

core::Scenario serving(const char* modelId, int gpus, int tp, const char* gpuId = "h100-sxm")
{
    core::Scenario s = preset(modelId, gpus, gpuId);
    s.mode = core::Mode::Inference;
    s.parallel.tensor = tp;
    s.inference.weights.format = core::WeightFormat::Bf16;
    s.inference.kvCacheDtype = core::KvCacheDtype::Bf16;
    s.inference.batchSize = 1;
    s.inference.kvBlockSize = 16;
    return s;
}

} // namespace

class TestHybrid : public QObject
{
    Q_OBJECT

private slots:
    void presetsLoad()
    {
        // A preset with an unknown key is dropped silently by the loader: both must be there.
        QVERIFY(core::findModelPreset("qwen3-next-80b-a3b"));
        QVERIFY(core::findModelPreset("nemotron-h-8b"));
    }

    void patternMatchesItsLayers_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("dense");
        QTest::addColumn<int>("moe");
        QTest::addColumn<int>("linear");
        QTest::addColumn<int>("mixerOnly");
        // Qwen3-Next: full_attention_interval 4 → layers 3, 7, …, 47 attend (12), every layer
        // routes (decoder_sparse_step 1): 12 MoE attention layers, 36 Gated DeltaNet layers.
        QTest::addRow("qwen3-next") << "qwen3-next-80b-a3b" << 0 << 12 << 36 << 0;
        // Nemotron-H 8B: "M-M-M-M*-…" folded: attention at 4, 10, 16, 22 with their MLP (4 dense),
        // the Mamba blocks at 3, 9, 15, 21 have no MLP (4), the other 20 Mamba blocks carry one.
        QTest::addRow("nemotron-h-8b") << "nemotron-h-8b" << 4 << 0 << 20 << 4;
    }
    void patternMatchesItsLayers()
    {
        QFETCH(QString, id);
        QFETCH(int, dense);
        QFETCH(int, moe);
        QFETCH(int, linear);
        QFETCH(int, mixerOnly);
        const core::ModelArchitecture m = presetModel(id.toStdString().c_str());
        const core::LayerPattern p = core::layerPattern(m);
        const core::KindCounts all = p.countsIn(0, m.numLayers);
        QCOMPARE(all[core::LayerKind::Dense], dense);
        QCOMPARE(all[core::LayerKind::Moe], moe);
        QCOMPARE(all[core::LayerKind::LinearAttention], linear);
        QCOMPARE(all[core::LayerKind::LinearMixerOnly], mixerOnly);
        // The closed form against a walk over every range (what a pipeline stage holds).
        for (int first = 0; first <= m.numLayers; ++first)
            for (int last = first; last <= m.numLayers; ++last) {
                core::KindCounts walked;
                for (int l = first; l < last; ++l)
                    ++walked.layers[std::size_t(p.kindOf(l))];
                QVERIFY2(walked == p.countsIn(first, last), qPrintable(QString("[%1, %2)").arg(first).arg(last)));
            }
    }

    void mixerParameters()
    {
        // Qwen3-Next Gated DeltaNet layer: 33,718,464 (tst_parameters works it term by term).
        QCOMPARE(core::linearMixerParameters(presetModel("qwen3-next-80b-a3b")), 33718464.0);
        // Nemotron-H 8B Mamba-2 mixer: 76,021,760 + 51,200 + 384 + 8,192 + 33,554,432.
        QCOMPARE(core::linearMixerParameters(presetModel("nemotron-h-8b")), 109635968.0);
        // Active: Qwen3-Next routes 10 of 512 experts of 3·2048·512 = 3,145,728 in 48 layers:
        // 79,674,391,296 − 48·502·3,145,728 = 3,874,929,408 (docs/corpus: the third-party figure).
        QCOMPARE(core::countParameters(presetModel("qwen3-next-80b-a3b")).active, 3874929408.0);
    }

    void kvAndStateBytes_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<core::ServingEngine>("engine");
        QTest::addColumn<double>("kvPerToken");
        QTest::addColumn<double>("statePerSequence");
        // Qwen3-Next, bf16 KV: only the 12 attention layers cache, 12 · 2 · 2 KV heads · 256 · 2 B
        // = 24,576 B per token (a 48-layer full-attention model of the shape: 98,304). State: 36 ·
        // (conv (4 − 1)·(2·16·128 + 32·128)·2 B = 49,152 + delta 32·128·128 · bytes); vLLM "auto"
        // keeps the model's bf16: 36 · (49,152 + 1,048,576) = 39,518,208; SGLang float32:
        // 36 · (49,152 + 2,097,152) = 77,266,944 (docs/corpus/models2026.md §3).
        QTest::addRow("qwen3-next vllm") << "qwen3-next-80b-a3b" << core::ServingEngine::Vllm << 24576.0 << 39518208.0;
        QTest::addRow("qwen3-next sglang") << "qwen3-next-80b-a3b" << core::ServingEngine::Sglang << 24576.0 << 77266944.0;
        // Nemotron-H 8B: 4 attention layers · 2 · 8 · 128 · 2 B = 16,384 B per token; 24 Mamba
        // layers (the 4 without an MLP too) · (3·(8192 + 2·8·128)·2 B = 61,440 + 128·64·128·4 B
        // = 4,194,304, float32 as the checkpoint's mamba_ssm_cache_dtype) = 102,137,856.
        QTest::addRow("nemotron-h-8b vllm") << "nemotron-h-8b" << core::ServingEngine::Vllm << 16384.0 << 102137856.0;
    }
    void kvAndStateBytes()
    {
        QFETCH(QString, id);
        QFETCH(core::ServingEngine, engine);
        QFETCH(double, kvPerToken);
        QFETCH(double, statePerSequence);
        core::Scenario s = serving(id.toStdString().c_str(), 1, 1);
        s.inference.engine = engine;
        s.inference.promptLength = 131072 - 1024;
        s.inference.generatedTokens = 1024; // context 131,072: a whole number of 16-token blocks
        const core::Estimate e = core::estimate(s);
        QVERIFY2(e.issues.empty() || !core::hasErrors(e.issues), "the scenario is valid");
        QCOMPARE(e.inference.kvBytesPerSequence, kvPerToken * 131072);
        QCOMPARE(e.inference.stateBytesPerSequence, statePerSequence);
        QCOMPARE(core::stateBytesPerSequence(s.model, engine, 1, 0, s.model.numLayers), statePerSequence);
    }

    void largestBatchAt128kAgainstFullAttention()
    {
        // Qwen3-Next on 4 × H100 80 GB (TP 4, bf16, vLLM), 131,072-token sequences, against the
        // same shape with every layer attending (linear_mixer none: 48 gated-attention MoE layers,
        // 79.4 B parameters, a full-attention model of the same size). Per GPU: 2 KV heads over
        // TP 4 are replicated (one per rank, vLLM), 2·1·256·2 B = 1,024 B per token per layer.
        // Hybrid: 12 · 1,024 · 131,072 = 1,610,612,736 B KV + 39,518,208 / 4 = 9,879,552 B state
        // = 1,620,492,288 B per sequence; full attention: 48 · 1,024 · 131,072 = 6,442,450,944 B.
        core::Scenario hybrid = serving("qwen3-next-80b-a3b", 4, 4);
        hybrid.inference.promptLength = 131072 - 1024;
        hybrid.inference.generatedTokens = 1024;
        hybrid.model.maxPositionEmbeddings = 262144;
        core::Scenario full = hybrid;
        full.model.linearMixer = core::LinearMixer::None;
        const core::Estimate h = core::estimate(hybrid), f = core::estimate(full);
        QVERIFY(!core::hasErrors(h.issues) && !core::hasErrors(f.issues));
        // One GPU of each stage (the estimate's convention for kv_bytes_per_sequence).
        QCOMPARE(h.inference.kvBytesPerSequence, 1610612736.0);
        QCOMPARE(h.inference.stateBytesPerSequence, 9879552.0);
        QCOMPARE(f.inference.kvBytesPerSequence, 6442450944.0);
        QCOMPARE(f.inference.stateBytesPerSequence, 0.0);
        // The largest batch: the pool each GPU has left for the cache over one sequence's bytes on
        // one GPU (the free memory is the estimate's own: weights, workspace, runtime).
        const double hybridBatch = std::floor(h.inference.freeBytesForKv / 1620492288.0);
        const double fullBatch = std::floor(f.inference.freeBytesForKv / 6442450944.0);
        QCOMPARE(h.inference.maxBatchAtContext, hybridBatch);
        QCOMPARE(f.inference.maxBatchAtContext, fullBatch);
        QVERIFY2(hybridBatch >= 3.9 * fullBatch, qPrintable(QString("%1 against %2").arg(hybridBatch).arg(fullBatch)));
        qInfo("Qwen3-Next-80B-A3B, 4 × H100, TP 4, 128k context: largest batch %g (hybrid) against %g (every layer attending); free %.3g GB / %.3g GB",
              hybridBatch, fullBatch, h.inference.freeBytesForKv / 1e9, f.inference.freeBytesForKv / 1e9);
    }

    void recurrentStateIsItsOwnSegment()
    {
        // The same Qwen3-Next service at batch 3: each GPU holds 3 · 9,879,552 = 29,638,656 B of
        // state (the fixed part) beside 3 · 1,610,612,736 = 4,831,838,208 B of KV for the 12
        // attention layers; the two are separate segments of the bar (issue 28).
        core::Scenario s = serving("qwen3-next-80b-a3b", 4, 4);
        s.inference.batchSize = 3;
        s.inference.promptLength = 131072 - 1024;
        s.inference.generatedTokens = 1024;
        s.model.maxPositionEmbeddings = 262144;
        const core::Estimate e = core::estimate(s);
        QVERIFY(!core::hasErrors(e.issues));
        const core::RankGroup& g = e.groups.front();
        QCOMPARE(g.bytes[std::size_t(core::Component::RecurrentState)], 29638656.0);
        QCOMPARE(g.bytes[std::size_t(core::Component::KvCache)], 4831838208.0);
        // A model whose every layer attends has no state segment.
        core::Scenario full = s;
        full.model.linearMixer = core::LinearMixer::None;
        QCOMPARE(core::estimate(full).groups.front().bytes[std::size_t(core::Component::RecurrentState)], 0.0);
        // The serving timeline: at its last moment all three requests run, each with its state;
        // the reserved pool beyond them is pool − KV − states.
        core::ServingTimeline t;
        core::servingTimeline(s, t);
        QVERIFY(!t.moments.empty());
        QCOMPARE(t.stateBytesPerRequest, 9879552.0);
        // vLLM pages only the 12 attention layers' tokens: a block of 16 tokens is
        // 12 · 1,024 B · 16 = 196,608 B on each GPU (not 48 layers' 786,432 B).
        QCOMPARE(t.kvLayers, 12);
        QCOMPARE(t.blockBytes, 196608.0);
        QCOMPARE(t.blocksPerRequest, std::int64_t(131072 / 16));
        const core::ServingMoment& last = t.moments.back();
        QCOMPARE(last.runningRequests, std::int64_t(3));
        QCOMPARE(last.bytes[std::size_t(core::Component::RecurrentState)], 29638656.0);
        QCOMPARE(last.bytes[std::size_t(core::Component::KvCacheReserve)],
                 std::max(0.0, t.poolBytes - last.bytes[std::size_t(core::Component::KvCache)] - 29638656.0));
    }

    void linearLayerActivationsHaveNoScores()
    {
        // A Gated DeltaNet layer saves nothing that grows with s²: doubling s doubles it.
        core::Scenario s = preset("qwen3-next-80b-a3b", 8, "h100-sxm");
        s.training.flashAttention = false;
        s.training.seqLength = 4096;
        const double at4k = core::layerActivations(core::activationShape(s, s.model, core::LayerKind::LinearAttention)).total;
        s.training.seqLength = 8192;
        const double at8k = core::layerActivations(core::activationShape(s, s.model, core::LayerKind::LinearAttention)).total;
        QCOMPARE(at8k, 2 * at4k);
        // Its mixer's saved tensors per token (bf16, b = 1, t = 1), FLA chunk.py and the conv:
        // in_proj input 2·2048, projection output 2·(2·2048 + 2·4096 + 64) = 24,704, q, k, v
        // after the conv 2·8192 = 16,384, the chunk inverse 2·32·64 + fp32 g, β 8·32 = 4,352,
        // the core output for the gated norm and out_proj 2·2·4096 = 16,384.
        const core::LayerActivations a = core::layerActivations(core::activationShape(s, s.model, core::LayerKind::LinearAttention));
        double mixer = 0;
        for (int i = 0; i < a.count; ++i) {
            const core::TensorKind k = a.tensors[std::size_t(i)].kind;
            if (k == core::TensorKind::QkvInput || k == core::TensorKind::LinearProjectionOutput || k == core::TensorKind::LinearConvOutput
                || k == core::TensorKind::DeltaChunkTensors || k == core::TensorKind::LinearCoreOutput)
                mixer += a.tensors[std::size_t(i)].bytes;
        }
        QCOMPARE(mixer, 8192.0 * (4096 + 24704 + 16384 + 4352 + 16384));
    }

    void mixerFlops()
    {
        // Megatron-Bridge flop_utils.py @067f987d (Gated DeltaNet, lines 824–847), forward per
        // token: 2·[h(2·qk + 2·v + 2·Hv) + K(2·qk + v) + 4·Hv·dv·dk + h·v] with Qwen3-Next's
        // h 2048, qk 2048, v 4096, Hv 32, dv = dk = 128, K 4:
        // 2·[2048·12352 + 4·8192 + 4·32·128·128 + 2048·4096] = 2·[25,296,896 + 32,768 + 2,097,152
        // + 8,388,608] = 71,630,848.
        double scan = 0;
        QCOMPARE(core::linearMixerFlopsPerToken(presetModel("qwen3-next-80b-a3b"), &scan), 71630848.0);
        QCOMPARE(scan, 2.0 * (32768 + 2097152));
        // Mamba-2 (lines 801–822): 2h(2·d_in + 2GN + H) + 7·d_in·N + 2·d_in·h, Nemotron-H 8B:
        // 2·4096·18,560 + 7·8192·128 + 2·8192·4096 = 152,043,520 + 7,340,032 + 67,108,864.
        QCOMPARE(core::linearMixerFlopsPerToken(presetModel("nemotron-h-8b")), 226492416.0);
    }

    void hybridRulesReportTheKey()
    {
        core::Scenario s = serving("qwen3-next-80b-a3b", 4, 4);
        s.model.linearNumValueHeads = 0;
        std::vector<core::Issue> issues;
        core::validate(s, issues);
        bool named = false;
        for (const core::Issue& i : issues)
            named = named || (i.code == core::IssueCode::LinearMixerWithoutWidths && std::string_view(i.key) == "model.linear_num_value_heads");
        QVERIFY(named);
        s = serving("qwen3-next-80b-a3b", 4, 4);
        s.model.slidingWindow = 4096;
        issues.clear();
        core::validate(s, issues);
        named = false;
        for (const core::Issue& i : issues)
            named = named || (i.code == core::IssueCode::LinearMixerWithWindow && i.a == 4096);
        QVERIFY(named);
    }
};

QTEST_GUILESS_MAIN(TestHybrid)
#include "tst_hybrid.moc"
