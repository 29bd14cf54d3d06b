#include "widgets/issuetext.h"

#include <QCoreApplication>
#include <QLocale>

#include "core/fields.h"
#include "widgets/displayformat.h"
#include "widgets/fieldtext.h"

namespace IssueText {

namespace {

QString num(double v)
{
    return QLocale().toString(v, 'g', 6);
}

QString gb(double bytes)
{
    return DisplayFormat::bytes(bytes, DisplayFormat::memoryUnit(), 1); // in View ▸ Units' unit
}

QString seconds(double s)
{
    return DisplayFormat::duration(s); // "90.0 s", "32.3 min"
}

/// What fills a placeholder: the payload in this locale's number formats, texts translated.
QString argText(const core::Issue& i, core::IssueArg arg)
{
    using A = core::IssueArg;
    switch (arg) {
    case A::None: break;
    case A::A: return num(i.a);
    case A::B: return num(i.b);
    case A::C: return num(i.c);
    case A::TwiceA: return num(2 * i.a);
    case A::PercentA: return num(i.a * 100);
    case A::BytesA: return gb(i.a);
    case A::BytesB: return gb(i.b);
    case A::BytesC: return gb(i.c);
    case A::ByteCountA: return QLocale().toString(qint64(i.a)); // 537,919,489: every digit, not 5.37919e+08
    case A::ByteCountB: return QLocale().toString(qint64(i.b));
    case A::MebibytesB: return num(i.b / 1048576);
    case A::SecondsB: return seconds(i.b);
    case A::SecondsC: return seconds(i.c);
    case A::DimensionA: return QCoreApplication::translate("IssueText", core::dimensionText(i.a));
    case A::Given: return QString::fromStdString(i.given);
    case A::Nearest: return QString::fromStdString(i.nearest);
    case A::Accepted: {
        QStringList values;
        for (const std::string& v : i.accepted)
            values << QString::fromStdString(v);
        return values.join(QStringLiteral(", ")); // keywords of the file format: not translated
    }
    case A::Expected: return QCoreApplication::translate("IssueText", core::valueKindText(i.expected));
    case A::Got: return QCoreApplication::translate("IssueText", core::valueKindText(i.got));
    case A::Detail: return QString::fromStdString(i.detail); // nlohmann/json's own English
    }
    return {};
}

} // namespace

QString keyLabel(const char* key)
{
    if (!key || !*key)
        return {};
    if (const std::optional<core::Field> field = core::findField(key))
        return FieldText::label(*field);
    return QString::fromUtf8(key);
}

QString reason(const core::Issue& i)
{
    // The core's message table holds each sentence once; its English is the translation key.
    const core::IssueMessage& m = core::issueMessage(i);
    if (!*m.text)
        return {};
    const QString text = QCoreApplication::translate("IssueText", m.text);
    QString args[3];
    int n = 0;
    for (core::IssueArg arg : m.args)
        if (arg != core::IssueArg::None)
            args[n++] = argText(i, arg);
    switch (n) {
    case 1: return text.arg(args[0]);
    case 2: return text.arg(args[0], args[1]);
    case 3: return text.arg(args[0], args[1], args[2]);
    default: return text;
    }
}

QString message(const core::Issue& issue)
{
    const std::optional<core::Field> field = issue.field;
    const QString label = !issue.path.empty() ? QString::fromStdString(issue.path) : field ? FieldText::label(*field) : keyLabel(issue.key);
    const QString text = reason(issue);
    if (label.isEmpty() || text.startsWith(QString::fromStdString(issue.path.empty() ? std::string(issue.key) : issue.path)))
        return text;
    //: %1 = the setting, %2 = what is wrong with it
    return QCoreApplication::translate("IssueText", "%1: %2").arg(label, text);
}

QStringList messages(const std::vector<core::Issue>& issues, core::Severity severity)
{
    QStringList out;
    for (const core::Issue& i : issues)
        if (i.severity == severity)
            out << message(i);
    return out;
}

} // namespace IssueText
