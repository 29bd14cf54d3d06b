// A scenario's "measurements" section (schema version 2): what a real run measured, saved and
// read back exactly, a version-1 file read unchanged, a newer version refused, every bad entry
// reported by its key with the good entries kept, and the residuals of stored numbers against
// the prediction of the same counter, worked by hand.
#include <QTest>

#include <cmath>
#include <string>

#include "core/calibration/residuals.h"
#include "core/estimate.h"
#include "core/io/jsonlimits.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"

using core::IssueCode;
using core::LogFormat;
using core::MeasuredQuantity;

Q_DECLARE_METATYPE(core::IssueCode)

namespace {

constexpr double GiB = 1024.0 * 1024 * 1024;

/// A scenario with one good measurement first, then `entry` (JSON text) second.
std::string withEntry(const std::string& entry)
{
    return R"({"schema_version": 2, "model": {"preset": "llama-2-7b"}, "measurements": {"entries": [
        {"format": "megatron", "quantity": "max_allocated", "rank": 0, "bytes": 42949672960},)"
        + entry + "]}}";
}

const core::Issue* firstError(const std::vector<core::Issue>& issues)
{
    for (const core::Issue& i : issues)
        if (i.severity == core::Severity::Error)
            return &i;
    return nullptr;
}

QString messages(const std::vector<core::Issue>& issues)
{
    QStringList out;
    for (const core::Issue& i : issues)
        out << QString::fromStdString(core::describe(i));
    return out.join(QStringLiteral("; "));
}

core::Measurement measurement(LogFormat f, MeasuredQuantity q, int rank, double value)
{
    core::Measurement m;
    m.format = f;
    m.quantity = q;
    m.rank = rank;
    m.value = value;
    return m;
}

} // namespace

class TestMeasurements : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip()
    {
        // Every key of an entry set away from its default, the section's texts too.
        core::Scenario s = core::defaultScenario();
        s.measured.label = "8×A100 80GB, Megatron core_r0.9";
        s.measured.date = "2026-11-30";
        s.measured.origin = "train.log";
        core::Measurement a = measurement(LogFormat::Megatron, MeasuredQuantity::MaxAllocated, 3, 40960.0 * 1048576);
        a.resolution = 0.01 * 1048576;
        a.line = 17;
        core::Measurement b = measurement(LogFormat::LlamaCpp, MeasuredQuantity::Weights, 0, 3.5 * GiB);
        b.device = "CUDA0";
        core::Measurement c = measurement(LogFormat::LlamaCpp, MeasuredQuantity::Weights, -1, 0.25 * GiB);
        c.device = "CPU_Mapped";
        c.host = true;
        core::Measurement d = measurement(LogFormat::Vllm, MeasuredQuantity::KvCacheTokens, -1, 123456);
        s.measured.entries = {a, b, c, d};
        const std::string json = core::saveScenario(s, "t");
        QVERIFY2(json.find("\"schema_version\": 2") != std::string::npos, json.c_str());
        QVERIFY2(json.find("\"count\": 123456") != std::string::npos, json.c_str()); // a count is not bytes
        const core::ScenarioLoad l = core::loadScenario(json);
        QVERIFY2(l.ok, qPrintable(messages(l.issues)));
        QVERIFY2(l.issues.empty(), qPrintable(messages(l.issues)));
        QCOMPARE(l.scenario.measured.entries.size(), std::size_t(4));
        QVERIFY(l.scenario.measured == s.measured);
        QVERIFY(l.scenario == s);
        QCOMPARE(core::saveScenario(l.scenario, "t"), json); // and written back byte for byte
    }

    void withoutMeasurementsTheFileStaysVersionOne()
    {
        // The shipped scenarios' saved files (tests/golden) do not move, and an older build that
        // reads only version 1 still opens what has no measurements.
        const std::string json = core::saveScenario(core::defaultScenario(), "t");
        QVERIFY(json.find("\"schema_version\": 1") != std::string::npos);
        QVERIFY(json.find("measurements") == std::string::npos);
    }

    void versionOneLoadsUnchanged()
    {
        // The built-in scenario is a version-1 file: read as it always was, with no measurements,
        // the same scenario as that file marked version 2.
        const std::string v1(core::defaultScenarioJson());
        QVERIFY(v1.find("\"schema_version\": 1") != std::string::npos);
        const core::ScenarioLoad one = core::loadScenario(v1);
        QVERIFY2(one.ok && one.issues.empty(), qPrintable(messages(one.issues)));
        QVERIFY(one.scenario.measured.empty());
        std::string v2 = v1;
        v2.replace(v2.find("\"schema_version\": 1"), 19, "\"schema_version\": 2");
        const core::ScenarioLoad two = core::loadScenario(v2);
        QVERIFY2(two.ok, qPrintable(messages(two.issues)));
        QVERIFY(one.scenario == two.scenario);
        QCOMPARE(one.title, two.title);
    }

    void newerVersionsAreRefused_data()
    {
        QTest::addColumn<int>("version");
        QTest::newRow("3: a newer build") << 3;
        QTest::newRow("0: never written") << 0;
        QTest::newRow("-1") << -1;
    }
    void newerVersionsAreRefused()
    {
        QFETCH(int, version);
        const core::ScenarioLoad l = core::loadScenario(R"({"schema_version": )" + std::to_string(version) + R"(, "model": {"preset": "llama-2-7b"}})");
        QVERIFY(!l.ok);
        const core::Issue* e = firstError(l.issues);
        QVERIFY(e);
        QCOMPARE(e->code, IssueCode::UnsupportedSchemaVersion);
        const std::string m = core::describe(*e);
        QVERIFY2(m.rfind("schema_version: schema_version " + std::to_string(version) + " is not supported (this build reads versions 1 to 2", 0) == 0, m.c_str());
    }

    void badEntries_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<IssueCode>("code");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("says");
        // Each row: what a hand-edited file might hold, the code and the key the message names.
        QTest::newRow("negative bytes") << R"({"format": "nvidia_smi", "quantity": "device_used", "rank": 1, "bytes": -5})" << IssueCode::Negative
                                        << "measurements.entries[1].bytes" << "must not be negative, got -5";
        QTest::newRow("unknown quantity") << R"({"format": "megatron", "quantity": "max_alocated", "bytes": 1})" << IssueCode::UnknownValue
                                          << "measurements.entries[1].quantity" << "did you mean 'max_allocated'?";
        QTest::newRow("unknown format") << R"({"format": "deepspeed", "quantity": "reserved", "bytes": 1})" << IssueCode::UnknownValue
                                        << "measurements.entries[1].format" << "expected one of megatron, torch_memory_summary";
        QTest::newRow("bytes as text") << R"({"format": "megatron", "quantity": "reserved", "bytes": "40 GB"})" << IssueCode::WrongType
                                       << "measurements.entries[1].bytes" << "expected a number";
        QTest::newRow("rank as text") << R"({"format": "megatron", "quantity": "reserved", "rank": "0", "bytes": 1})" << IssueCode::WrongType
                                      << "measurements.entries[1].rank" << "expected";
        QTest::newRow("negative rank") << R"({"format": "megatron", "quantity": "reserved", "rank": -1, "bytes": 1})" << IssueCode::OutOfRange
                                       << "measurements.entries[1].rank" << "must be between 0 and";
        QTest::newRow("entry not an object") << R"(42)" << IssueCode::WrongType << "measurements.entries[1]" << "expected an object";
        QTest::newRow("no value") << R"({"format": "megatron", "quantity": "reserved"})" << IssueCode::MissingMeasurementKey
                                  << "measurements.entries[1]" << "missing \"bytes\"";
        QTest::newRow("a count given as bytes") << R"({"format": "vllm", "quantity": "kv_cache_tokens", "bytes": 1000})"
                                                << IssueCode::MissingMeasurementKey << "measurements.entries[1]" << "missing \"count\"";
        QTest::newRow("no quantity") << R"({"format": "megatron", "bytes": 1})" << IssueCode::MissingMeasurementKey
                                     << "measurements.entries[1]" << "missing \"quantity\"";
        QTest::newRow("host as text") << R"({"format": "llama_cpp", "quantity": "weights", "bytes": 1, "host": "yes"})" << IssueCode::WrongType
                                      << "measurements.entries[1].host" << "expected true or false";
    }
    void badEntries()
    {
        QFETCH(QString, entry);
        QFETCH(IssueCode, code);
        QFETCH(QString, path);
        QFETCH(QString, says);
        const core::ScenarioLoad l = core::loadScenario(withEntry(entry.toStdString()));
        QVERIFY(!l.ok); // refused as any bad value is: the document is not changed
        const core::Issue* e = firstError(l.issues);
        QVERIFY2(e, qPrintable(messages(l.issues)));
        QCOMPARE(e->code, code);
        const QString m = QString::fromStdString(core::describe(*e));
        QVERIFY2(m.startsWith(path + QStringLiteral(": ")), qPrintable(m));
        QVERIFY2(m.contains(says), qPrintable(m));
        // Nothing lost: the good entry before the bad one was read.
        QCOMPARE(l.scenario.measured.entries.size(), std::size_t(1));
        QCOMPARE(l.scenario.measured.entries[0].value, 40 * GiB);
    }

    void wrongSectionTypes_data()
    {
        QTest::addColumn<QString>("section");
        QTest::addColumn<QString>("path");
        QTest::newRow("a list, not an object") << R"([1, 2])" << "measurements";
        QTest::newRow("entries not a list") << R"({"entries": {"format": "megatron"}})" << "measurements.entries";
        QTest::newRow("label not text") << R"({"label": 7, "entries": []})" << "measurements.label";
    }
    void wrongSectionTypes()
    {
        QFETCH(QString, section);
        QFETCH(QString, path);
        const core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 2, "model": {"preset": "llama-2-7b"}, "measurements": )" + section.toStdString() + "}");
        QVERIFY(!l.ok);
        const core::Issue* e = firstError(l.issues);
        QCOMPARE(e->code, IssueCode::WrongType);
        QVERIFY2(QString::fromStdString(core::describe(*e)).startsWith(path + QStringLiteral(": expected")), core::describe(*e).c_str());
    }

    void tooManyEntries()
    {
        // One more than a scenario keeps: refused by name, and no more than the limit is read.
        std::string entries;
        for (std::size_t i = 0; i <= core::limits::kMaxMeasurements; ++i)
            entries += std::string(i ? "," : "") + R"({"format": "nvidia_smi", "quantity": "device_used", "rank": 0, "bytes": 1})";
        const core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 2, "model": {"preset": "llama-2-7b"}, "measurements": {"entries": [)" + entries + "]}}");
        QVERIFY(!l.ok);
        const core::Issue* e = firstError(l.issues);
        QCOMPARE(e->code, IssueCode::TooManyMeasurements);
        QCOMPARE(core::describe(*e), std::string("measurements.entries: 8193 measurements, more than the 8192 a scenario keeps (keep the last value of each quantity per rank)"));
        QCOMPARE(l.scenario.measured.entries.size(), core::limits::kMaxMeasurements);
    }

    void unknownKeysInAnEntryAreWarnings()
    {
        const core::ScenarioLoad l = core::loadScenario(withEntry(R"({"format": "megatron", "quantity": "reserved", "bytes": 1, "gpu": "h100"})"));
        QVERIFY2(l.ok, qPrintable(messages(l.issues)));
        QCOMPARE(l.issues.size(), std::size_t(1));
        QCOMPARE(l.issues[0].code, IssueCode::UnknownKey);
        QCOMPARE(l.issues[0].path, std::string("measurements.entries[1].gpu"));
        QCOMPARE(l.scenario.measured.entries.size(), std::size_t(2));
    }

    void storedResidualWorkedByHand()
    {
        // Serving Llama 2 7B in BF16 on one GPU: the weights are the published 6,738,415,616
        // parameters (Touvron et al. 2023; the preset's count) × 2 bytes = 13,476,831,232 B.
        // The run measured vLLM's "Model loading took 13.0 GiB" = 13 × 2^30 = 13,958,643,712 B.
        // Residual (predicted − measured) / measured = (13,476,831,232 − 13,958,643,712) /
        // 13,958,643,712 = −481,812,480 / 13,958,643,712 = −3.45171 %: the estimate is below.
        const core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 2, "mode": "inference", "model": {"preset": "llama-2-7b"},
            "parallel": {"gpus": 1}, "measurements": {"label": "vLLM 0.6 on one H100", "entries": [
            {"format": "vllm", "quantity": "weights", "rank": 0, "bytes": 13958643712}]}})");
        QVERIFY2(l.ok, qPrintable(messages(l.issues)));
        const core::Estimate e = core::estimate(l.scenario);
        QVERIFY(e.valid);
        const std::vector<core::Residual> rs = core::residuals(e, l.scenario.measured.entries, l.scenario.parallel.gpusPerNode);
        QCOMPARE(rs.size(), std::size_t(1));
        QCOMPARE(rs[0].status, core::ResidualStatus::Compared);
        QCOMPARE(rs[0].predicted, 13476831232.0);
        QCOMPARE(rs[0].measured, 13958643712.0);
        QCOMPARE(rs[0].percent, -481812480.0 / 13958643712.0 * 100);
        QVERIFY(std::abs(rs[0].percent + 3.45171) < 1e-5);
    }

    void ranksThatDoNotMapAreSaid_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("rank");
        QTest::addColumn<int>("status");
        using S = core::ResidualStatus;
        // 16 GPUs, two nodes of 8. TP = 8, PP = 2: node 0 holds stage 0, node 1 stage 1 (Megatron
        // order tp-cp-dp-pp), and their predictions differ; nvidia-smi's index 0 could be either.
        QTest::newRow("index of one node, stages differ") << "parallel.pipeline=2" << int(LogFormat::NvidiaSmi) << 0 << int(S::NodeUnknown);
        // Megatron's rank 8 is global: the second node's first GPU, stage 1.
        QTest::newRow("a global rank maps") << "parallel.pipeline=2" << int(LogFormat::Megatron) << 8 << int(S::Compared);
        // PP = 1: both nodes hold the same stage, every index predicts the same.
        QTest::newRow("index of one node, nodes alike") << "parallel.pipeline=1" << int(LogFormat::NvidiaSmi) << 3 << int(S::Compared);
        // Rank 16 of 16 GPUs; index 9 of nodes of 8.
        QTest::newRow("rank beyond the layout") << "parallel.pipeline=2" << int(LogFormat::Megatron) << 16 << int(S::RankNotInLayout);
        QTest::newRow("index beyond a node") << "parallel.pipeline=1" << int(LogFormat::NvidiaSmi) << 9 << int(S::RankNotInLayout);
    }
    void ranksThatDoNotMapAreSaid()
    {
        QFETCH(QString, set);
        QFETCH(int, format);
        QFETCH(int, rank);
        QFETCH(int, status);
        const core::ScenarioLoad l = core::loadScenario(core::defaultScenarioJson(), {"parallel.gpus=16", "parallel.gpus_per_node=8",
                                                                                     "parallel.tensor=8", set.toStdString()});
        QVERIFY2(l.ok, qPrintable(messages(l.issues)));
        const core::Estimate e = core::estimate(l.scenario);
        QVERIFY2(e.valid, qPrintable(messages(e.issues)));
        const std::vector<core::Residual> rs = core::residuals(e, {measurement(LogFormat(format), MeasuredQuantity::DeviceUsed, rank, 60 * GiB)}, 8);
        QCOMPARE(rs.size(), std::size_t(1));
        QCOMPARE(int(rs[0].status), status);
        if (status == int(core::ResidualStatus::Compared))
            QCOMPARE(rs[0].predicted, e.groups[std::size_t(rs[0].group)].deviceBytes);
    }

    void latestOfEachCounterIsKept()
    {
        // A training log prints its counters every few iterations: the scenario keeps the last of
        // each (quantity, rank, format, device), in the order they first appear.
        const std::vector<core::Measurement> log = {
            measurement(LogFormat::Megatron, MeasuredQuantity::MaxAllocated, 0, 1),
            measurement(LogFormat::Megatron, MeasuredQuantity::MaxAllocated, 1, 2),
            measurement(LogFormat::Megatron, MeasuredQuantity::MaxAllocated, 0, 3),
            measurement(LogFormat::NvidiaSmi, MeasuredQuantity::DeviceUsed, 0, 4),
        };
        const std::vector<core::Measurement> kept = core::latestMeasurements(log);
        QCOMPARE(kept.size(), std::size_t(3));
        QCOMPARE(kept[0].value, 3.0);
        QCOMPARE(kept[1].value, 2.0);
        QCOMPARE(kept[2].value, 4.0);
    }
};

QTEST_GUILESS_MAIN(TestMeasurements)
#include "tst_measurements.moc"
