#include "app/documents/settingsfile.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDataStream>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QStringList>
#include <QDir>
#include <cerrno>
#include <ctime>
#include <sys/stat.h>
#include <unistd.h>

namespace {

QSettings::Format g_format = QSettings::InvalidFormat;
QMutex g_mutex;     // QSettings may read and write from any thread
QString g_setAside; // guarded by g_mutex

// Types JSON has no form for keep theirs in a tagged object.
const QString kBytes = QStringLiteral("@bytes");
const QString kVariant = QStringLiteral("@variant");

/// A settings file is a few kilobytes (a scenario or two of JSON); anything far larger is not one.
constexpr qint64 kMaxSettingsBytes = 64 * 1024 * 1024;

QJsonValue toJson(const QVariant& v)
{
    switch (v.typeId()) {
    case QMetaType::QString: return v.toString();
    case QMetaType::Bool: return v.toBool();
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Double: return v.toDouble();
    case QMetaType::QStringList: return QJsonArray::fromStringList(v.toStringList());
    case QMetaType::QByteArray: return QJsonObject{{kBytes, QString::fromLatin1(v.toByteArray().toBase64())}};
    case QMetaType::UnknownType: return QJsonValue::Null;
    default: break;
    }
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out << v;
    return QJsonObject{{kVariant, QString::fromLatin1(bytes.toBase64())}};
}

/// The types a settings value may hold inside "@variant": values without nesting. A container
/// (QVariantMap, QVariantList, QVariantHash) or a user type is read by recursion that the data
/// drives: a map nested 30,000 deep overflowed the stack in QDataStream >> QVariant and crashed
/// every start (issue 32.1). None of the window's settings is one; such a value reads as unset.
bool flatVariantType(quint32 type)
{
    switch (type) {
    case QMetaType::Bool:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Double:
    case QMetaType::Float:
    case QMetaType::QChar:
    case QMetaType::QString:
    case QMetaType::QStringList:
    case QMetaType::QByteArray:
    case QMetaType::QDate:
    case QMetaType::QTime:
    case QMetaType::QDateTime:
    case QMetaType::QUrl:
    case QMetaType::QSize:
    case QMetaType::QSizeF:
    case QMetaType::QPoint:
    case QMetaType::QPointF:
    case QMetaType::QRect:
    case QMetaType::QRectF:
    case QMetaType::QLine:
    case QMetaType::QLineF:
    case QMetaType::QColor: return true;
    default: return false;
    }
}

QVariant fromJson(const QJsonValue& j)
{
    if (j.isArray()) {
        QStringList list;
        for (const QJsonValue& e : j.toArray())
            list << e.toString();
        return list;
    }
    if (j.isObject()) {
        const QJsonObject o = j.toObject();
        if (o.contains(kBytes))
            return QByteArray::fromBase64(o.value(kBytes).toString().toLatin1());
        QByteArray bytes = QByteArray::fromBase64(o.value(kVariant).toString().toLatin1());
        QDataStream in(&bytes, QIODevice::ReadOnly);
        // QVariant's stream form begins with its type (Qt 6: a quint32): look before reading.
        quint32 type = 0;
        in >> type;
        if (in.status() != QDataStream::Ok || !flatVariantType(type))
            return QVariant();
        in.device()->seek(0);
        QVariant v;
        in >> v;
        return in.status() == QDataStream::Ok ? v : QVariant();
    }
    return j.toVariant();
}

/// Renames an unreadable settings file out of the way, once, so that nothing the user had is
/// overwritten by the fresh settings.
void setAside(QIODevice& device)
{
    auto* file = qobject_cast<QFile*>(&device);
    if (!file)
        return;
    const QString name = file->fileName();
    const QString aside = QStringLiteral("%1.unreadable-%2").arg(name, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    if (QFile::copy(name, aside)) {
        QMutexLocker lock(&g_mutex);
        g_setAside = aside;
    }
}

bool readSettings(QIODevice& device, QSettings::SettingsMap& map)
{
    if (device.size() > kMaxSettingsBytes) {
        setAside(device);
        return false;
    }
    const QByteArray data = device.readAll();
    if (data.trimmed().isEmpty())
        return true; // a new file
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        setAside(device);
        return false;
    }
    const QJsonObject o = doc.object();
    for (auto it = o.begin(); it != o.end(); ++it)
        map.insert(it.key(), fromJson(it.value()));
    return true;
}

bool writeSettings(QIODevice& device, const QSettings::SettingsMap& map)
{
    // QSettings renames its temporary file over whatever is at the path: only a regular file
    // (or a link to one) is replaced (issue 32.4); a FIFO or a device made there since the
    // start is left as it is and the save reported as failed.
    if (auto* file = qobject_cast<QFileDevice*>(&device)) {
        struct stat st;
        if (::stat(QFile::encodeName(file->fileName()).constData(), &st) == 0 && !S_ISREG(st.st_mode))
            return false;
    }
    QJsonObject o;
    for (auto it = map.begin(); it != map.end(); ++it)
        o.insert(it.key(), toJson(it.value()));
    const QByteArray data = QJsonDocument(o).toJson(QJsonDocument::Indented);
    if (device.write(data) != data.size())
        return false;
    // What Qt's INI writer leaves out: QSettings commits the QSaveFile only if this returns
    // true, so a full disk keeps the old file instead of an empty one.
    if (auto* file = qobject_cast<QFileDevice*>(&device)) {
        if (!file->flush())
            return false;
        if (::fsync(file->handle()) != 0 && errno != EINVAL && errno != EROFS && errno != ENOTSUP)
            return false;
    }
    return true;
}

} // namespace

void SettingsFile::setAsideWhatIsNotAFile()
{
    // Before any QSettings opens the settings files: QFile::open on a FIFO there blocked the
    // start for ever (issue 32.2; QSettings opens it in its constructor), a device would be read
    // to its end. The entry is renamed, never what a link points to.
    // Where QSettings puts this application's files (QSettings::setPath included), asked of
    // a QSettings whose own files do not exist, so that asking opens nothing of ours.
    const QString probeName = QStringLiteral("ShardScope-settings-path-probe");
    QString folder;
    {
        const QSettings probe(g_format, QSettings::UserScope, probeName, probeName);
        folder = QFileInfo(QFileInfo(probe.fileName()).absolutePath()).absolutePath();
    }
    const QString organization = QCoreApplication::organizationName(), application = QCoreApplication::applicationName();
    const QDir dir(folder);
    QStringList files{dir.filePath(organization + QStringLiteral(".json"))};
    if (!application.isEmpty())
        files.prepend(dir.filePath(organization + QLatin1Char('/') + application + QStringLiteral(".json")));
    for (const QString& name : std::as_const(files)) {
        const QByteArray path = QFile::encodeName(name);
        struct stat st;
        if (::lstat(path.constData(), &st) != 0)
            continue; // nothing there: a new file
        const bool regular = ::stat(path.constData(), &st) == 0 ? S_ISREG(st.st_mode) : true; // a dangling link: QSettings creates the file
        if (regular)
            continue;
        const QString aside = QStringLiteral("%1.not-a-file-%2").arg(name, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")));
        if (::rename(path.constData(), QFile::encodeName(aside).constData()) == 0) {
            QMutexLocker lock(&g_mutex);
            g_setAside = aside;
        }
    }
    // QSaveFile's temporary files: "NAME.XXXXXX" in our own folder, untouched for a minute.
    if (application.isEmpty())
        return;
    const QDir own(dir.filePath(organization));
    const QString prefix = application + QStringLiteral(".json.");
    const std::time_t now = std::time(nullptr);
    for (const QString& entry : own.entryList({prefix + QStringLiteral("??????")}, QDir::Files | QDir::Hidden | QDir::System)) {
        const QByteArray path = QFile::encodeName(own.filePath(entry));
        struct stat st;
        if (::lstat(path.constData(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::getuid() && now - st.st_mtime > 60)
            ::unlink(path.constData());
    }
}

QSettings::Format SettingsFile::install()
{
    if (g_format != QSettings::InvalidFormat)
        return g_format;
    g_format = QSettings::registerFormat(QStringLiteral("json"), readSettings, writeSettings);
    QSettings::setDefaultFormat(g_format);
    return g_format;
}

void SettingsFile::migrateFromIni()
{
    install();
    setAsideWhatIsNotAFile();
    // Earlier versions kept the settings in Qt's native INI file: copied once, then left alone.
    QSettings settings(install(), QSettings::UserScope, QCoreApplication::organizationName(), QCoreApplication::applicationName());
    if (QFileInfo::exists(settings.fileName()))
        return;
    const QSettings old(QSettings::NativeFormat, QSettings::UserScope, QCoreApplication::organizationName(),
                        QCoreApplication::applicationName());
    const QStringList keys = old.allKeys();
    for (const QString& key : keys)
        settings.setValue(key, old.value(key));
}

bool SettingsFile::read(QIODevice& device, QSettings::SettingsMap& map)
{
    return readSettings(device, map);
}

QSettings::Format SettingsFile::format()
{
    return g_format;
}

QString SettingsFile::takeSetAside()
{
    QMutexLocker lock(&g_mutex);
    return std::exchange(g_setAside, QString());
}
