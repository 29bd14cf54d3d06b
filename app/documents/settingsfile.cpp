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
#include <cerrno>
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

QSettings::Format SettingsFile::format()
{
    return g_format;
}

QString SettingsFile::takeSetAside()
{
    QMutexLocker lock(&g_mutex);
    return std::exchange(g_setAside, QString());
}
