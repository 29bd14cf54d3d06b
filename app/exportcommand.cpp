#include "app/exportcommand.h"

#include <QApplication>
#include <QFileInfo>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <iostream>

#include "app/cli.h"
#include "core/estimate.h"
#include "core/scenario_io.h"
#include "widgets/memorychart.h"

namespace {

bool parseSize(const std::string& text, QSize& size)
{
    const auto x = text.find('x');
    if (x == std::string::npos)
        return false;
    bool okW = false, okH = false;
    const int w = QString::fromStdString(text.substr(0, x)).toInt(&okW);
    const int h = QString::fromStdString(text.substr(x + 1)).toInt(&okH);
    if (!okW || !okH || w < 64 || h < 64 || w > 16384 || h > 16384)
        return false;
    size = QSize(w, h);
    return true;
}

} // namespace

int exportCommand(const std::vector<std::string>& args)
{
    std::string file, out, view = "memory";
    std::vector<std::string> sets;
    QSize size(1600, 900);
    double scale = 1.0;
    bool transparent = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto next = [&](std::string& target) {
            if (i + 1 >= args.size())
                return false;
            target = args[++i];
            return true;
        };
        std::string value;
        if (a == "--out") {
            if (!next(out)) return kExitInvalid;
        } else if (a == "--view") {
            if (!next(view)) return kExitInvalid;
        } else if (a == "--size") {
            if (!next(value) || !parseSize(value, size)) {
                std::cerr << "shardscope: --size must be WIDTHxHEIGHT between 64 and 16384, e.g. 1920x1080\n";
                return kExitInvalid;
            }
        } else if (a == "--scale") {
            if (!next(value)) return kExitInvalid;
            scale = QString::fromStdString(value).toDouble();
            if (!(scale >= 0.25 && scale <= 8)) {
                std::cerr << "shardscope: --scale must be between 0.25 and 8\n";
                return kExitInvalid;
            }
        } else if (a == "--set") {
            if (!next(value)) return kExitInvalid;
            sets.push_back(value);
        } else if (a == "--transparent") {
            transparent = true;
        } else if ((a == "--default" || a[0] != '-') && file.empty()) {
            file = a;
        } else {
            std::cerr << "shardscope: unexpected argument '" << a << "'\n";
            return kExitInvalid;
        }
    }
    if (file.empty() || out.empty()) {
        std::cerr << "shardscope: export needs a scenario (FILE.json or --default) and --out FILE.png|svg|pdf\n";
        return kExitInvalid;
    }
    if (view != "memory") {
        std::cerr << "shardscope: unknown view '" << view << "' (available: memory)\n";
        return kExitInvalid;
    }
    const QString suffix = QFileInfo(QString::fromStdString(out)).suffix().toLower();
    if (suffix != "png" && suffix != "svg" && suffix != "pdf") {
        std::cerr << "shardscope: --out must end in .png, .svg or .pdf\n";
        return kExitInvalid;
    }
    core::ScenarioLoad load;
    if (!loadScenarioArgument(file, sets, load))
        return kExitInvalid;
    const core::Estimate estimate = core::estimate(load.scenario);
    if (!estimate.valid) {
        for (const core::Issue& i : estimate.issues)
            if (i.severity == core::Severity::Error)
                std::cerr << "shardscope: invalid scenario: " << core::describe(i) << "\n";
        return kExitInvalid;
    }

    // Headless rendering needs no display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    int argc = 1;
    char name[] = "shardscope";
    char* argv[] = {name, nullptr};
    QApplication app(argc, argv);
    MemoryChart chart;
    chart.resize(size);
    chart.setEstimate(estimate);
    const QString path = QString::fromStdString(out);
    bool ok = false;
    if (suffix == "png") {
        ok = chart.renderImage(size, scale, transparent).save(path, "PNG");
    } else if (suffix == "svg") {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setResolution(96); // QSvgGenerator defaults to 72 dpi: text would come out 25 % small
        svg.setTitle(QStringLiteral("ShardScope"));
        ok = chart.renderToPaintDevice(&svg, size);
    } else {
        QPdfWriter pdf(path);
        pdf.setPageSize(QPageSize(QSizeF(size.width() * 0.75, size.height() * 0.75), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(96);
        ok = chart.renderToPaintDevice(&pdf, size);
    }
    if (!ok) {
        std::cerr << "shardscope: could not write " << out << "\n";
        return 1;
    }
    return 0;
}
