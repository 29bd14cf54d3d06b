// Every file of tests/fuzz/corpus — the seeds and the minimized crashers (crash-*) — through
// the fuzz targets' own code (fuzzbodies.h), in the ordinary and the sanitizer test runs: a
// crash the fuzzer once found stays fixed without clang or libFuzzer.
#include <QtTest>

#include <QDir>
#include <QFile>

#include "fuzzbodies.h"

namespace {

using Body = int (*)(const std::uint8_t*, std::size_t);

Body bodyFor(const QString& target)
{
    if (target == QLatin1String("scenario")) return fuzz::scenario;
    if (target == QLatin1String("hfconfig")) return fuzz::hfConfig;
    if (target == QLatin1String("overrides")) return fuzz::overrides;
    if (target == QLatin1String("deck")) return fuzz::deck;
    if (target == QLatin1String("tensorfile")) return fuzz::tensorFile;
    if (target == QLatin1String("memorylog")) return fuzz::memoryLog;
    if (target == QLatin1String("launchshell")) return fuzz::launchShell;
    if (target == QLatin1String("launchyaml")) return fuzz::launchYaml;
    if (target == QLatin1String("launchtoml")) return fuzz::launchToml;
    if (target == QLatin1String("launchjson")) return fuzz::launchJson;
    if (target == QLatin1String("sharelink")) return fuzz::shareLink;
    return nullptr;
}

} // namespace

class TestFuzzCorpus : public QObject
{
    Q_OBJECT

private slots:
    void everyCorpusFileRuns_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("file");
        const QDir corpus(QStringLiteral(SHARDSCOPE_FUZZ_CORPUS));
        int rows = 0;
        for (const QString& target : corpus.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            for (const QString& file : QDir(corpus.filePath(target)).entryList(QDir::Files, QDir::Name)) {
                QTest::addRow("%s/%s", qPrintable(target), qPrintable(file)) << target << corpus.filePath(target + QLatin1Char('/') + file);
                ++rows;
            }
        QVERIFY2(rows >= 40, "the corpus is missing");
    }
    void everyCorpusFileRuns()
    {
        QFETCH(QString, target);
        QFETCH(QString, file);
        const Body body = bodyFor(target);
        QVERIFY2(body, qPrintable(QStringLiteral("no fuzz target named %1").arg(target)));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QCOMPARE(body(reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size())), 0);
    }

    // Issue 16's hostile inputs are refused with an error, not merely survived (later crash-*
    // files may be valid input that once broke an invariant: those only have to run).
    void crashersAreRefused_data()
    {
        QTest::addColumn<QString>("file");
        const QDir corpus(QStringLiteral(SHARDSCOPE_FUZZ_CORPUS));
        for (const char* target : {"scenario", "deck", "hfconfig"})
            for (const QString& file : QDir(corpus.filePath(QLatin1String(target))).entryList({QStringLiteral("crash-issue16-*")}, QDir::Files, QDir::Name))
                QTest::addRow("%s/%s", target, qPrintable(file)) << corpus.filePath(QLatin1String(target) + QLatin1Char('/') + file);
    }
    void crashersAreRefused()
    {
        QFETCH(QString, file);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string text = f.readAll().toStdString();
        bool ok = true;
        if (file.contains(QLatin1String("/deck/")))
            ok = core::loadDeck(text).ok;
        else if (file.contains(QLatin1String("/hfconfig/")))
            ok = core::importHfConfig(text).ok;
        else
            ok = core::loadScenario(text).ok;
        QVERIFY(!ok);
    }
};

QTEST_GUILESS_MAIN(TestFuzzCorpus)
#include "tst_fuzzcorpus.moc"
