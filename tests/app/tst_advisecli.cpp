// `shardscope advise` and `estimate --unit` as users run them: exit codes, the JSON keys the
// README documents, the units of the table.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <QRegularExpression>

#include "core/advice/advice.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "shardscoperun.h"

class TestAdviseCli : public QObject
{
    Q_OBJECT

private slots:
    void adviseJsonKeys()
    {
        // Seed 1 Q8: full fine-tuning of 70B on 8 × A100 with ZeRO-3 does not fit.
        const ShardscopeRun r = runShardscope({"advise", "--default", "--format", "json", "--set", "mode=finetune", "--set",
                                               "finetune.method=full", "--set", "model.preset=llama-2-70b", "--set",
                                               "training.zero_stage=3", "--set", "training.recompute=full", "--set",
                                               "training.seq_length=2048", "--set", "training.global_batch_size=8"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["valid"].toBool(), true);
        QCOMPARE(o["fits"].toBool(), false);
        const QJsonArray remedies = o["remedies"].toArray();
        QVERIFY(!remedies.isEmpty());
        QStringList actions;
        for (const QJsonValue& v : remedies) {
            const QJsonObject m = v.toObject();
            actions << m["action"].toString();
            for (const char* key : {"changes", "bytes_saved", "fits_after", "time_factor", "extra_communication_bytes", "cpu_bytes", "note"})
                QVERIFY2(m.contains(key), key);
            QVERIFY(m["bytes_saved"].toDouble() > 0);
            QVERIFY(!m["changes"].toArray().isEmpty());
        }
        QVERIFY2(actions.contains("lora") && actions.contains("qlora") && actions.contains("offload_parameters"), qPrintable(actions.join(',')));
        QVERIFY(!actions.contains("zero_stage")); // ZeRO-3 is on already
        // The overrides are --set arguments: feeding them back gives a scenario that fits.
        for (const QJsonValue& v : remedies) {
            const QJsonObject m = v.toObject();
            if (m["action"].toString() != "qlora")
                continue;
            QStringList args{"estimate", "--default", "--format", "json", "--set", "mode=finetune", "--set", "finetune.method=full", "--set",
                             "model.preset=llama-2-70b", "--set", "training.zero_stage=3", "--set", "training.recompute=full", "--set",
                             "training.seq_length=2048", "--set", "training.global_batch_size=8"};
            for (const QJsonValue& c : m["changes"].toArray())
                args << "--set" << c.toString();
            const ShardscopeRun e = runShardscope(args);
            QCOMPARE(e.exitCode, 0);
            const QJsonObject g = QJsonDocument::fromJson(e.out).object()["rank_groups"].toArray().first().toObject();
            QCOMPARE(g["total_bytes"].toDouble(), m["bytes_after"].toDouble());
            QVERIFY(g["fits"].toBool());
        }
    }

    void adviseTableServing()
    {
        const ShardscopeRun r = runShardscope({"advise", "--default", "--set", "mode=inference", "--set", "model.preset=llama-2-70b",
                                               "--set", "parallel.gpus=2", "--set", "parallel.tensor=2", "--set", "inference.batch_size=32",
                                               "--set", "inference.prompt_length=2048", "--set", "inference.generated_tokens=512"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("does not fit"), qPrintable(out));
        QVERIFY(out.contains("--set inference.weight_format=fp8"));
        QVERIFY(out.contains("--set inference.kv_cache_dtype=fp8"));
        QVERIFY(!out.contains("training."));     // no training advice while serving
        QVERIFY(!out.contains("checkpointing"));
    }

    /// Every remedy `shardscope advise` prints has the title the window shows for it: both are
    /// core::remedyTitle's one text (the window's English is checked against it in
    /// tst_languages theWindowSaysWhatTheCommandLineSays). Seed 1 Q8 (70B full fine-tuning, which
    /// lists adapters, offload and combinations) and 70B served on 2 GPUs.
    void cliTitlesAreTheWindowsTitles_data()
    {
        QTest::addColumn<QStringList>("sets");
        QTest::addRow("70B fine-tuning") << QStringList{"mode=finetune", "finetune.method=full", "model.preset=llama-2-70b", "training.zero_stage=1",
                                                        "training.recompute=none", "training.flash_attention=false", "training.micro_batch_size=2",
                                                        "training.seq_length=2048", "training.global_batch_size=16"};
        QTest::addRow("70B serving") << QStringList{"mode=inference", "model.preset=llama-2-70b", "parallel.gpus=2", "parallel.tensor=2",
                                                    "inference.batch_size=32", "inference.prompt_length=2048", "inference.generated_tokens=512"};
    }
    void cliTitlesAreTheWindowsTitles()
    {
        QFETCH(QStringList, sets);
        QStringList args{"advise", "--default"};
        std::vector<std::string> overrides;
        for (const QString& set : sets) {
            args << "--set" << set;
            overrides.push_back(set.toStdString());
        }
        const ShardscopeRun r = runShardscope(args);
        QCOMPARE(r.exitCode, 0);
        QStringList printed;
        static const QRegularExpression title(QStringLiteral("^ ?\\d+\\. (.+)$"));
        for (const QString& line : QString::fromUtf8(r.out).split(QLatin1Char('\n')))
            if (const QRegularExpressionMatch m = title.match(line); m.hasMatch())
                printed << m.captured(1);
        const core::ScenarioLoad load = core::loadScenario(core::defaultScenarioJson(), overrides);
        QVERIFY(load.ok);
        core::AdviceOptions options;
        options.evenIfFits = true;
        const core::Advice advice = core::advise(load.scenario, options);
        QStringList window;
        for (const auto* list : {&advice.remedies, &advice.combinations, &advice.runRemedies})
            for (const core::Remedy& remedy : *list)
                window << QString::fromStdString(core::remedyTitle(remedy));
        QVERIFY(printed.size() >= 5);
        QCOMPARE(printed, window);
    }

    void badArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::addRow("advise bad unit") << QStringList{"advise", "--default", "--unit", "MB"} << "--unit must be GB or GiB";
        QTest::addRow("estimate bad unit") << QStringList{"estimate", "--default", "--unit", "TB"} << "--unit must be GB or GiB";
        QTest::addRow("advise no file") << QStringList{"advise"} << "advise needs a scenario file";
        QTest::addRow("advise invalid scenario") << QStringList{"advise", "--default", "--set", "parallel.tensor=3"} << "parallel.tensor";
        QTest::addRow("advise bad format") << QStringList{"advise", "--default", "--format", "xml"} << "--format";
        // The scenario commands read their shared options in one place (app/cli/scenariooptions):
        // the same words for every command.
        QTest::addRow("estimate bad format") << QStringList{"estimate", "--default", "--format", "xml"} << "--format must be table or json";
        QTest::addRow("plan bad format") << QStringList{"plan", "--default", "--format", "yaml"} << "--format must be table or json";
        QTest::addRow("estimate no file") << QStringList{"estimate", "--explain"} << "estimate needs a scenario file (or --default)";
        QTest::addRow("plan no file") << QStringList{"plan", "--top", "3"} << "plan needs a scenario file (or --default)";
        QTest::addRow("launch no file") << QStringList{"launch", "--framework", "megatron"} << "launch needs a scenario file (or --default)";
        QTest::addRow("a second scenario") << QStringList{"estimate", "--default", "other.json"} << "unexpected argument 'other.json'";
        QTest::addRow("launch takes no unit") << QStringList{"launch", "--default", "--framework", "megatron", "--unit", "GB"}
                                              << "unexpected argument '--unit'";
        QTest::addRow("--format without its value") << QStringList{"advise", "--default", "--format"} << "unexpected argument '--format'";
        QTest::addRow("--set= is read") << QStringList{"estimate", "--default", "--set=parallel.tensor=3"} << "parallel.tensor";
    }
    void badArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        const ShardscopeRun r = runShardscope(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
    }

    void estimateUnit()
    {
        // A100 80GB: 85,899,345,920 B = 80 GiB = 85.90 GB.
        const ShardscopeRun gb = runShardscope({"estimate", "--default"});
        QCOMPARE(gb.exitCode, 0);
        QVERIFY(gb.out.contains("Per-GPU memory (GB)"));
        QVERIFY(gb.out.contains("of 85.90 GB"));
        const ShardscopeRun gib = runShardscope({"estimate", "--default", "--unit", "GiB"});
        QCOMPARE(gib.exitCode, 0);
        QVERIFY(gib.out.contains("Per-GPU memory (GiB)"));
        QVERIFY2(gib.out.contains("of 80.00 GiB"), gib.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestAdviseCli)
#include "tst_advisecli.moc"
