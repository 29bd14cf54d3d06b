#include "app/accuracy/accuracydialog.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QScreen>
#include <algorithm>
#include <QVBoxLayout>

#include "core/accuracy/builtin.h"
#include "core/io/accuracy_io.h"
#include "widgets/accuracy/accuracyview.h"

AccuracyDialog::AccuracyDialog(QWidget* parent) : QDialog(parent), m_view(new AccuracyView(this))
{
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    setWindowTitle(tr("Accuracy"));
}

void AccuracyDialog::load()
{
    if (m_loaded)
        return;
    m_loaded = true;
    // A few hundred estimates: milliseconds, so done here rather than on a thread.
    std::array<std::shared_ptr<const core::CorpusReport>, core::kCorpusKindCount> reports;
    for (std::size_t k = 0; k < core::kCorpusKindCount; ++k)
        reports[k] = std::make_shared<const core::CorpusReport>(core::builtInReport(core::CorpusKind(k)));
    m_view->setReports(std::move(reports));
}

void AccuracyDialog::showEvent(QShowEvent* event)
{
    if (!m_loaded) {
        // Room for the summary, a dozen runs and one quote, within the screen it opens on.
        const QRect screen = (parentWidget() ? parentWidget()->screen() : this->screen())->availableGeometry();
        resize(std::min(1100, screen.width() * 9 / 10), std::min(720, screen.height() * 17 / 20));
    }
    load();
    QDialog::showEvent(event);
}

void AccuracyDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        setWindowTitle(tr("Accuracy"));
    QDialog::changeEvent(event);
}
