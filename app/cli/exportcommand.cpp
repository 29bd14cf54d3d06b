#include "app/cli/exportcommand.h"

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QRegularExpression>
#include <QTranslator>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>

#include "app/cli/cli.h"
#include "app/slides/slidecontent.h"
#include "app/slides/slideoptions.h"
#include "app/slides/viewrenderer.h"
#include "core/estimate.h"
#include "core/io/jsonlimits.h"
#include "core/io/scenario_io.h"

namespace {

struct ExportArguments
{
    std::string file;
    std::string out;
    std::string language;
    std::vector<std::string> sets;
    SlideOptions options;
    std::string format;    ///< --format: png, svg, pdf, gif, png-sequence; empty: by --out's suffix
    bool framesGiven = false;
    bool fpsGiven = false;
};

int fail(const std::string& message)
{
    std::cerr << "shardscope: " << message << "\n";
    return kExitInvalid;
}

/// "memory, comparison, gauges, bits, dashboard, step": every view --view takes, from the one list.
std::string viewIds()
{
    std::string ids;
    for (const SlideView v : SlideViews::kAll)
        ids += (ids.empty() ? "" : ", ") + SlideViews::id(v).toStdString();
    return ids;
}

/// `shardscope export --help`.
void printHelp()
{
    std::cout << "usage: shardscope export FILE.json|--default --out FILE.(png|svg|pdf|gif) [options]\n"
                 "A view of the scenario written as a slide (PNG, SVG, PDF) or the step played (GIF, PNG frames).\n"
                 "  --view V          what the slide shows (default memory):\n";
    for (const SlideView v : SlideViews::kAll)
        std::printf("                      %-11s %s\n", SlideViews::id(v).toStdString().c_str(), SlideViews::displayName(v).toStdString().c_str());
    std::cout << "  --size WxH        device-independent pixels, 64 to 16384 a side (default 1600x900)\n"
                 "  --scale N         PNG pixels per device-independent pixel, 0.25 to 8 (default 1)\n"
                 "  --transparent     PNG without a background\n"
                 "  --theme T         light, dark, high-contrast-light, high-contrast-dark (default light)\n"
                 "  --title TEXT      a title line over the view\n"
                 "  --no-caption      without the scenario's key settings under the view\n"
                 "  --lang L          en or zh_CN\n"
                 "  --unit GB|GiB     the memory unit (default GB)\n"
                 "  --value X         the number the bit viewer shows (--view bits; default 0.1)\n"
                 "  --set KEY=VALUE   change one scenario key first (repeatable)\n"
                 "  --format F        png, svg, pdf, gif, png-sequence (default: by --out's suffix);\n"
                 "                    gif and png-sequence play --view step\n"
                 "  --frames N        frames over one step, " << SlideViews::kMinFrames << " to " << SlideViews::kMaxFrames << " (default 60)\n"
                 "  --fps F           GIF frames per second, 1 to 50 (default 20)\n"
                 "Exit status: 0 success, 2 invalid scenario or arguments, or a file that cannot be read or written.\n";
}

/// Reads the arguments after "export"; on a bad one prints why and returns the exit code.
std::optional<int> parse(const std::vector<std::string>& args, ExportArguments& parsed)
{
    SlideOptions& o = parsed.options;
    o.size = QSize(1600, 900); // the command's default since its first version
    o.theme = SlideTheme::Theme::Light;
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string a = args[i];
        std::string value;
        bool inlineValue = false;
        // --name=value is the same as --name value.
        if (const auto eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos) {
            value = a.substr(eq + 1);
            a = a.substr(0, eq);
            inlineValue = true;
        }
        if (a == "--help" || a == "-h") {
            printHelp();
            return 0;
        }
        auto needValue = [&]() -> bool {
            if (inlineValue)
                return true;
            if (i + 1 >= args.size())
                return false;
            value = args[++i];
            return true;
        };
        if (a == "--out" || a == "--view" || a == "--size" || a == "--scale" || a == "--theme" || a == "--title" || a == "--lang"
            || a == "--unit" || a == "--value" || a == "--set" || a == "--format" || a == "--frames" || a == "--fps") {
            if (!needValue())
                return fail(a + " needs a value");
        } else if (inlineValue) {
            return fail("unexpected argument '" + args[i] + "'");
        }
        const QString q = QString::fromStdString(value);
        if (a == "--out") {
            parsed.out = value;
        } else if (a == "--view") {
            const auto view = SlideViews::fromId(q);
            if (!view)
                return fail("unknown view '" + value + "' (available: " + viewIds() + ")");
            o.view = *view;
        } else if (a == "--size") {
            const auto size = SlideViews::parseSize(q);
            if (!size)
                return fail("--size must be WIDTHxHEIGHT between 64 and 16384, e.g. 1920x1080 (got '" + value + "')");
            o.size = *size;
        } else if (a == "--scale") {
            bool ok = false;
            o.scale = q.toDouble(&ok);
            if (!ok || !(o.scale >= 0.25 && o.scale <= 8))
                return fail("--scale must be a number between 0.25 and 8 (got '" + value + "')");
        } else if (a == "--theme") {
            const auto theme = SlideTheme::fromId(q);
            if (!theme || *theme == SlideTheme::Theme::Window)
                return fail("unknown theme '" + value + "' (available: light, dark, high-contrast-light, high-contrast-dark)");
            o.theme = *theme;
        } else if (a == "--title") {
            // A slide's heading holds a few lines; a 120,000-character title crashed the export (issue 32.7).
            if (std::size_t(q.size()) > core::limits::kMaxTitleCharacters)
                return fail("--title is " + std::to_string(q.size()) + " characters; a slide's title holds at most "
                            + std::to_string(core::limits::kMaxTitleCharacters));
            o.title = q;
        } else if (a == "--no-caption") {
            o.caption = false;
        } else if (a == "--lang") {
            static const QRegularExpression code(QStringLiteral("^[a-z]{2,3}(_[A-Z]{2})?$"));
            if (!code.match(q).hasMatch())
                return fail("--lang must be a language code such as en or zh_CN (got '" + value + "')");
            parsed.language = value;
        } else if (a == "--unit") {
            if (value == "GB" || value == "gb")
                o.unit = DisplayFormat::MemoryUnit::GB;
            else if (value == "GiB" || value == "gib")
                o.unit = DisplayFormat::MemoryUnit::GiB;
            else
                return fail("--unit must be GB or GiB (got '" + value + "')");
        } else if (a == "--value") {
            bool ok = false;
            o.bitsValue = q.toDouble(&ok);
            if (!ok || !std::isfinite(o.bitsValue))
                return fail("--value must be a finite number, e.g. 0.1 or 1e-8 (got '" + value + "')");
        } else if (a == "--set") {
            parsed.sets.push_back(value);
        } else if (a == "--format") {
            if (value != "png" && value != "svg" && value != "pdf" && value != "gif" && value != "png-sequence")
                return fail("unknown format '" + value + "' (available: png, svg, pdf, gif, png-sequence)");
            parsed.format = value;
        } else if (a == "--frames") {
            bool ok = false;
            o.frames = q.toInt(&ok);
            if (!ok || o.frames < SlideViews::kMinFrames || o.frames > SlideViews::kMaxFrames)
                return fail("--frames must be a whole number from " + std::to_string(SlideViews::kMinFrames) + " to "
                            + std::to_string(SlideViews::kMaxFrames) + " (got '" + value + "')");
            parsed.framesGiven = true;
        } else if (a == "--fps") {
            bool ok = false;
            o.fps = q.toDouble(&ok);
            // GIF delays are whole hundredths of a second, and browsers show one under 2 as 10.
            if (!ok || !(o.fps >= SlideViews::kMinFps && o.fps <= SlideViews::kMaxFps))
                return fail("--fps must be a number from 1 to 50 (a GIF's delays are hundredths of a second; got '" + value + "')");
            parsed.fpsGiven = true;
        } else if (a == "--transparent") {
            o.transparent = true;
        } else if ((a == "--default" || (!a.empty() && a[0] != '-')) && parsed.file.empty()) {
            parsed.file = a;
        } else {
            return fail("unexpected argument '" + args[i] + "'");
        }
    }
    if (parsed.file.empty() || parsed.out.empty())
        return fail("export needs a scenario (FILE.json or --default) and --out FILE.png|svg|pdf|gif");
    const std::optional<SlideFormat> bySuffix = SlideViews::formatOf(QString::fromStdString(parsed.out));
    if (!bySuffix)
        return fail("--out must end in .png, .svg, .pdf or .gif (got '" + parsed.out + "')");
    if (parsed.format.empty())
        parsed.format = bySuffix == SlideFormat::Png ? "png" : bySuffix == SlideFormat::Svg ? "svg" : bySuffix == SlideFormat::Pdf ? "pdf" : "gif";
    const std::string wanted = parsed.format == "png-sequence" ? "png" : parsed.format;
    const std::string suffix = QFileInfo(QString::fromStdString(parsed.out)).suffix().toLower().toStdString();
    if (wanted != suffix)
        return fail("--format " + parsed.format + " writes ." + wanted + " files, but --out ends in ." + suffix + " (got '" + parsed.out + "')");
    const bool animated = parsed.format == "gif" || parsed.format == "png-sequence";
    if (animated && !SlideViews::spec(o.view).animates)
        return fail("--format " + parsed.format + " plays the step view: add --view step (the other views do not move)");
    if (parsed.framesGiven && !animated)
        return fail("--frames applies to --format gif or png-sequence, not " + parsed.format);
    if (parsed.fpsGiven && parsed.format != "gif")
        return fail("--fps applies to --format gif, not " + parsed.format);
    if (parsed.format == "gif" && o.transparent)
        return fail("--transparent is for PNG: a GIF's frames are opaque here");
    const SlideFormat rendered = parsed.format == "gif" ? SlideFormat::Gif : parsed.format == "svg" ? SlideFormat::Svg
        : parsed.format == "pdf"                         ? SlideFormat::Pdf
                                                         : SlideFormat::Png;
    if (const std::optional<QString> problem = SlideViews::rasterProblem(o, rendered, parsed.format == "png-sequence"))
        return fail(problem->toStdString());
    return std::nullopt;
}

/// The translation the window loads (":/i18n/shardscope_<lang>.qm"); English if the build has
/// none for `language`, with a warning: a slide in English beats no slide.
void installTranslation(QApplication& app, const std::string& language, QTranslator& translator)
{
    if (language.empty())
        return;
    const QString code = QString::fromStdString(language);
    QLocale::setDefault(QLocale(code)); // numbers and units as that language writes them
    if (code == QLatin1String("en") || code.startsWith(QLatin1String("en_")))
        return;
    const QString path = QStringLiteral(":/i18n/shardscope_%1.qm").arg(code);
    if (!QFile::exists(path) || !translator.load(path)) {
        std::cerr << "shardscope: warning: this build has no translation for '" << language << "' (" << path.toStdString()
                  << "); writing the slide in English\n";
        return;
    }
    app.installTranslator(&translator);
}

} // namespace

int exportCommand(const std::vector<std::string>& args)
{
    ExportArguments parsed;
    if (const std::optional<int> code = parse(args, parsed))
        return *code;

    core::ScenarioLoad load;
    if (!loadScenarioArgument(parsed.file, parsed.sets, load))
        return kExitInvalid;
    for (const core::Issue& i : load.issues) // warnings from reading (unknown keys)
        if (i.severity != core::Severity::Error)
            std::cerr << "shardscope: warning: " << core::describe(i) << "\n";
    const core::Estimate check = core::estimate(load.scenario);
    if (!check.valid) {
        for (const core::Issue& i : check.issues)
            if (i.severity == core::Severity::Error)
                std::cerr << "shardscope: invalid scenario: " << core::describe(i) << "\n";
        return kExitInvalid;
    }
    if (SlideViews::spec(parsed.options.view).needsRun && (load.scenario.mode == core::Mode::Inference || !(check.compute.run.goodput.wallSeconds > 0)))
        return fail("--view run draws a training run's wall-clock: this scenario has none (serving, or no training tokens)");

    // Headless rendering needs no display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    int argc = 1;
    char name[] = "shardscope";
    char* argv[] = {name, nullptr};
    QApplication app(argc, argv);
    QTranslator translator;
    installTranslation(app, parsed.language, translator);

    const ViewRenderer renderer(SlideContent::fromScenario(load.scenario), parsed.options);
    if ((parsed.format == "gif" || parsed.format == "png-sequence") && !renderer.isAnimated()) {
        // A step of too many micro-batches is not drawn (nor is an invalid serving run).
        std::cerr << "shardscope: --format " << parsed.format << " needs a scenario whose step is drawn (this one's step view is empty: "
                  << "more than 1024 micro-batches per step are not drawn one by one)\n";
        return kExitInvalid;
    }
    QString error;
    if (parsed.format == "png-sequence") {
        if (!renderer.saveFrameSequence(QFile::decodeName(parsed.out.c_str()), nullptr, &error)) {
            std::cerr << "shardscope: " << error.toStdString() << "\n";
            return kExitInvalid;
        }
        return 0;
    }
    if (!renderer.save(QFile::decodeName(parsed.out.c_str()), &error)) {
        std::cerr << "shardscope: " << error.toStdString() << "\n";
        return kExitInvalid; // a file that cannot be written, like one that cannot be read
    }
    return 0;
}
