#pragma once

#include <QMainWindow>

class MemoryChart;

/// The explorer window (built out by the explorer-window issue).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);

private:
    MemoryChart* m_chart = nullptr;
};
