#include "app/languagemanager.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QEvent>
#include <QFontDatabase>
#include <QLibraryInfo>
#include <QMenu>
#include <QTranslator>

namespace {

const QString kEnglish = QStringLiteral("en");
const QString kChinese = QStringLiteral("zh_CN");

} // namespace

LanguageManager::LanguageManager(QObject* parent)
    : QObject(parent)
    , m_translator(new QTranslator(this))
    , m_qtTranslator(new QTranslator(this))
    , m_baseFont(QApplication::font())
    , m_baseLocale(QLocale())
{
}

LanguageManager::~LanguageManager()
{
    // A translator must not stay installed after it is deleted; the locale and font go back too.
    QCoreApplication::removeTranslator(m_translator);
    QCoreApplication::removeTranslator(m_qtTranslator);
    if (m_applied) {
        QLocale::setDefault(m_baseLocale);
        m_effective = kEnglish;
        applyFont();
    }
}

QStringList LanguageManager::languages()
{
    return {kEnglish, kChinese};
}

QString LanguageManager::nativeName(const QString& code)
{
    if (code == kChinese)
        return QStringLiteral("简体中文");
    if (code == kEnglish)
        return QStringLiteral("English");
    return code;
}

QString LanguageManager::resolve(const QString& code)
{
    if (code == kEnglish || code == kChinese)
        return code;
    // Following the system: any Chinese locale gets the Simplified Chinese catalogue (the only one).
    for (const QString& name : QLocale::system().uiLanguages())
        if (name.startsWith(QLatin1String("zh")))
            return kChinese;
        else if (name.startsWith(QLatin1String("en")))
            return kEnglish;
    return kEnglish;
}

QStringList LanguageManager::cjkFamilies()
{
    const QStringList installed = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
    QStringList out;
    // Best first: faces designed for Simplified Chinese UI text, with good Latin glyphs.
    for (const char* name : {"Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "Microsoft YaHei",
                             "PingFang SC", "Noto Sans SC", "Droid Sans Fallback", "AR PL UMing CN"}) {
        const QString family = QString::fromLatin1(name);
        if (installed.contains(family, Qt::CaseInsensitive))
            out << family;
    }
    if (out.isEmpty() && !installed.isEmpty())
        out << installed.front();
    return out;
}

bool LanguageManager::setLanguage(const QString& code)
{
    const bool known = code.isEmpty() || languages().contains(code);
    const QString choice = known ? code : QString();
    QString effective = resolve(choice);
    bool ok = known;

    if (!m_applied || effective != m_effective) {
        m_applied = true;
        // Each install or removal sends QEvent::LanguageChange to every widget.
        bool notified = QCoreApplication::removeTranslator(m_translator);
        notified = QCoreApplication::removeTranslator(m_qtTranslator) || notified;
        if (effective != kEnglish && !m_translator->load(QStringLiteral("shardscope_") + effective, QStringLiteral(":/i18n"))) {
            ok = false;
            effective = kEnglish;
        }
        // Numbers follow the language, set first so the retranslated texts use it.
        if (effective == kChinese)
            QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
        else
            QLocale::setDefault(m_baseLocale.language() == QLocale::English ? m_baseLocale : QLocale(QLocale::English, QLocale::UnitedStates));
        if (effective != kEnglish) {
            // Qt's own dialog texts ("Cancel", "Look in:") where the distribution ships them.
            if (m_qtTranslator->load(QStringLiteral("qtbase_") + effective, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
                notified = QCoreApplication::installTranslator(m_qtTranslator) || notified;
            notified = QCoreApplication::installTranslator(m_translator) || notified;
        }
        m_effective = effective;
        // The platform's file dialogs (GTK, a portal) speak the system's language, not ours: in
        // another language than the system's, Qt's own dialogs, translated by qtbase_*.qm.
        QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs, effective != resolve(QString()));
        applyFont();
        if (!notified) {
            // Only the locale changed (or this is the first call): views format numbers anew.
            QEvent change(QEvent::LanguageChange);
            QCoreApplication::sendEvent(QCoreApplication::instance(), &change);
        }
    }
    const bool changed = m_language != choice;
    m_language = choice;
    updateMenuChecks();
    if (changed)
        emit languageChanged(m_language);
    return ok;
}

void LanguageManager::applyFont()
{
    QFont font = QApplication::font();
    QStringList families = m_baseFont.families();
    if (m_effective == kChinese) {
        // The platform's family may lack Han glyphs (DejaVu Sans): put a CJK face first so Chinese
        // text and its Latin digits come from one design; English keeps the platform's font.
        const QStringList cjk = cjkFamilies();
        const bool baseHasHan = QFontDatabase::writingSystems(m_baseFont.family()).contains(QFontDatabase::SimplifiedChinese);
        if (!baseHasHan && !cjk.isEmpty())
            families = cjk + families;
    }
    if (font.families() == families)
        return;
    font.setFamilies(families);
    QApplication::setFont(font);
}

QMenu* LanguageManager::createMenu(QWidget* parent)
{
    auto* menu = new QMenu(parent);
    m_group = new QActionGroup(menu);
    m_group->setExclusive(true);
    for (const QString& code : QStringList{QString()} + languages()) {
        QAction* action = menu->addAction(nativeName(code));
        action->setCheckable(true);
        action->setData(code);
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { setLanguage(code); });
        if (code.isEmpty())
            menu->addSeparator();
    }
    menu->installEventFilter(this);
    m_menu = menu;
    retranslateMenu();
    updateMenuChecks();
    return menu;
}

void LanguageManager::retranslateMenu()
{
    if (!m_menu)
        return;
    m_menu->setTitle(tr("&Language"));
    for (QAction* action : m_group->actions())
        if (action->data().toString().isEmpty())
            //: View ▸ Language: follow the operating system's language; %1 = the language that gives
            action->setText(tr("System (%1)").arg(nativeName(resolve(QString()))));
}

void LanguageManager::updateMenuChecks()
{
    if (!m_group)
        return;
    for (QAction* action : m_group->actions())
        action->setChecked(action->data().toString() == m_language);
}

bool LanguageManager::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_menu && event->type() == QEvent::LanguageChange)
        retranslateMenu();
    return QObject::eventFilter(watched, event);
}
