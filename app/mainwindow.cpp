#include "app/mainwindow.h"

#include "core/estimate.h"
#include "core/scenario_io.h"
#include "widgets/memorychart.h"

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_chart(new MemoryChart(this))
{
    setWindowTitle(tr("ShardScope"));
    setCentralWidget(m_chart);
    m_chart->setEstimate(core::estimate(core::defaultScenario()));
    resize(1280, 720);
}
