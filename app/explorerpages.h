#pragma once

#include <QTabWidget>

class NumberFormatLab;
class QAction;
class QScrollArea;

/// The window's central pages: the explorer (dials, bars, comparisons) and the number-format
/// lab next to it, as tabs. View ▸ Number-Format Lab (Ctrl+L) switches between them.
class ExplorerPages : public QTabWidget
{
    Q_OBJECT

public:
    /// Takes `explorer` as the first page and makes the lab the second.
    explicit ExplorerPages(QWidget* explorer, QWidget* parent = nullptr);

    NumberFormatLab* lab() const { return m_lab; }
    /// Checkable: checked while the lab is the page shown.
    QAction* labAction() const { return m_labAction; }
    void showLab(bool lab);
    bool isShowingLab() const;

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslateUi();

    NumberFormatLab* m_lab = nullptr;
    QScrollArea* m_labScroll = nullptr;
    QAction* m_labAction = nullptr;
    int m_wideWidth = 0; ///< the lab's width with its columns side by side
};
