#pragma once

#include <QDialog>

#include "core/importer/importresult.h"

class QDialogButtonBox;
class QLabel;
class QTextBrowser;

/// What a framework's launch file gave (issue 30), before it is applied: the scenario's layout in
/// short, the settings used, those ignored (with why) and those it could not express, what the
/// file does not say (taken from the scenario as it is), and any error — then nothing can be
/// applied: Apply is offered only for a scenario the core's rules accept.
class ImportReportDialog : public QDialog
{
    Q_OBJECT

public:
    ImportReportDialog(const core::ImportResult& result, const QString& fileName, QWidget* parent = nullptr);

    /// The report as HTML (the dialog's body; tests read it).
    static QString reportHtml(const core::ImportResult& result);
    /// The errors as plain text, for a message box: "run.sh cannot be imported: …".
    static QString errorText(const core::ImportResult& result, const QString& fileName);
    /// An ImportWhy's sentence in the user's language.
    static QString whyText(core::ImportWhy why);

    QString reportText() const;
    bool offersApply() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    core::ImportResult m_result;
    QString m_fileName;
    QLabel* m_heading = nullptr;
    QTextBrowser* m_report = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};
