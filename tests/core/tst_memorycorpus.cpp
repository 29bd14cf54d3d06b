// The memory corpus (resources/corpus/memory.json) held out, source by source: the summary the
// README states, and the rows that issue 26's mechanisms bring within ±10 % held to it. Each row
// is a published measurement; its source, quote and configuration are in the corpus file (and
// docs/corpus/memory.md). Memory has no fitted constant, so the held-out prediction is the
// estimate itself.
#include <QTest>

#include <cmath>

#include "core/accuracy/report.h"
#include "core/io/corpus_io.h"

class TestMemoryCorpus : public QObject
{
    Q_OBJECT

    core::CorpusLoad m_load;
    core::CorpusReport m_report;

    /// Row `row`'s held-out error within `tolerance` (0: the corpus's tolerance for that row).
    void expectHeldOutWithin(const QString& row, double tolerance)
    {
        const std::string id = row.toStdString();
        for (std::size_t i = 0; i < m_load.corpus.rows.size(); ++i) {
            if (m_load.corpus.rows[i].id != id)
                continue;
            const core::RowResult& r = m_report.results[i];
            QVERIFY2(r.usable, r.why.c_str());
            const double band = tolerance > 0 ? tolerance : core::rowTolerance(m_load.corpus, m_load.corpus.rows[i]);
            QVERIFY2(std::fabs(r.heldOutError()) <= band,
                     qPrintable(QStringLiteral("%1: %2 %").arg(row).arg(100 * r.heldOutError(), 0, 'f', 2)));
            return;
        }
        QFAIL(qPrintable(QStringLiteral("no row %1 in the memory corpus").arg(row)));
    }

private slots:
    void initTestCase()
    {
        m_load = core::loadCorpus(core::builtInCorpusJson(core::CorpusKind::Memory));
        QVERIFY(m_load.ok);
        m_report = core::makeReport(m_load.corpus);
    }

    void summaryAsTheReadmeStates()
    {
        // README "How far to trust the numbers", memory table, row "all": 137 judged rows, 108
        // within ±10 %, median |error| 4.4 %. (Before issue 26's mechanisms: 76 within, 6.6 %;
        // before the optimizer step in backward and activation offloading: 97; before bf16
        // adapters' bf16 moments and frozen norms' saved tensors: 100 within, 4.5 %; before
        // bitsandbytes' kept 4-bit inputs, LitGPT's 4-bit output layer and its untied Llama 3.2
        // output layer: 101, 4.5 %. vLLM's two TP communicators leave 108 and 4.4 %: they move
        // every vLLM TP pool toward its log, none across the band.)
        QCOMPARE(m_report.all.rows, 137);
        QCOMPARE_GE(m_report.all.within, 108);
        QVERIFY2(m_report.all.medianAbs <= 0.044 + 5e-4, qPrintable(QString::number(m_report.all.medianAbs)));
    }

    void rowsTheMechanismsHold_data()
    {
        QTest::addColumn<QString>("row");
        // training.loss_implementation (core/training/lossimplementation.cpp):
        // torchtitan nvfp4.md @ 73aed7f, Blackwell runs with ChunkedLossWrapper ("chunked_loss").
        QTest::newRow("torchtitan Llama 3 8B bf16, chunked loss") << "torchtitan-nvfp4doc-llama8b-bf16";
        QTest::newRow("torchtitan Llama 3 8B MXFP8, chunked loss") << "torchtitan-nvfp4doc-llama8b-mxfp8";
        QTest::newRow("torchtitan Qwen3 8B bf16, chunked loss") << "torchtitan-nvfp4doc-qwen8b-bf16";
        QTest::newRow("torchtitan Qwen3 8B MXFP8, chunked loss") << "torchtitan-nvfp4doc-qwen8b-mxfp8";
        // torchtitan benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md @ 4a61bd8: compiled loss.
        QTest::newRow("Trainy 32 × H200, compiled loss") << "trainy-h200-8b-fsdp-32gpu";
        QTest::newRow("Trainy 64 × H200, compiled loss") << "trainy-h200-8b-fsdp-64gpu";
        // torchtune README @ 1814feb "Optimization flags": compile, then CEWithChunkedOutputLoss.
        QTest::newRow("torchtune 3B full, compiled") << "torchtune-3b-full-compile";
        // training.optimizer_in_backward and training.activation_offload (torchtune @ 1814feb
        // torchtune/training/memory.py, _activation_offloading.py), the same table's next rows,
        // its LoRA row, and the 8B full finetune on one RTX 4090 (README @ 30b8519; the config's
        // PagedAdamW8bit keeps its states in managed memory). The "8-bit AdamW" row that the
        // foreach step's temporaries happened to hold before is now −17 %: what its 17.6 GiB holds
        // besides bf16 weights and 8-bit moments is not modelled.
        QTest::newRow("torchtune 3B full, step in backward") << "torchtune-3b-full-fuse-optimizer-step-into-backward";
        QTest::newRow("torchtune 3B full, activation offloading") << "torchtune-3b-full-activation-offloading";
        QTest::newRow("torchtune 3B LoRA, activation offloading") << "torchtune-3b-lora-optflags";
        // LoRA adapters in bf16 stepped by torch.optim.AdamW keep bf16 moments (torch/optim/adam.py
        // @ dc80ccd, Adam._init_group: zeros_like(p)): the same table's QLoRA row, +16.9 % → +9.7 %.
        QTest::newRow("torchtune 3B QLoRA, bf16 adapter moments") << "torchtune-3b-qlora-optflags";
        QTest::newRow("torchtune 8B full, step in backward, paged 8-bit AdamW") << "torchtune-llama31-8b-full-1xrtx-4090";
        // LitGPT config_hub/finetune/README.md @ 00af8b0: chunked_cross_entropy on bf16 chunks;
        // frozen norms keep only their fp32 input (PyTorch gen_variable_type.py @ 9e69e82
        // guard_for): Llama 2 7B LoRA +6.6 % → +3.9 %, Mistral 7B +9.1 % → +6.5 %.
        QTest::newRow("LitGPT Llama 2 7B LoRA") << "litgpt-llama-2-7b-lora-a10g";
        QTest::newRow("LitGPT Llama 3 8B LoRA") << "litgpt-llama-3-8b-lora-a10g";
        QTest::newRow("LitGPT Mistral 7B LoRA") << "litgpt-mistral-7b-lora-a10g";
        // LitGPT keeps Llama 3.2's output layer as its own matrix (model.py line 25, filled from
        // the embedding by convert_hf_checkpoint.py lines 206-207): 1B LoRA −12.6 % → −0.9 %.
        QTest::newRow("LitGPT Llama 3.2 1B LoRA, untied output") << "litgpt-llama-32-1b-lora-a10g";
        QTest::newRow("LitGPT Llama 3.2 3B LoRA, untied output") << "litgpt-llama-32-3b-lora-a10g";
        // bitsandbytes 0.42.0 (LitGPT's pin) keeps each 4-bit layer's input on the graph the loop
        // still holds (core/training/bnbretainedinputs.h), and Fabric's BitsandbytesPrecision
        // makes the output layer 4-bit, dequantized whole at the loss: −16…−30 % → −4…−9 %.
        QTest::newRow("LitGPT Llama 2 7B QLoRA") << "litgpt-llama-2-7b-qlora-a10g";
        QTest::newRow("LitGPT Llama 3 8B QLoRA") << "litgpt-llama-3-8b-qlora-a10g";
        QTest::newRow("LitGPT Llama 3.1 8B QLoRA") << "litgpt-llama-31-8b-qlora-a10g";
        QTest::newRow("LitGPT Llama 3.2 1B QLoRA") << "litgpt-llama-32-1b-qlora-a10g";
        QTest::newRow("LitGPT Llama 3.2 3B QLoRA") << "litgpt-llama-32-3b-qlora-a10g";
        QTest::newRow("LitGPT Mistral 7B QLoRA") << "litgpt-mistral-7b-qlora-a10g";
        // FSDP over a frozen base (core/training/frozenbase.cpp): AnswerDotAI/fsdp_qlora
        // benchmarks_03_2024.md @ e877dda, bf16 quant storage, transformers' in-model loss.
        QTest::newRow("fsdp_qlora 7B QLoRA, batch 10") << "answerai-7b-qlora-ctx2048-bs10-3090";
        QTest::newRow("fsdp_qlora 7B LoRA, 512, allocated") << "answerai-7b-lora-ctx512-bs1-3090-alloc";
        QTest::newRow("fsdp_qlora 7B LoRA, 2048, allocated") << "answerai-7b-lora-ctx2048-bs1-3090-alloc";
        QTest::newRow("fsdp_qlora 7B QLoRA, CPU offload, batch 12") << "answerai-7b-qlora-offload-ctx2048-bs12-4090";
        QTest::newRow("fsdp_qlora Mistral 7B QLoRA, CPU offload, 24k") << "answerai-mistral7b-qlora-offload-ctx24576-bs1-4090";
        // FSDP2 under PP (core/training/fsdppipeline.cpp): torchtitan
        // benchmarks/llama3_h100_202412_torchtitan.md @ 820504e, 405B 4D (PP 8).
        QTest::newRow("torchtitan 405B 4D, 32k") << "torchtitan-405b-4d-cp1-32k";
        QTest::newRow("torchtitan 405B 4D, 64k") << "torchtitan-405b-4d-cp2-64k";
        QTest::newRow("torchtitan 405B 4D, 128k") << "torchtitan-405b-4d-cp4-128k";
        // SGLang's pool out of what was free after the distributed init: llms-in-clouds
        // docs/sglang.md @ b001c86, QwQ-32B TP 4 on L4, mem_fraction_static 0.85.
        QTest::newRow("SGLang QwQ-32B pool") << "sglang043-qwq32b-tp4-l4-kvpool";
    }

    void vllmTensorParallelPools_data()
    {
        // vLLM's TP group connects two NCCL communicators (PyNccl's and torch.distributed's device
        // group; vllm cuda_communicator.py @ 00b5a01, base_device_communicator.py @ 00a18bc), as
        // core/inference.cpp servingCommunicators says. llm-d-planner PR 205 (vLLM 0.19 logs,
        // H100): with one communicator each of these pools was +2.0 to +2.9 % high, every TP log
        // printing 2.07–2.21 GiB of non-torch memory against 0.25 GiB at TP 1; with two, within 2 %.
        QTest::addColumn<QString>("row");
        QTest::newRow("Llama 3.1 8B TP 2") << "vllm019-meta-llama-llama-3-1-8b-tp2pp1dp1-8192-kvpool";
        QTest::newRow("Llama 3.1 8B TP 4") << "vllm019-meta-llama-llama-3-1-8b-tp4pp1dp1-8192-kvpool";
        QTest::newRow("Qwen2.5 7B TP 4") << "vllm019-qwen-qwen2-5-7b-instruct-tp4pp1dp1-8192-kvpool";
        QTest::newRow("Llama 3.3 70B FP8 TP 4") << "vllm019-fp8dyn-llama-3-3-70b-tp4pp1dp1-8192-kvpool";
    }

    void vllmTensorParallelPools()
    {
        QFETCH(QString, row);
        expectHeldOutWithin(row, 0.02);
    }

    void rowsTheMechanismsHold()
    {
        QFETCH(QString, row);
        expectHeldOutWithin(row, 0); // the row's own band
    }
};

QTEST_GUILESS_MAIN(TestMemoryCorpus)
#include "tst_memorycorpus.moc"
