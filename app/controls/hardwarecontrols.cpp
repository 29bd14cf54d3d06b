#include "app/controls/hardwarecontrols.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/io/presets.h"
#include "core/units.h"
#include "widgets/displayformat.h"
#include "widgets/comboheaders.h"
#include "widgets/valueslider.h"

HardwareControls::HardwareControls(ScenarioController* controller, QWidget* parent)
    : ControlSection(controller, parent)
    , m_gpu(new QComboBox(this))
    , m_gpuLabel(new QLabel(this))
    , m_gpuNote(new QLabel(this))
    , m_perNode(new ValueSlider(this))
    , m_mfu(new ValueSlider(this))
    , m_modelTime(new QCheckBox(this))
    , m_price(new ValueSlider(this))
    , m_overhead(new ValueSlider(this))
    , m_network(new ValueSlider(this))
{
    // Grouped by vendor and architecture under headers, in the preset file's order.
    for (const std::string& family : core::gpuPresetFamilies()) {
        addComboHeader(m_gpu, QString::fromStdString(family));
        for (const core::GpuSpec& g : core::gpuPresets())
            if (core::gpuPresetFamily(g.preset) == family) {
                m_gpu->addItem(QString::fromStdString(g.name), QString::fromStdString(g.preset));
                m_gpu->setItemData(m_gpu->count() - 1, QString::fromStdString(g.source), Qt::ToolTipRole);
            }
    }
    m_gpu->setMaxVisibleItems(30); // where the style honours it: all 29 rows with headers
    m_gpu->insertSeparator(m_gpu->count());
    m_gpu->addItem(QString(), QString()); // a custom device from a file, named in retranslateUi
    m_gpuLabel->setBuddy(m_gpu);
    m_gpuNote->setWordWrap(true);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_gpuNote->setFont(small);
    connect(m_gpu, &QComboBox::activated, this, [this](int index) {
        const QString id = m_gpu->itemData(index).toString();
        if (!id.isEmpty())
            m_controller->setGpuPreset(id);
    });
    tag(m_gpu, core::Field::HardwareGpu);

    m_perNode->setSteps({1, 2, 4, 8, 16});
    m_perNode->setSpinBox(1, 256, 0);
    // MFU as a percentage: the spin box shows value / 0.01.
    m_mfu->setContinuous(0.05, 0.8, false);
    m_mfu->setSpinBox(1, 100, 0, 0.01);
    m_price->setContinuous(0.1, 20, true);
    m_price->setSpinBox(0, 1000, 2);
    m_overhead->setContinuous(1, 2, false);
    m_overhead->setSpinBox(0.5, 5, 2);
    // Per GPU, one direction, in GB/s: 10 and 25 Gb Ethernet, 50 Gb, 100 Gb EDR, 200 Gb HDR,
    // 400 Gb NDR, 800 Gb XDR (the seeds: "ZeRO-3 across nodes on 10 GbE may be the bottleneck").
    m_network->setSteps({1.25e9, 3.125e9, 6.25e9, 12.5e9, 25e9, 50e9, 100e9});
    m_network->setSpinBox(0.1, 1000, 2, 1e9);

    bind(m_perNode, core::Field::ParallelGpusPerNode);
    bind(m_mfu, core::Field::HardwareMfu);
    bind(m_price, core::Field::HardwarePricePerGpuHour);
    bind(m_overhead, core::Field::HardwareOverheadFactor);
    bind(m_network, core::Field::GpuNetworkBandwidth);
    showErrorsOf(core::Field::GpuInterconnectBandwidth);
    showErrorsOf(core::Field::HardwareGpu);
    // Unticked, the MFU starts from what the model gives, so that nothing jumps.
    tag(m_modelTime, core::Field::HardwareMfu);
    connect(m_modelTime, &QCheckBox::clicked, this, [this](bool model) {
        const double mfu = m_controller->lastValidEstimate().compute.effectiveMfu;
        m_controller->set(core::Field::HardwareMfu, model ? 0.0 : std::clamp(std::round(mfu * 100) / 100, 0.05, 0.8));
    });

    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_gpuLabel, m_gpu);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(m_gpuNote);
    for (ValueSlider* s : {m_perNode, m_network})
        layout->addWidget(s);
    layout->addWidget(m_modelTime);
    for (ValueSlider* s : {m_mfu, m_price, m_overhead})
        layout->addWidget(s);
    addIssueLine(layout);
    retranslateUi();
}

QString HardwareControls::title() const
{
    return tr("Hardware && cost");
}

void HardwareControls::setScenario(const core::Scenario& s)
{
    const core::GpuSpec& g = s.hardware.gpu;
    {
        const QSignalBlocker block(m_gpu);
        const int index = m_gpu->findData(QString::fromStdString(g.preset));
        m_gpu->setCurrentIndex(index >= 0 && !g.preset.empty() ? index : m_gpu->count() - 1);
    }
    const QLocale locale;
    //: GPU summary; %1 = memory ("80 GiB (85.9 GB)"), %2 = BF16 TFLOP/s, %3 = memory bandwidth in TB/s
    m_gpuNote->setText(tr("%1 · %2 TFLOP/s BF16 dense · %3 TB/s")
                           .arg(DisplayFormat::capacity(g.memoryBytes, DisplayFormat::memoryUnit()), locale.toString(g.peakBf16Tflops, 'f', 0),
                                locale.toString(g.memoryBandwidthBytesPerSecond / 1e12, 'f', 2)));
    m_gpuNote->setToolTip(QString::fromStdString(g.source));
    m_perNode->setValue(s.parallel.gpusPerNode);
    m_network->setValue(g.networkBytesPerSecond);
    //: under the network slider; %1 = the same bandwidth in gigabits per second, %2 = GB/s between GPUs of one node (one direction)
    m_network->setNote(tr("= %1 Gb/s between nodes · %2 GB/s inside a node")
                           .arg(locale.toString(g.networkBytesPerSecond * 8 / 1e9, 'g', 4), locale.toString(g.interconnectBytesPerSecond / 2e9, 'g', 4)));
    const bool model = s.hardware.mfu <= 0 && s.hardware.achievedTflops <= 0;
    m_modelTime->setChecked(model);
    m_mfu->setEnabled(!model);
    if (!model)
        m_mfu->setValue(s.hardware.mfu);
    m_price->setValue(s.hardware.pricePerGpuHour);
    // The GPU presets carry no price (rental prices differ by provider and month): the price is
    // the user's and stays when the GPU changes, and says so (issue 31: $1.80 "for an H100").
    //: under the price slider; %1 = the GPU's name
    m_price->setNote(tr("your price, not the %1 preset's: set what you pay").arg(QString::fromStdString(g.name)));
    m_overhead->setValue(s.hardware.overheadFactor);
    // Serving has no training bill; its MFU is the prefill's share of peak.
    const bool serving = s.mode == core::Mode::Inference;
    for (ValueSlider* w : {m_price, m_overhead, m_network}) // serving replicas do not talk to each other
        if (w->isVisibleTo(this) == serving)
            w->setVisible(!serving);
    m_mfu->setNote(serving ? tr("used for the prefill (time to first token); decoding is bandwidth-bound")
                           : model ? tr("not given: the step-time model times each step (the MFU dial shows what it gives)") : QString());
}

void HardwareControls::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        colourComboHeaders(m_gpu, palette()); // the family headers follow light/dark
    ControlSection::changeEvent(event);
}

void HardwareControls::retranslateUi()
{
    m_gpuLabel->setText(tr("G&PU"));
    m_gpu->setItemText(m_gpu->count() - 1, tr("Custom GPU (from file)"));
    m_gpu->setToolTip(tr("GPU presets, grouped by vendor and architecture.\n"
                         "Each entry's tooltip names its datasheet, and which figures are estimates or unknown (0)."));
    m_perNode->setLabel(tr("GPUs per &node"));
    m_perNode->setToolTip(tr("GPUs joined by NVLink in one server; tensor parallelism should stay inside one."));
    m_network->setLabel(tr("Ne&twork per GPU"));
    m_network->setSuffix(tr(" GB/s"));
    m_network->setToolTip(tr("Each GPU's share of the network between nodes, one direction (InfiniBand or Ethernet).\n"
                             "Groups that span nodes communicate at this speed; inside a node they use NVLink or PCIe.\n"
                             "DGX H100: one 400 Gb/s port per GPU = 50 GB/s; DGX A100: 200 Gb/s = 25 GB/s; 10 Gb Ethernet = 1.25 GB/s."));
    m_mfu->setLabel(tr("&MFU"));
    m_mfu->setSuffix(tr(" %"));
    m_mfu->setToolTip(tr("Model FLOPs utilization: the share of peak throughput spent on the model's maths.\n"
                         "Well-tuned large runs reach 35–55 % (PaLM: 46 %, Llama 3: 38–43 %)."));
    m_modelTime->setText(tr("Step time from the mo&del"));
    m_modelTime->setToolTip(tr("Time each step from the GEMMs' roofline, attention, the pipeline bubble and the exposed communication\n"
                               "(resources/steptime.json, checked against public measured runs in the README).\n"
                               "Untick to state a measured MFU instead."));
    m_price->setLabel(tr("P&rice per GPU-hour"));
    m_price->setPrefix(tr("$"));
    m_price->setToolTip(tr("Rental price of one GPU for one hour, in US dollars: yours. The GPU presets carry none (prices differ\n"
                           "by provider, region and month), so it stays as it is when the GPU changes."));
    m_overhead->setLabel(tr("O&verhead factor"));
    m_overhead->setSuffix(tr(" ×"));
    m_overhead->setToolTip(tr("Multiplies the cost for failures, restarts, evaluation and tuning (seed notes: 1.3–1.5)."));
}
