// `shardscope export` as a script runs it: every view in every format exits 0 with a file of
// the right kind and size; bad arguments exit 2 and say which one; scripts/run's call works.
#include <QtTest>

#include <QBuffer>
#include <QImage>
#include <QImageReader>
#include <QRegularExpression>
#include <QTemporaryDir>

#include "shardscoperun.h"

namespace {

using Run = ShardscopeRun;

Run run(const QStringList& args)
{
    return runShardscope(QStringList{QStringLiteral("export")} + args, 120000);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestExportCli : public QObject
{
    Q_OBJECT

private slots:
    void everyViewEveryFormat_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<QByteArray>("magic");
        for (const char* view : {"memory", "comparison", "gauges", "bits", "dashboard", "run"}) {
            QTest::addRow("%s png", view) << view << "png" << QByteArray("\x89PNG");
            QTest::addRow("%s svg", view) << view << "svg" << QByteArray("<?xml");
            QTest::addRow("%s pdf", view) << view << "pdf" << QByteArray("%PDF");
        }
    }
    void everyViewEveryFormat()
    {
        QFETCH(QString, view);
        QFETCH(QString, suffix);
        QFETCH(QByteArray, magic);
        QTemporaryDir dir;
        const QString out = dir.filePath(view + QLatin1Char('.') + suffix);
        const Run r = run({"--default", "--view", view, "--out", out, "--size", "1280x720", "--title", "Slide"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray bytes = readAll(out);
        QVERIFY(bytes.startsWith(magic));
        if (suffix == QLatin1String("png"))
            QCOMPARE(QImage(out).size(), QSize(1280, 720));
        if (suffix == QLatin1String("svg")) {
            QVERIFY(bytes.contains("<svg"));
            QVERIFY(bytes.contains("viewBox=\"0 0 1280 720\""));
            QVERIFY(bytes.contains(">Slide<") || bytes.contains(">Slide</text>") || bytes.contains("Slide"));
        }
    }

    void scaleTransparentTheme()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("chart.png"));
        const Run r = run({"--default", "--view", "memory", "--out", out, "--size", "800x450", "--scale", "2", "--transparent", "--theme", "dark"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QImage image(out);
        QCOMPARE(image.size(), QSize(1600, 900));
        QCOMPARE(image.pixelColor(1, 1).alpha(), 0);
    }

    void svgHasTheChartsText()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("chart.svg"));
        const Run r = run({"--default", "--view", "memory", "--out", out, "--size", "1920x1080"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString svg = QString::fromUtf8(readAll(out));
        // The default scenario is Llama 2 7B on 8 GPUs, pure data parallelism.
        QVERIFY(svg.contains(QStringLiteral("Memory per GPU (GB)")));
        QVERIFY(svg.contains(QStringLiteral("all ranks 0–7")));
        QVERIFY(svg.contains(QStringLiteral("Llama 2 7B")));
    }

    void scriptsRunCall()
    {
        // scripts/run without a display: export --default --view memory --out … --size 1600x900.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("shardscope-default.png"));
        const Run r = run({"--default", "--view", "memory", "--out", out, "--size", "1600x900"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(QImage(out).size(), QSize(1600, 900));
    }

    void setOverridesAndScenarioFiles()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("zero3.svg"));
        Run r = run({"--default", "--set", "training.zero_stage=3", "--view", "memory", "--out", out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(readAll(out).contains("ZeRO-3"));
        const QString file = QStringLiteral(SHARDSCOPE_SOURCE_DIR "/resources/scenarios/default.json");
        r = run({file, "--view=gauges", "--out=" + dir.filePath(QStringLiteral("g.pdf"))});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(readAll(dir.filePath(QStringLiteral("g.pdf"))).startsWith("%PDF"));
    }

    void chineseSlide()
    {
        // The translation comes from the build (:/i18n/shardscope_zh_CN.qm); without it the
        // slide is English with a warning. Either way the export succeeds.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("zh.svg"));
        const Run r = run({"--default", "--view", "memory", "--out", out, "--lang", "zh_CN"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString svg = QString::fromUtf8(readAll(out));
        static const QRegularExpression han(QStringLiteral("[\\x{4E00}-\\x{9FFF}]"));
        QVERIFY2(svg.contains(han) || r.err.contains("no translation"), r.err.constData());
    }

    void badArgumentsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::addRow("unknown view") << QStringList{"--default", "--view", "pie", "--out", "x.png"} << "unknown view 'pie'";
        // Issue 31: `--view schedule` was answered with a list that lacked the step view.
        QTest::addRow("unknown view names every view") << QStringList{"--default", "--view", "schedule", "--out", "x.png"}
                                                       << "(available: memory, comparison, gauges, bits, dashboard, step, run)";
        // Issue 29: a run's wall-clock needs a training run; serving has none.
        QTest::addRow("run of a serving scenario") << QStringList{"--default", "--view", "run", "--out", "x.png", "--set", "mode=inference"}
                                                   << "--view run draws a training run's wall-clock";
        QTest::addRow("size too small") << QStringList{"--default", "--out", "x.png", "--size", "10x10"} << "--size";
        QTest::addRow("size not a size") << QStringList{"--default", "--out", "x.png", "--size", "big"} << "--size";
        QTest::addRow("scale zero") << QStringList{"--default", "--out", "x.png", "--scale", "0"} << "--scale";
        QTest::addRow("scale not a number") << QStringList{"--default", "--out", "x.png", "--scale", "two"} << "--scale";
        QTest::addRow("unknown theme") << QStringList{"--default", "--out", "x.png", "--theme", "purple"} << "unknown theme 'purple'";
        QTest::addRow("bad suffix") << QStringList{"--default", "--out", "x.tiff"} << "--out must end in .png, .svg, .pdf or .gif";
        // Animations: the step view only, with frames and rates a GIF can hold.
        QTest::addRow("gif of the bars") << QStringList{"--default", "--out", "x.gif"} << "add --view step";
        QTest::addRow("unknown format") << QStringList{"--default", "--view", "step", "--out", "x.png", "--format", "webp"} << "unknown format 'webp'";
        QTest::addRow("format against suffix") << QStringList{"--default", "--view", "step", "--out", "x.png", "--format", "gif"} << "--out ends in .png";
        QTest::addRow("one frame") << QStringList{"--default", "--view", "step", "--out", "x.gif", "--frames", "1"} << "--frames must be a whole number from 2 to 600";
        QTest::addRow("frames not a number") << QStringList{"--default", "--view", "step", "--out", "x.gif", "--frames", "many"} << "--frames";
        QTest::addRow("fps zero") << QStringList{"--default", "--view", "step", "--out", "x.gif", "--fps", "0"} << "--fps must be a number from 1 to 50";
        QTest::addRow("fps 60") << QStringList{"--default", "--view", "step", "--out", "x.gif", "--fps", "60"} << "hundredths of a second";
        QTest::addRow("frames of a still") << QStringList{"--default", "--view", "step", "--out", "x.png", "--frames", "10"} << "--frames applies to --format gif or png-sequence";
        QTest::addRow("fps of a sequence") << QStringList{"--default", "--view", "step", "--out", "x.png", "--format", "png-sequence", "--fps", "10"}
                                           << "--fps applies to --format gif";
        QTest::addRow("transparent gif") << QStringList{"--default", "--view", "step", "--out", "x.gif", "--transparent"} << "--transparent is for PNG";
        // 7B on 8 GPUs (DP 8): 16384 / 8 = 2048 micro-batches per step, more than the 1024 drawn.
        QTest::addRow("step not drawn") << QStringList{"--default", "--view", "step", "--out", "x.gif", "--set", "training.global_batch_size=16384"}
                                        << "whose step is drawn";
        QTest::addRow("no out") << QStringList{"--default"} << "--out";
        QTest::addRow("out without value") << QStringList{"--default", "--out"} << "--out needs a value";
        QTest::addRow("no scenario") << QStringList{"--out", "x.png"} << "needs a scenario";
        QTest::addRow("bad language") << QStringList{"--default", "--out", "x.png", "--lang", "../../etc"} << "--lang";
        QTest::addRow("bad unit") << QStringList{"--default", "--out", "x.png", "--unit", "MB"} << "--unit";
        QTest::addRow("bad value") << QStringList{"--default", "--view", "bits", "--out", "x.png", "--value", "nan"} << "--value";
        QTest::addRow("unknown option") << QStringList{"--default", "--out", "x.png", "--colour", "red"} << "unexpected argument '--colour'";
        QTest::addRow("invalid scenario") << QStringList{"--default", "--out", "x.png", "--set", "parallel.tensor=3"} << "parallel.tensor";
        QTest::addRow("missing file") << QStringList{"/nonexistent/scenario.json", "--out", "x.png"} << "cannot read";
    }
    void badArgumentsExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        // Relative outputs land in the temporary directory, never in the build tree.
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.setWorkingDirectory(dir.path());
        p.start(QStringLiteral(SHARDSCOPE_BINARY), QStringList{QStringLiteral("export")} + args);
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(QString::fromUtf8(err).contains(needle), err.constData());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.gif"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x-001.png"))));
    }

    // Issue 31: `shardscope export --help` was refused ("unexpected argument").
    void helpListsEveryOptionAndView()
    {
        const Run r = run({"--help"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        for (const char* word : {"memory", "comparison", "gauges", "bits", "dashboard", "step", "--size", "--theme", "--format", "--frames", "--fps"})
            QVERIFY2(out.contains(QLatin1String(word)), qPrintable(out));
        QVERIFY(r.err.isEmpty());
        QCOMPARE(run({"-h"}).exitCode, 0);
    }

    // Issue 31: every headless run printed Qt's "QStandardPaths: XDG_RUNTIME_DIR not set" warning.
    void headlessRunPrintsNoRuntimeDirWarning()
    {
        QTemporaryDir dir;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.insert(QStringLiteral("TMPDIR"), dir.path()); // where the private runtime directory goes
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(SHARDSCOPE_BINARY), {QStringLiteral("export"), QStringLiteral("--default"), QStringLiteral("--out"), dir.filePath(QStringLiteral("m.png"))});
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitCode(), 0);
        QVERIFY2(!err.contains("XDG_RUNTIME_DIR"), err.constData());
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("m.png"))));
    }

    void stepGif()
    {
        // The default scenario's step (7B on 8 A100: one stage) as 10 frames at 25 per second.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("step.gif"));
        const Run r = run({"--default", "--view", "step", "--out", out, "--size", "480x270", "--frames", "10", "--fps", "25"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray gif = readAll(out);
        QVERIFY(gif.startsWith("GIF89a"));
        QBuffer buffer;
        buffer.setData(gif);
        buffer.open(QIODevice::ReadOnly);
        QImageReader reader(&buffer, "gif");
        QCOMPARE(reader.imageCount(), 10);
        QCOMPARE(reader.size(), QSize(480, 270));
        QVERIFY(!reader.read().isNull());
        QCOMPARE(reader.nextImageDelay(), 40); // 25 per second: 4 cs
        // --format gif says the same as the suffix.
        const Run again = run({"--default", "--view", "step", "--format", "gif", "--out", dir.filePath(QStringLiteral("b.gif")), "--size", "320x180",
                               "--frames", "2"});
        QVERIFY2(again.exitCode == 0, again.err.constData());
        // A serving scenario plays its run: the batch filling the KV cache, step by step.
        const QString serving = dir.filePath(QStringLiteral("serving.gif"));
        const Run served = run({"--default", "--set", "mode=inference", "--view", "step", "--out", serving, "--size", "320x180", "--frames", "3"});
        QVERIFY2(served.exitCode == 0, served.err.constData());
        QCOMPARE(QImageReader(serving).imageCount(), 3);
    }

    void stepPngSequence()
    {
        QTemporaryDir dir;
        const Run r = run({"--default", "--view", "step", "--format", "png-sequence", "--out", dir.filePath(QStringLiteral("f.png")), "--size",
                           "320x180", "--frames", "3"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        for (const char* name : {"f-001.png", "f-002.png", "f-003.png"})
            QCOMPARE(QImage(dir.filePath(QString::fromLatin1(name))).size(), QSize(320, 180));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("f-004.png"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("f.png"))));
    }
};

QTEST_GUILESS_MAIN(TestExportCli)
#include "tst_exportcli.moc"
