// Serving engines: what each reserves up front, its workspace and logits, its own flash
// attention switch. The llama.cpp rows reproduce the buffer sizes its logs print.
#include <QTest>

#include <cmath>

#include "core/estimate.h"
#include "core/io/presets.h"
#include "testscenarios.h"

using core::Component;
using core::ServingEngine;

namespace {

constexpr double MiB = 1048576.0;
constexpr double GiB = 1073741824.0;

double bytesOf(const core::Estimate& e, Component c) { return e.groups.at(0).bytes[std::size_t(c)]; }

core::Scenario serve(const char* model, ServingEngine engine, int tp = 1)
{
    core::Scenario s = testscenarios::preset(model, tp, "h100-sxm");
    s.mode = core::Mode::Inference;
    s.parallel.tensor = tp;
    s.inference.engine = engine;
    return s;
}

/// llama.cpp with the settings of the logs: one sequence, f16 KV, n_ubatch 512, no flash.
core::Scenario llamaCpp(const char* model, core::WeightFormat format, int context)
{
    core::Scenario s = serve(model, ServingEngine::LlamaCpp);
    s.inference.weights.format = format;
    s.inference.kvCacheDtype = core::KvCacheDtype::Fp16;
    s.inference.batchSize = 1;
    s.inference.promptLength = context;
    s.inference.generatedTokens = 0;
    s.inference.maxBatchedTokens = 512;
    s.inference.flashAttention = false;
    return s;
}

} // namespace

class TestEngines : public QObject
{
    Q_OBJECT

private slots:
    void vllmReservesItsShareOfTheCard()
    {
        // vLLM v1 (gpu_worker.py determine_available_memory): KV = gpu_memory_utilization ×
        // total − weights − profiled peak − non-torch. Llama 3 8B on an H100 whose CUDA total is
        // 79.19 GiB, utilization 0.95, max_num_batched_tokens 8192, max_num_seqs 1024:
        //  weights 8,030,261,248 × 2 = 16,060,522,496 B;
        //  forward of 8192 tokens 2 · 8192 · (2·4096 + 6144 + 3 · 14336) = 939,524,096 B, the
        //  sampler 16 B × 1024 × 128,256 = 2,101,346,304 B: the peak is the larger;
        //  one cuBLAS + cuBLASLt workspace 34,603,008 B.
        core::Scenario s = serve("llama-3-8b", ServingEngine::Vllm);
        s.hardware.gpu.memoryBytes = std::round(79.19 * GiB);
        s.inference.gpuMemoryUtilization = 0.95;
        s.inference.maxBatchedTokens = 8192;
        s.inference.maxNumSeqs = 1024;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(bytesOf(e, Component::InferenceWorkspace), 2101346304.0);
        const double pool = 0.95 * std::round(79.19 * GiB) - 16060522496.0 - 2101346304.0 - 34603008.0;
        QCOMPARE(bytesOf(e, Component::KvCache) + bytesOf(e, Component::KvCacheReserve), pool);
        QCOMPARE(e.inference.freeBytesForKv, pool);
        // The pool holds pool / (32 layers · 2 · 8 · 128 · 2 B) = 477,460 tokens (the log: 476,016).
        QCOMPARE(std::floor(pool / 131072), 477460.0);
        QCOMPARE(e.groups[0].peakMoment, core::StepMoment::Sampler);
    }

    void otherEnginesReserveTheirWay()
    {
        // SGLang (@ 001ccef model_runner_kv_cache_mixin.py profile_max_num_token): rest = free
        // after loading − total × (1 − mem_fraction_static), `total` being what was free after
        // the distributed init: mem_fraction_static × (capacity − CUDA context − NCCL) holds the
        // weights and the KV pool. One GPU, no communicator: 0.88 × (capacity − 512 MiB) −
        // 16,060,522,496 B of Llama 3 8B weights. (The QwQ-32B log of the memory corpus:
        // 0.85 × 21.63 GB free after init − 15.54 GB of weights = 2.85 GB; printed 2.84 GB.)
        // TensorRT-LLM (kvCacheManager.cpp): free_gpu_memory_fraction of what is free after the
        // context, weights, workspace and libraries.
        core::Scenario s = serve("llama-3-8b", ServingEngine::Sglang);
        s.inference.gpuMemoryUtilization = 0.88;
        const core::Estimate sg = core::estimate(s);
        const double capacity = s.hardware.gpu.memoryBytes;
        QCOMPARE(sg.inference.freeBytesForKv, 0.88 * (capacity - 536870912.0) - 16060522496.0);
        s.inference.engine = ServingEngine::TensorRtLlm;
        s.inference.gpuMemoryUtilization = 0.9;
        const core::Estimate trt = core::estimate(s);
        const double workspace = bytesOf(trt, Component::InferenceWorkspace);
        QCOMPARE(trt.inference.freeBytesForKv,
                 0.9 * (capacity - s.runtime.cudaContextBytes - 16060522496.0 - workspace - 34603008.0));
        // HF transformers and llama.cpp reserve nothing: the KV cache is what the batch needs.
        s.inference.engine = ServingEngine::HfTransformers;
        QCOMPARE(bytesOf(core::estimate(s), Component::KvCacheReserve), 0.0);
    }

    void llamaCppBuffersAsLogged_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("context");
        QTest::addColumn<bool>("slidingWindowOff");
        QTest::addColumn<double>("computeMiB");
        QTest::addColumn<double>("kvMiB");
        // ggml-org/ci @030daed, llama.cpp/d1/99ca79…/ggml-4-x86-cuda-v100/README.md: open-llama 7B v2
        // (the Llama 2 7B shape), perplexity -c 2048 -b 512: "CUDA0 KV buffer size = 1024.00 MiB",
        // "CUDA0 compute buffer size = 164.00 MiB" = fp32 KQ 32 heads × 2048 × 512 × 4 (128 MiB)
        // + its f32 mask 2048 × 512 × 4 (4 MiB) + four 512 × 4096 fp32 tensors (32 MiB).
        QTest::newRow("open-llama 7B F16, n_ctx 2048") << "llama-2-7b" << int(core::WeightFormat::Fp16) << 2048 << false << 164.0 << 1024.0;
        // Same file, main -c 512 Q4_K_M: "compute buffer size = 70.50 MiB" = the logits phase:
        // 32000 × 512 × 4 (62.5 MiB) + the final hidden state 512 × 4096 × 4 (8 MiB); KV 256 MiB.
        QTest::newRow("open-llama 7B Q4, n_ctx 512") << "llama-2-7b" << int(core::WeightFormat::Int4) << 512 << false << 70.5 << 256.0;
        // developer0hye/llama-3-korean-bllossom-8b-q4-docker README (Llama 3 8B shape, n_ctx 512):
        // "CUDA0 compute buffer size = 258.50 MiB" = 128,256 × 512 × 4 + 8 MiB; KV 64 MiB.
        QTest::newRow("Llama 3 8B Q4, n_ctx 512") << "llama-3-8b" << int(core::WeightFormat::Int4) << 512 << false << 258.5 << 64.0;
        // fedora-copr/logdetective PR #106 (a 32-layer, 32-head, 8-KV-head model, n_ctx 32768,
        // flash_attn = 0): "CUDA0 compute buffer size = 2144.00 MiB" = 32 × 32768 × 512 × 4
        // (2048) + mask 64 + 32 MiB; "KV buffer size = 4096.00 MiB".
        QTest::newRow("Mistral-shaped, n_ctx 32768") << "mistral-7b" << int(core::WeightFormat::Int4) << 32768 << true << 2144.0 << 4096.0;
    }

    void llamaCppBuffersAsLogged()
    {
        QFETCH(QString, model);
        QFETCH(int, format);
        QFETCH(int, context);
        QFETCH(bool, slidingWindowOff);
        QFETCH(double, computeMiB);
        QFETCH(double, kvMiB);
        core::Scenario s = llamaCpp(model.toLatin1().constData(), core::WeightFormat(format), context);
        if (slidingWindowOff)
            s.model.slidingWindow = 0; // llama.cpp then kept the whole context for Mistral
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(bytesOf(e, Component::InferenceWorkspace) / MiB, computeMiB);
        QCOMPARE(bytesOf(e, Component::KvCache) / MiB, kvMiB);
        // ggml allocates exact buffers: nothing is fragmented, no cuBLAS workspace of PyTorch's.
        QCOMPARE(bytesOf(e, Component::Fragmentation), 0.0);
        QCOMPARE(bytesOf(e, Component::LibraryWorkspaces), 0.0);
    }

    void llamaCppKeepsTheTokenEmbeddingOnTheHost()
    {
        // "CPU buffer size = 250.00 MiB" (32000 × 4096 × 2 B) and "CUDA0 buffer size =
        // 12603.02 MiB" for open-llama 7B F16: everything but the token embedding on the GPU,
        // norms included (llama.cpp keeps them fp32: ShardScope's 16-bit figure is 0.5 MiB short).
        const core::Estimate e = core::estimate(llamaCpp("llama-2-7b", core::WeightFormat::Fp16, 2048));
        const double weights = bytesOf(e, Component::Weights);
        QCOMPARE(weights, 2 * (6738415616.0 - 32000.0 * 4096));
        QVERIFY2(std::abs(weights / MiB - 12603.02) < 1, qPrintable(QString::number(weights / MiB)));
    }

    void hfEagerAttentionAndFullLogits()
    {
        // transformers eager_attention_forward: bf16 scores, the mask added out of place, the
        // fp32 softmax and its bf16 cast: 6 B per score of one layer at the prefill. Llama 2 7B,
        // one 1000-token prompt: 6 × 32 heads × 1000² = 192,000,000 B more than SDPA.
        core::Scenario s = serve("llama-2-7b", ServingEngine::HfTransformers);
        s.inference.batchSize = 1;
        s.inference.promptLength = 1000;
        const double sdpa = bytesOf(core::estimate(s), Component::InferenceWorkspace);
        s.inference.flashAttention = false;
        const double eager = bytesOf(core::estimate(s), Component::InferenceWorkspace);
        QCOMPARE(eager - sdpa, 192000000.0);
        // Before 4.45 the prefill's logits covered every prompt position, bf16 and fp32:
        // 6 B × 1000 × 32000 = 192,000,000 B; since, the last position's (6 × 32000). The layer
        // phase is larger here, so compare the logits phase through the moments.
        s.inference.flashAttention = true;
        const double lastOnly = core::estimate(s).groups[0].momentBytes[std::size_t(core::StepMoment::Sampler)];
        s.inference.fullPromptLogits = true;
        const double all = core::estimate(s).groups[0].momentBytes[std::size_t(core::StepMoment::Sampler)];
        QCOMPARE(all - lastOnly, 6.0 * 32000 * (1000 - 1));
    }

    void servingHasItsOwnFlashAttention()
    {
        // Serving reads inference.flash_attention; training.flash_attention is the training's.
        core::Scenario s = llamaCpp("llama-2-7b", core::WeightFormat::Fp16, 2048);
        const double before = bytesOf(core::estimate(s), Component::InferenceWorkspace);
        s.training.flashAttention = !s.training.flashAttention;
        QCOMPARE(bytesOf(core::estimate(s), Component::InferenceWorkspace), before);
        s.inference.flashAttention = true;
        // llama.cpp -fa: no KQ, an f16 mask: 2 × 2048 × 512 + four 512 × 4096 fp32 tensors (the
        // attention phase) below the logits phase (62.5 + 8 MiB).
        QCOMPARE(bytesOf(core::estimate(s), Component::InferenceWorkspace) / MiB, 70.5);
    }

    void cudaGraphsAndContextAreOutsideTheAllocator()
    {
        // vLLM's CUDA graphs live in their private pool (reserved), the context outside.
        const core::Estimate e = core::estimate(serve("llama-3-8b", ServingEngine::Vllm));
        const core::RankGroup& g = e.groups[0];
        QCOMPARE(bytesOf(e, Component::CudaGraphPool), GiB);
        QCOMPARE(g.reservedBytes - g.allocatedBytes, bytesOf(e, Component::Fragmentation) + GiB);
        QCOMPARE(g.deviceBytes - g.reservedBytes, bytesOf(e, Component::CudaContext));
        core::Scenario eager = serve("llama-3-8b", ServingEngine::Vllm);
        eager.inference.cudaGraphs = false; // --enforce-eager
        QCOMPARE(bytesOf(core::estimate(eager), Component::CudaGraphPool), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestEngines)
#include "tst_engines.moc"
