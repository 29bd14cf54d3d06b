#pragma once

#include <QDialog>

class AccuracyView;

/// Help ▸ Accuracy: the AccuracyView over the built-in corpora, evaluated when first shown.
class AccuracyDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AccuracyDialog(QWidget* parent = nullptr);
    AccuracyView* view() const { return m_view; }
    /// Evaluates the corpora now (once); showEvent does it otherwise.
    void load();

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    AccuracyView* m_view;
    bool m_loaded = false;
};
