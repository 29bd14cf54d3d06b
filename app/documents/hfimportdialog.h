#pragma once

#include <QDialog>

#include "core/io/hfconfig.h"

class QDialogButtonBox;
class QLabel;
class QTextBrowser;

/// What a Hugging Face config.json gave, before it is applied: the architecture and its
/// parameter count, the keys used, the keys ignored because they do not change memory, the
/// keys not understood, and any error naming its key (then nothing can be applied).
class HfImportDialog : public QDialog
{
    Q_OBJECT

public:
    HfImportDialog(const core::HfImport& imported, const QString& fileName, QWidget* parent = nullptr);

    /// The report as HTML (the dialog's body; tests read it).
    static QString reportHtml(const core::HfImport& imported);
    /// The errors as plain text, for a message box: "llama.json cannot be imported: …".
    static QString errorText(const core::HfImport& imported, const QString& fileName);
    /// A name for the imported model: the file's (or, for config.json, its folder's) name.
    static QString modelName(const core::HfImport& imported, const QString& path);

    QString reportText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    core::HfImport m_imported;
    QString m_fileName;
    QLabel* m_heading = nullptr;
    QTextBrowser* m_report = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};
