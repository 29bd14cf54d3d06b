#pragma once

#include <QSettings>
#include <QString>

/// The window's settings (the session, recent files, export options, language) as a QSettings
/// format whose writer checks that every byte reached the disk. Qt 6.4's own INI writer does
/// not: on a full disk it replaced the settings file with an empty one and reported no error
/// (QSettings::status() NoError; seen on a full tmpfs), losing the session and every setting.
/// Here a failed write leaves the old file and sets QSettings::AccessError. The file is JSON,
/// readable and editable: "ShardScope.json" beside where the INI file was.
class SettingsFile
{
public:
    /// Registers the format (once) and makes it QSettings' default.
    static QSettings::Format install();
    /// At the application's start, before any QSettings: installs the format, renames aside
    /// whatever is at the settings paths and is not a regular file (a FIFO there blocked the
    /// start for ever; reported by takeSetAside()), and copies the settings of earlier versions
    /// (Qt's native INI file) if there is no settings file of this format yet.
    static void migrateFromIni();
    /// Reads a settings file's text (what QSettings reads through this format): false if it is
    /// not one (too large, not JSON, not an object). A value of a type that nests (a map in a
    /// map …) reads as unset: QDataStream reads those by unbounded recursion.
    static bool read(QIODevice& device, QSettings::SettingsMap& map);
    /// Renames aside whatever is at the settings paths and is not a regular file or a link to
    /// one (the entry, never what a link points to), for takeSetAside() to report, and removes
    /// temporary files a killed save of the settings left: before any QSettings reads them.
    static void setAsideWhatIsNotAFile();
    /// QSettings::InvalidFormat before install().
    static QSettings::Format format();
    /// A settings file that could not be read, renamed so that it is kept for the user to
    /// inspect (the settings start afresh); empty if there was none. Cleared by takeSetAside().
    static QString takeSetAside();
};
