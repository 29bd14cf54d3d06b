#pragma once

#include <QFont>
#include <QLocale>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

class QActionGroup;
class QMenu;
class QTranslator;
class QWidget;

/// The user-interface language, switched at run time: English (the source texts) or
/// Simplified Chinese. Installing a translator makes Qt send QEvent::LanguageChange to every
/// widget, whose retranslateUi() sets its texts again; no widget is rebuilt.
/// Numbers follow the language's locale (QLocale::setDefault), and Chinese gets a CJK-capable
/// font family as a fallback behind the platform's own.
class LanguageManager : public QObject
{
    Q_OBJECT

public:
    explicit LanguageManager(QObject* parent = nullptr);
    ~LanguageManager() override;

    /// The languages offered besides "follow the system": "en", "zh_CN".
    static QStringList languages();
    /// A language's own name ("English", "简体中文"): never translated, so anyone finds theirs.
    static QString nativeName(const QString& code);
    /// What a choice shows: "" (the system's) is "zh_CN" for a Chinese system locale, else "en".
    static QString resolve(const QString& code);
    /// The CJK-capable font families installed here, best first (empty if none).
    static QStringList cjkFamilies();

    /// The choice; "" follows the system locale.
    QString language() const { return m_language; }
    /// The language shown: "en" or "zh_CN".
    QString effectiveLanguage() const { return m_effective; }
    /// Installs the catalogue, locale and font for `code` ("" = system). False for an unknown
    /// code or a catalogue that does not load (English is then shown).
    bool setLanguage(const QString& code);

    /// View ▸ Language: System / English / 简体中文, owned by `parent`, following setLanguage.
    QMenu* createMenu(QWidget* parent);

signals:
    void languageChanged(const QString& language);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void applyFont();
    void retranslateMenu();
    void updateMenuChecks();

    QTranslator* m_translator = nullptr;
    QTranslator* m_qtTranslator = nullptr;
    QString m_language;
    QString m_effective = QStringLiteral("en");
    QFont m_baseFont;
    QLocale m_baseLocale;
    QPointer<QMenu> m_menu;
    QActionGroup* m_group = nullptr;
    bool m_applied = false; ///< setLanguage() has run once (the locale and font are ours)
};
