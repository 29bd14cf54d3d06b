// translations/shardscope_zh_CN.ts is complete and current: every entry translated (none
// unfinished, vanished or obsolete, placeholders and accelerators kept), and no tr() string in
// app/ or widgets/ (or a core string marked SHARDSCOPE_TRANSLATE_NOOP) missing from it — lupdate is run over the sources into a scratch copy, which
// must come out without a single new or vanished entry. A stale .ts turns this test red.
#include <QtTest>

#include <QDirIterator>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>

namespace {

struct Message
{
    QString context;
    QString source;
    QString type;                 ///< the translation's type attribute: "", unfinished, vanished, obsolete
    QStringList translations;     ///< one, or the numerus forms
    bool numerus = false;
};

QList<Message> readTs(const QString& path, QString* error)
{
    QList<Message> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Message message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            message = Message{context, {}, {}, {}, xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes")};
        } else if (name == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            message.type = xml.attributes().value(QLatin1String("type")).toString();
            if (message.numerus) {
                while (xml.readNextStartElement())
                    message.translations << xml.readElementText();
            } else {
                message.translations << xml.readElementText();
            }
            messages << message;
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

QString describe(const Message& m)
{
    return QStringLiteral("[%1] %2").arg(m.context, m.source);
}

QStringList placeholders(const QString& text)
{
    QStringList out;
    QRegularExpressionMatchIterator it = QRegularExpression(QStringLiteral("%(\\d+|n)")).globalMatch(text);
    while (it.hasNext())
        out << it.next().captured();
    out.removeDuplicates();
    out.sort();
    return out;
}

int accelerators(QString text)
{
    return int(text.remove(QStringLiteral("&&")).count(QLatin1Char('&')));
}

/// The core's files whose English the window translates: those that mark it with
/// SHARDSCOPE_TRANSLATE_NOOP (app/CMakeLists.txt finds them the same way).
QStringList coreTranslationSources(const QString& root)
{
    QStringList files;
    QDirIterator it(root + QStringLiteral("/core"), {QStringLiteral("*.cpp")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (f.open(QIODevice::ReadOnly) && f.readAll().contains("SHARDSCOPE_TRANSLATE_NOOP("))
            files << path;
    }
    files.sort();
    return files;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void everyEntryIsTranslated()
    {
        QString error;
        const QList<Message> messages = readTs(QStringLiteral(SHARDSCOPE_TS_FILE), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(messages.size() > 500, "the catalogue covers the window and the widgets");
        QStringList problems;
        for (const Message& m : messages) {
            if (!m.type.isEmpty())
                problems << m.type + QStringLiteral(": ") + describe(m);
            else if (m.translations.isEmpty() || m.translations.contains(QString()))
                problems << QStringLiteral("empty: ") + describe(m);
            for (const QString& t : m.translations) {
                QStringList expected = placeholders(m.source), got = placeholders(t);
                if (m.numerus) {
                    expected.removeAll(QStringLiteral("%n"));
                    got.removeAll(QStringLiteral("%n"));
                }
                if (expected != got)
                    problems << QStringLiteral("placeholders %1 ≠ %2: ").arg(expected.join(QLatin1Char(',')), got.join(QLatin1Char(',')))
                                    + describe(m);
                if (accelerators(m.source) != accelerators(t))
                    problems << QStringLiteral("accelerator lost: ") + describe(m);
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void catalogueMatchesTheSources()
    {
        // lupdate over the sources into a copy: a tr() string missing from the .ts comes out as a
        // new (unfinished) entry, one removed from the code as vanished.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString copy = dir.filePath(QStringLiteral("shardscope_zh_CN.ts"));
        QVERIFY(QFile::copy(QStringLiteral(SHARDSCOPE_TS_FILE), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        const QString root = QStringLiteral(SHARDSCOPE_SOURCE_DIR);
        QProcess lupdate;
        lupdate.setWorkingDirectory(root);
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        QStringList arguments{QStringLiteral("-I"), root, QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-no-ui-lines"),
                              QStringLiteral("-tr-function-alias"), QStringLiteral("QT_TRANSLATE_NOOP+=SHARDSCOPE_TRANSLATE_NOOP"),
                              root + QStringLiteral("/app"), root + QStringLiteral("/widgets")};
        arguments << coreTranslationSources(root) << QStringLiteral("-ts") << copy;
        lupdate.start(QStringLiteral(SHARDSCOPE_LUPDATE), arguments);
        QVERIFY2(lupdate.waitForFinished(120000), "lupdate did not finish");
        const QString log = QString::fromLocal8Bit(lupdate.readAll());
        QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0, qPrintable(log));

        QString error;
        const QList<Message> messages = readTs(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList stale;
        for (const Message& m : messages)
            if (!m.type.isEmpty())
                stale << (m.type == QLatin1String("unfinished") ? QStringLiteral("not in the .ts: ") : QStringLiteral("no longer in the code: "))
                             + describe(m);
        QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("translations/shardscope_zh_CN.ts is stale; run "
                                                            "`cmake --build BUILD --target update_translations` and translate:\n")
                                             + stale.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
