// `shardscope estimate FILE --timeline` on a serving scenario: the serving timeline as a table and
// as "serving_timeline" in the JSON; a bad serving scenario exits 2 naming the key.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include "shardscoperun.h"

namespace {
const QString kScenario = QStringLiteral(SHARDSCOPE_SOURCE_DIR "/docs/screenshot-serving.json");
}

class TestServingCli : public QObject
{
    Q_OBJECT

private slots:
    void tablePrintsThePoolAndThePreemption()
    {
        // Llama 3 8B, bf16, vLLM on an H100: 128 requests of 2,048 + 2,048 tokens.
        const ShardscopeRun r = runShardscope({"estimate", kScenario, "--timeline"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.contains("Serving timeline (vLLM, PP stage 0: 128 requests, prompt 2048 + 2048 generated tokens)"));
        // ⌈128 × 2,048 / 2,048⌉ = 128 prefill steps; a block is 16 × 128 KiB = 2,097,152 B;
        // 4,096 / 16 = 256 blocks per request
        QVERIFY(out.contains("prefill 128 step(s) of 2048 tokens, then 2048 decode steps"));
        QVERIFY(out.contains("KV block 16 tokens = 2097152 bytes in the stage's 32 layers with a KV cache; 256 blocks per request"));
        const QRegularExpressionMatch pool = QRegularExpression("KV pool reserved at start-up: [0-9.]+ GB = (\\d+) blocks").match(out);
        QVERIFY2(pool.hasMatch(), qPrintable(out.left(2000)));
        const qint64 n = pool.captured(1).toLongLong();
        // 128 requests in lockstep need 128·⌈(2048 + j)/16⌉ blocks at decode step j: the first
        // over N has ⌈(2048 + j)/16⌉ = ⌊N/128⌋ + 1, i.e. 2048 + j = 16·⌊N/128⌋ + 1.
        const qint64 j = 16 * (n / 128) + 1 - 2048;
        QVERIFY2(out.contains(QStringLiteral("(decode step %1)").arg(j)), qPrintable(QString::number(j)));
        QVERIFY(out.contains("  peak\n"));
    }

    void jsonHasTheServingTimeline()
    {
        const ShardscopeRun r = runShardscope({"estimate", kScenario, "--timeline", "--format", "json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QVERIFY(!j.contains("timeline")); // the training step's timeline is for training
        const QJsonObject t = j["serving_timeline"].toObject();
        QCOMPARE(t["prefill_steps"].toInteger(), 128);
        QCOMPARE(t["decode_steps"].toInteger(), 2048);
        QCOMPARE(t["block_size"].toInteger(), 16);
        QCOMPARE(t["blocks_per_request"].toInteger(), 256);
        const QJsonArray moments = t["moments"].toArray();
        const QJsonObject peak = moments.at(t["peak_moment"].toInt()).toObject();
        // 128 × 256 blocks × 2 MiB = 64 GiB, the estimate's kv_cache
        QCOMPARE(peak["used_blocks"].toInteger(), 128 * 256);
        QCOMPARE(peak["used_kv_bytes"].toDouble(), 68719476736.0);
        QCOMPARE(peak["used_kv_bytes"].toDouble(), j["rank_groups"].toArray().at(0).toObject()["components"].toObject()["kv_cache"].toDouble());
        QCOMPARE(moments.at(0).toObject()["phase"].toString(), QStringLiteral("prefill"));
        QCOMPARE(moments.last().toObject()["phase"].toString(), QStringLiteral("decode"));
    }

    void badServingScenarioExitsTwo_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<QString>("key");
        QTest::newRow("batch 0") << "inference.batch_size=0" << "inference.batch_size";
        QTest::newRow("prompt 0") << "inference.prompt_length=0" << "inference.prompt_length";
    }

    void badServingScenarioExitsTwo()
    {
        QFETCH(QString, set);
        QFETCH(QString, key);
        const ShardscopeRun r = runShardscope({"estimate", kScenario, "--timeline", "--set", set});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(key), r.err.constData());
    }
};

QTEST_APPLESS_MAIN(TestServingCli)
#include "tst_servingcli.moc"
