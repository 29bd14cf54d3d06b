#pragma once

#include <QDialog>

class QTextBrowser;

/// Help ▸ Guide: what each view answers, led by the questions the seeds ask ("70B on 8×A100?",
/// "ZeRO-1/2/3 per GPU", "7B GRPO on 8 A100"), each with where to look and the keys to get there.
class GuideDialog : public QDialog
{
    Q_OBJECT

public:
    explicit GuideDialog(QWidget* parent = nullptr);

    /// The guide as shown (HTML).
    QString html() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    QTextBrowser* m_text = nullptr;
};
