// Pasted memory logs: each format's lines, rendered from the framework's own format string
// (cited per row), read into bytes; garbage gives an issue naming the field, never a number;
// residuals compare each counter with the prediction of the same counter.
#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/calibration/memorylog.h"
#include "core/calibration/residuals.h"

using core::LogIssueCode;
using core::MeasuredQuantity;

Q_DECLARE_METATYPE(core::MeasuredQuantity)
Q_DECLARE_METATYPE(core::LogIssueCode)
Q_DECLARE_METATYPE(core::LogFormat)

namespace {

constexpr double MiB = 1024.0 * 1024;
constexpr double GiB = MiB * 1024;

const core::Measurement* find(const core::ParsedLog& log, MeasuredQuantity q, int rank)
{
    for (const core::Measurement& m : log.measurements)
        if (m.quantity == q && m.rank == rank)
            return &m;
    return nullptr;
}

// torch/cuda/memory.py memory_summary() at pytorch/pytorch@00b65a04a2d30e498eedcb1e3476abd547f428f1:
// 75-character rules, " {submetric_name:<21} | {formatter(current)} | {formatter(peak)} | …", _format_size
// = f"{sz:6d} {prefix}" with sz floor-divided by 1024 per step; rows for made-up stats
// (allocated 15319 MiB now, 17725 MiB peak; reserved 18309 MiB).
const char* kSummary =
    "|===========================================================================|\n"
    "|                  PyTorch CUDA memory summary, device ID 2                 |\n"
    "|---------------------------------------------------------------------------|\n"
    "|            CUDA OOMs: 0            |        cudaMalloc retries: 0         |\n"
    "|===========================================================================|\n"
    "|        Metric         | Cur Usage  | Peak Usage | Tot Alloc  | Tot Freed  |\n"
    "|---------------------------------------------------------------------------|\n"
    "| Allocated memory      |  15319 MiB |  17725 MiB |   1117 GiB |   1102 GiB |\n"
    "|       from large pool |  15303 MiB |  17707 MiB |   1116 GiB |   1101 GiB |\n"
    "|       from small pool |     15 MiB |     17 MiB |      1 GiB |      1 GiB |\n"
    "|---------------------------------------------------------------------------|\n"
    "| Active memory         |  15319 MiB |  17725 MiB |   1117 GiB |   1102 GiB |\n"
    "|---------------------------------------------------------------------------|\n"
    "| GPU reserved memory   |  18309 MiB |  18309 MiB |  18309 MiB |      0 B   |\n"
    "|       from large pool |  18290 MiB |  18290 MiB |  18290 MiB |      0 B   |\n"
    "|---------------------------------------------------------------------------|\n"
    "| Non-releasable memory | 217088 KiB |   1945 MiB |    838 GiB |    837 GiB |\n"
    "|---------------------------------------------------------------------------|\n"
    "| Allocations           |    1843    |    2210    |    3400 K  |    3398 K  |\n"
    "|===========================================================================|\n";

} // namespace

class TestMemoryLog : public QObject
{
    Q_OBJECT

private slots:
    void reads_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<core::LogFormat>("format");
        QTest::addColumn<MeasuredQuantity>("quantity");
        QTest::addColumn<int>("rank");
        QTest::addColumn<double>("bytes");
        using F = core::LogFormat;
        using Q = MeasuredQuantity;
        // Megatron-LM megatron/training/utils/common_utils.py L320–334 @d98e8a64: "[Rank {}] {}"
        // around name + ' memory (MB)' + f" | allocated: {x / 2**20:.2f}" …
        const QString megatron = "[Rank 4] (after 2 iterations) memory (MB) | allocated: 23187.55 | max allocated: 41012.08 | "
                                 "reserved: 43978.00 | max reserved: 43978.00 | total device memory used: 45530.19";
        QTest::newRow("megatron allocated") << megatron << F::Megatron << Q::Allocated << 4 << 23187.55 * MiB;
        QTest::newRow("megatron max allocated") << megatron << F::Megatron << Q::MaxAllocated << 4 << 41012.08 * MiB;
        QTest::newRow("megatron reserved") << megatron << F::Megatron << Q::Reserved << 4 << 43978.0 * MiB;
        QTest::newRow("megatron max reserved") << megatron << F::Megatron << Q::MaxReserved << 4 << 43978.0 * MiB;
        QTest::newRow("megatron device") << megatron << F::Megatron << Q::DeviceUsed << 4 << 45530.19 * MiB;
        // megatron/utils.py before 38644dd756 (2023): ' | allocated: {}'.format(x / mega_bytes), no .2f
        QTest::newRow("megatron 2023 floats")
            << "[Rank 0] (after 10 iterations) memory (MB) | allocated: 23187.548828125 | max allocated: 41012.078125 | "
               "reserved: 43978.0 | max reserved: 43978.0"
            << F::Megatron << Q::MaxAllocated << 0 << 41012.078125 * MiB;
        // memory_summary above: floor-divided integers of the "all" rows.
        QTest::newRow("summary peak allocated") << kSummary << F::TorchSummary << Q::MaxAllocated << 2 << 17725 * MiB;
        QTest::newRow("summary allocated") << kSummary << F::TorchSummary << Q::Allocated << 2 << 15319 * MiB;
        QTest::newRow("summary reserved") << kSummary << F::TorchSummary << Q::MaxReserved << 2 << 18309 * MiB;
        // torch.cuda.max_memory_allocated() returns bytes: 40 GiB = 42949672960.
        QTest::newRow("counter bytes") << "max_memory_allocated: 42949672960" << F::TorchCounters << Q::MaxAllocated << -1 << 40 * GiB;
        QTest::newRow("counter GB, rank") << "[rank1] max_memory_reserved=45.50 GB" << F::TorchCounters << Q::MaxReserved << 1 << 45.5 * GiB;
        QTest::newRow("two counters, second")
            << "rank 3 max_memory_allocated=1073741824 max_memory_reserved=2147483648" << F::TorchCounters << Q::MaxReserved << 3 << 2 * GiB;
        QTest::newRow("two counters, first")
            << "rank 3 max_memory_allocated=1073741824 max_memory_reserved=2147483648" << F::TorchCounters << Q::MaxAllocated << 3 << 1 * GiB;
        // nvidia-smi --query-gpu=index,memory.used --format=csv: ", "-separated, integer MiB.
        QTest::newRow("nvidia-smi row 1") << "index, memory.used [MiB]\n0, 12345 MiB\n1, 5 MiB" << F::NvidiaSmi << Q::DeviceUsed << 1 << 5 * MiB;
        QTest::newRow("nvidia-smi nounits with name")
            << "index, name, memory.used [MiB], memory.total [MiB]\n0, NVIDIA H100 80GB HBM3, 77537, 81559" << F::NvidiaSmi << Q::DeviceTotal << 0
            << 81559 * MiB;
        // vLLM v1 gpu_model_runner.py: "Model loading took %s GiB memory and %.6f seconds"
        QTest::newRow("vllm weights")
            << "INFO 03-14 09:12:55 [gpu_model_runner.py:2340] Model loading took 14.99 GiB memory and 13.204526 seconds" << F::Vllm
            << Q::Weights << -1 << 14.99 * GiB;
        // vLLM ≈0.7: "Model loading took %.4f GB" with a 2^30 divisor
        QTest::newRow("vllm weights GB") << "model_runner.py:1071] Model loading took 8.6253 GB and 7.670299 seconds" << F::Vllm << Q::Weights << -1
                                        << 8.6253 * GiB;
        // vllm/v1/worker/gpu_worker.py@35d5cda1: "Available KV cache memory: %.2f GiB"
        QTest::newRow("vllm kv v1")
            << "(EngineCore_DP0 pid=4600) INFO 09-28 07:46:17 [gpu_worker.py:298] Available KV cache memory: 51.98 GiB" << F::Vllm << Q::KvCache
            << -1 << 51.98 * GiB;
        // vllm/worker/worker.py determine_num_available_blocks (v0): "{x:.2f}GiB" without a space
        const QString v0 = "(VllmWorker rank=1 pid=507) INFO 04-12 08:21:19 [worker.py:267] model weights take 21.21GiB; non_torch_memory "
                           "takes 0.20GiB; PyTorch activation peak memory takes 0.37GiB; the rest of the memory reserved for KV Cache is 1.57GiB.";
        QTest::newRow("vllm v0 weights") << v0 << F::Vllm << Q::Weights << 1 << 21.21 * GiB;
        QTest::newRow("vllm v0 activations") << v0 << F::Vllm << Q::ActivationPeak << 1 << 0.37 * GiB;
        QTest::newRow("vllm v0 kv") << v0 << F::Vllm << Q::KvCache << 1 << 1.57 * GiB;
        QTest::newRow("vllm graphs") << "INFO [model_runner.py:1530] Graph capturing finished in 8 secs, took 0.60 GiB" << F::Vllm << Q::CudaGraphs
                                    << -1 << 0.6 * GiB;
        // vllm/v1/core/kv_cache_utils.py@bbf906a8: "GPU KV cache size: %s tokens" with f"{n:,}"
        QTest::newRow("vllm kv tokens") << "INFO [kv_cache_utils.py:716] GPU KV cache size: 447,088 tokens" << F::Vllm << Q::KvCacheTokens << -1
                                        << 447088.0;
        QTest::newRow("vllm v0 blocks") << "INFO [executor_base.py:111] # cuda blocks: 190100, # CPU blocks: 0" << F::Vllm << Q::KvCacheBlocks
                                        << -1 << 190100.0;
        // llama.cpp src/llama-model.cpp "%s: %12s model buffer size = %8.2f MiB", src/llama-kv-cache.cpp@3514e9f6
        // "%s: %10s KV buffer size = %8.2f MiB", src/llama-context.cpp@4c7103b9 "%s: %10s compute buffer size = %8.2f MiB"
        QTest::newRow("llama.cpp model") << "load_tensors:        CUDA0 model buffer size =  4403.49 MiB" << F::LlamaCpp << Q::Weights << 0
                                         << 4403.49 * MiB;
        QTest::newRow("llama.cpp kv") << "llama_kv_cache:      CUDA1 KV buffer size =  1152.00 MiB" << F::LlamaCpp << Q::KvCache << 1 << 1152.0 * MiB;
        QTest::newRow("llama.cpp compute") << "llama_context:      CUDA0 compute buffer size =   560.00 MiB" << F::LlamaCpp << Q::ActivationPeak << 0
                                           << 560.0 * MiB;
        QTest::newRow("llama.cpp host output") << "llama_context:  CUDA_Host  output buffer size =     0.49 MiB" << F::LlamaCpp << Q::OutputBuffer
                                               << -1 << 0.49 * MiB;
    }
    void reads()
    {
        QFETCH(QString, text);
        QFETCH(core::LogFormat, format);
        QFETCH(MeasuredQuantity, quantity);
        QFETCH(int, rank);
        QFETCH(double, bytes);
        const core::ParsedLog log = core::parseMemoryLog(text.toStdString());
        QVERIFY2(log.issues.empty(), log.issues.empty() ? "" : log.issues.front().key.c_str());
        const core::Measurement* m = find(log, quantity, rank);
        QVERIFY(m);
        QCOMPARE(m->format, format);
        QCOMPARE(m->value, bytes);
    }

    void summaryIsExactToOneUnit()
    {
        // _format_size floors: 17725 MiB means [17725, 17726) MiB.
        const core::ParsedLog log = core::parseMemoryLog(kSummary);
        QCOMPARE(log.measurements.size(), std::size_t(4)); // the two "all" rows, Cur and Peak
        QCOMPARE(find(log, MeasuredQuantity::MaxAllocated, 2)->resolution, MiB);
        QCOMPARE(log.lines, 20);
        QCOMPARE(log.recognisedLines, 20); // every line of the table
    }

    void llamaCppHostBuffers()
    {
        const core::ParsedLog log = core::parseMemoryLog("load_tensors:   CPU_Mapped model buffer size =   281.81 MiB\n"
                                                        "llama_context:  CUDA_Host  output buffer size =     0.49 MiB\n");
        QCOMPARE(log.measurements.size(), std::size_t(2));
        QVERIFY(log.measurements[0].host);
        QCOMPARE(log.measurements[0].device, std::string("CPU_Mapped"));
        QVERIFY(log.measurements[1].host);
    }

    void garbage_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<LogIssueCode>("code");
        QTest::addColumn<QString>("key");
        QTest::newRow("empty") << "" << LogIssueCode::Empty << "";
        QTest::newRow("blank lines") << "\n  \n\t\n" << LogIssueCode::Empty << "";
        QTest::newRow("prose") << "the run went fine\nloss 2.31" << LogIssueCode::NothingRecognised << "";
        QTest::newRow("binary") << QString::fromLatin1("\x01\x02\xff\xfe|||,,,,\x7f") << LogIssueCode::NothingRecognised << "";
        QTest::newRow("megatron bad number")
            << "[Rank 3] (after 2 iterations) memory (MB) | allocated: abc | max allocated: 1.0 | reserved: 2 | max reserved: 2"
            << LogIssueCode::BadNumber << "allocated";
        QTest::newRow("megatron missing field") << "[Rank 0] (after 1 iterations) memory (MB) | allocated: 1.00 | reserved: 2.00"
                                                << LogIssueCode::MissingField << "max allocated";
        QTest::newRow("megatron overflow") << "[Rank 0] x memory (MB) | allocated: 1e999 | max allocated: 1 | reserved: 1 | max reserved: 1"
                                           << LogIssueCode::BadNumber << "allocated";
        QTest::newRow("summary bad cell")
            << "|                  PyTorch CUDA memory summary, device ID 0                 |\n"
               "| Allocated memory      |  lots MiB  |  17725 MiB |   1117 GiB |   1102 GiB |"
            << LogIssueCode::BadNumber << "Allocated memory / Cur Usage";
        QTest::newRow("summary unknown unit")
            << "|                  PyTorch CUDA memory summary, device ID 0                 |\n"
               "| GPU reserved memory   |  18309 XiB |  18309 MiB |  18309 MiB |      0 B   |"
            << LogIssueCode::UnknownUnit << "GPU reserved memory / Cur Usage";
        QTest::newRow("counter unknown unit") << "max_memory_allocated = 12 parsecs" << LogIssueCode::UnknownUnit << "max_memory_allocated";
        QTest::newRow("counter no number") << "max_memory_allocated: none" << LogIssueCode::BadNumber << "max_memory_allocated";
        QTest::newRow("nvidia-smi N/A") << "index, memory.used [MiB]\n0, [N/A]" << LogIssueCode::NotSupported << "memory.used [MiB]";
        QTest::newRow("nvidia-smi without header") << "0, 12345 MiB" << LogIssueCode::CsvWithoutHeader << "memory.used";
        QTest::newRow("nvidia-smi columns") << "index, memory.used [MiB]\n0, 1, 12 MiB" << LogIssueCode::CsvColumnCount << "index";
        QTest::newRow("vllm negative kv")
            << "INFO [worker.py:267] model weights take 21.21GiB; the rest of the memory reserved for KV Cache is -7.83GiB."
            << LogIssueCode::NegativeKvBudget << "the rest of the memory reserved for KV Cache is";
        // Issue 32.14: "the run did not fit" was said of any negative number, a counter's too.
        QTest::newRow("negative counter") << "max_memory_allocated = -5 GiB" << LogIssueCode::NegativeValue << "max_memory_allocated";
        QTest::newRow("llama.cpp bad number") << "llama_context:      CUDA0 compute buffer size =   lots MiB" << LogIssueCode::BadNumber
                                              << "CUDA0 compute buffer size";
        // Found by tests/fuzz/fuzz_memorylog (corpus/memorylog/crash-*): a finite number times its
        // unit beyond a double became a size of infinity. 1e300 × 2^50 ≈ 1.1e315 > DBL_MAX ≈ 1.8e308.
        // Issue 32.14: a number, but one whose bytes are beyond a double: not "not a number".
        QTest::newRow("counter beyond a double") << "max_memory_allocated=1e300 PiB" << LogIssueCode::TooLarge << "max_memory_allocated";
        // 1e305 × 2^20 ≈ 1.05e311 > DBL_MAX
        QTest::newRow("megatron beyond a double")
            << "[Rank 0] (after 1 iterations) memory (MB) | allocated: 1e305 | max allocated: 1 | reserved: 1 | max reserved: 1"
            << LogIssueCode::TooLarge << "allocated";
        // a 400-digit count is 1e400 > DBL_MAX
        QTest::newRow("kv tokens beyond a double") << "GPU KV cache size: " + QString(400, QLatin1Char('9')) + " tokens"
                                                   << LogIssueCode::TooLarge << "GPU KV cache size";
        QTest::newRow("llama.cpp beyond a double") << "llama_context:      CUDA0 compute buffer size =   1e303 MiB" << LogIssueCode::TooLarge
                                                   << "CUDA0 compute buffer size";
    }
    void garbage()
    {
        QFETCH(QString, text);
        QFETCH(LogIssueCode, code);
        QFETCH(QString, key);
        const core::ParsedLog log = core::parseMemoryLog(text.toStdString());
        bool found = false;
        QStringList seen;
        for (const core::LogIssue& i : log.issues) {
            found |= i.code == code && QString::fromStdString(i.key) == key;
            seen << QString::fromStdString(std::string(core::logIssueCodeName(i.code)) + " " + i.key);
        }
        QVERIFY2(found, qPrintable(seen.join(", ")));
        // a bad value is never turned into a number of that field
        for (const core::Measurement& m : log.measurements)
            QVERIFY(std::isfinite(m.value) && m.value >= 0);
    }

    void longAndHugeLinesDoNotCrash()
    {
        std::string big(200000, '9');
        QVERIFY(!core::parseMemoryLog(big).issues.empty());
        const std::string rank = "[Rank 99999999999999999999] (after 1 iterations) memory (MB) | allocated: 1 | max allocated: 1 | "
                                 "reserved: 1 | max reserved: 1";
        const core::ParsedLog log = core::parseMemoryLog(rank);
        QCOMPARE(log.measurements.size(), std::size_t(4));
        // an index beyond any device is no index (and no float-to-int overflow)
        const core::ParsedLog huge = core::parseMemoryLog("llama_context: CUDA99999999999999999999 compute buffer size = 1.00 MiB\n"
                                                          "index, memory.used [MiB]\n1e300, 5 MiB\n");
        for (const core::Measurement& m : huge.measurements)
            QCOMPARE(m.rank, -1);
        std::string pipes(5000, '|');
        core::parseMemoryLog("|   PyTorch CUDA memory summary, device ID 0 |\n" + pipes);
        core::parseMemoryLog(std::string("index, memory.used [MiB]\n") + std::string(3000, ','));
    }

    // A log at the size cap's scale is read in one pass: the counters' keys were searched again
    // from each counter to the end of the line, and each measurement looked up among all earlier
    // ones, so 4 MiB of counters on one line or of distinct ranks took hours (issue 16: bounded
    // time). The counts are worked from the text: one issue or one measurement per repetition.
    void largeLogsInOnePass()
    {
        const std::string token = "max_memory_allocated "; // a counter without a number: BadNumber
        std::string line;
        while (line.size() < 4u << 20)
            line += token;
        const core::ParsedLog noNumbers = core::parseMemoryLog(line);
        QCOMPARE(noNumbers.issues.size(), line.size() / token.size());
        QCOMPARE(noNumbers.measurements.size(), std::size_t(0));

        std::string ranks;
        std::size_t lines = 0;
        for (; ranks.size() < 4u << 20; ++lines)
            ranks += "[rank" + std::to_string(lines % 999999) + "] max_memory_allocated=1\n";
        const core::ParsedLog log = core::parseMemoryLog(ranks);
        QCOMPARE(log.measurements.size(), lines);
        core::Estimate e;
        e.valid = true;
        e.groups.resize(1);
        e.groups[0].lastRank = 7;
        const std::vector<core::Residual> rs = core::residuals(e, log);
        QCOMPARE(rs.size(), std::min<std::size_t>(lines, 999999)); // one per distinct rank
        QCOMPARE(rs[7].status, core::ResidualStatus::Compared);
        QCOMPARE(rs[8].status, core::ResidualStatus::RankNotInLayout);
    }

    void residualsCompareLikeWithLike()
    {
        // Two rank groups: ranks 0–3 (predicted 40 GiB allocated, 44 GiB reserved, 46 GiB device),
        // ranks 4–7 (30 / 33 / 35 GiB), 80 GiB capacity.
        core::Estimate e;
        e.valid = true;
        e.groups.resize(2);
        const double alloc[2] = {40, 30}, res[2] = {44, 33}, dev[2] = {46, 35};
        for (int g = 0; g < 2; ++g) {
            e.groups[std::size_t(g)].firstRank = 4 * g;
            e.groups[std::size_t(g)].lastRank = 4 * g + 3;
            e.groups[std::size_t(g)].allocatedBytes = alloc[g] * GiB;
            e.groups[std::size_t(g)].reservedBytes = res[g] * GiB;
            e.groups[std::size_t(g)].deviceBytes = dev[g] * GiB;
            e.groups[std::size_t(g)].capacityBytes = 80 * GiB;
        }
        // Rank 0 measured 38 GiB max allocated (38912 MiB): (40 − 38)/38 = +5.263 %; 44 GiB
        // reserved: 0 %. Rank 5: 32 GiB allocated: (30 − 32)/32 = −6.25 %. nvidia-smi GPU 1
        // (rank 1, group 0): 48 GiB used against 46: −4.1667 %. GPU 9 is not in an 8-GPU layout.
        const std::string text =
            "[Rank 0] (after 1 iterations) memory (MB) | allocated: 10.00 | max allocated: 30000.00 | reserved: 40000.00 | max reserved: 40000.00\n"
            "[Rank 0] (after 2 iterations) memory (MB) | allocated: 20000.00 | max allocated: 38912.00 | reserved: 45056.00 | max reserved: 45056.00\n"
            "[Rank 5] (after 2 iterations) memory (MB) | allocated: 20000.00 | max allocated: 32768.00 | reserved: 33792.00 | max reserved: 33792.00\n"
            "index, memory.used [MiB]\n1, 49152 MiB\n9, 1000 MiB\n";
        const core::ParsedLog log = core::parseMemoryLog(text);
        QVERIFY(log.issues.empty());
        const std::vector<core::Residual> rs = core::residuals(e, log);
        auto get = [&](MeasuredQuantity q, int rank) -> const core::Residual* {
            for (const core::Residual& r : rs)
                if (r.quantity == q && r.rank == rank)
                    return &r;
            return nullptr;
        };
        const core::Residual* a0 = get(MeasuredQuantity::MaxAllocated, 0);
        QVERIFY(a0);
        QCOMPARE(a0->status, core::ResidualStatus::Compared);
        QCOMPARE(a0->group, 0);
        QCOMPARE(a0->measured, 38 * GiB); // the later line: the counters only grow
        QCOMPARE(a0->predicted, 40 * GiB);
        QCOMPARE(a0->percent, 200.0 / 38);
        const core::Residual* r0 = get(MeasuredQuantity::MaxReserved, 0);
        QCOMPARE(r0->predicted, 44 * GiB); // reserved against reserved, not allocated
        QCOMPARE(r0->percent + 1, 1.0);
        const core::Residual* a5 = get(MeasuredQuantity::MaxAllocated, 5);
        QCOMPARE(a5->group, 1);
        QCOMPARE(a5->percent, -6.25);
        const core::Residual* d1 = get(MeasuredQuantity::DeviceUsed, 1);
        QCOMPARE(d1->format, core::LogFormat::NvidiaSmi);
        QCOMPARE(d1->predicted, 46 * GiB); // device level against device level
        QCOMPARE(d1->percent, -200.0 / 48);
        QCOMPARE(get(MeasuredQuantity::DeviceUsed, 9)->status, core::ResidualStatus::RankNotInLayout);
        // one residual per (quantity, rank): rank 0's two lines give one of each
        int rank0 = 0;
        for (const core::Residual& r : rs)
            rank0 += r.rank == 0;
        QCOMPARE(rank0, 4);
    }

    void residualsWithoutAPrediction()
    {
        core::Estimate e;
        e.groups.resize(1);
        e.groups[0].lastRank = 0;
        const core::ParsedLog log = core::parseMemoryLog("GPU KV cache size: 1,024 tokens\n"
                                                        "llama_context:  CUDA_Host  output buffer size =     0.49 MiB\n");
        const std::vector<core::Residual> rs = core::residuals(e, log);
        QCOMPARE(rs.size(), std::size_t(2));
        QCOMPARE(rs[0].status, core::ResidualStatus::NoPrediction);
        QCOMPARE(rs[1].status, core::ResidualStatus::HostMemory);
    }
};

QTEST_GUILESS_MAIN(TestMemoryLog)
#include "tst_memorylog.moc"
