// Every scenario field (core/fields.h) has a label of its own, and an issue that names a
// field's key is shown with that label.
#include <QtTest>

#include <QSet>

#include "core/fields.h"
#include "core/issues.h"
#include "widgets/fieldtext.h"
#include "widgets/issuetext.h"

class TestFieldText : public QObject
{
    Q_OBJECT

private slots:
    void everyFieldHasItsOwnLabel()
    {
        QSet<QString> seen;
        for (const core::FieldInfo& f : core::kFieldTable) {
            const QString label = FieldText::label(f.field);
            const QByteArray key = QByteArray(f.key.data(), qsizetype(f.key.size()));
            QVERIFY2(!label.isEmpty(), key.constData());
            // Not the key itself: a label is words ("Tensor parallel (TP)"), not "parallel.tensor".
            QVERIFY2(label != QString::fromLatin1(key), key.constData());
            QVERIFY2(!seen.contains(label), qPrintable(QStringLiteral("%1: label \"%2\" used twice").arg(QString::fromLatin1(key), label)));
            seen.insert(label);
        }
        QCOMPARE(seen.size(), qsizetype(core::kFieldCount));
    }

    void issuesNameTheFieldByItsLabel_data()
    {
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("message");
        // The validation messages the window shows (widgets/issuetext.cpp), with the label first.
        QTest::addRow("TP") << int(core::Field::ParallelTensor) << QStringLiteral("Tensor parallel (TP): must be at least 1, got 0");
        QTest::addRow("rollout GPUs") << int(core::Field::RlRolloutGpus) << QStringLiteral("Rollout GPUs: must be at least 1, got 0");
        QTest::addRow("GPUs per node") << int(core::Field::ParallelGpusPerNode) << QStringLiteral("GPUs per node: must be at least 1, got 0");
    }
    void issuesNameTheFieldByItsLabel()
    {
        QFETCH(int, field);
        QFETCH(QString, message);
        const core::Issue issue{core::IssueCode::NotPositive, core::Severity::Error, core::fieldKeyC(core::Field(field)), 0};
        QCOMPARE(IssueText::message(issue), message);
        QCOMPARE(IssueText::keyLabel(core::fieldKeyC(core::Field(field))), FieldText::label(core::Field(field)));
    }
};

QTEST_MAIN(TestFieldText)
#include "tst_fieldtext.moc"
