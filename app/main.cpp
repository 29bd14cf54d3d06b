#include <QApplication>
#include <QCommandLineParser>
#include <cstdio>

#include "app/cli.h"
#include "app/mainwindow.h"

int main(int argc, char** argv)
{
    // Commands (estimate, export, presets) run without a window and, for estimate, without Qt.
    std::vector<std::string> args(argv + 1, argv + argc);
    if (const int code = runCommandLine(args); code >= 0)
        return code;

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ShardScope"));
    QApplication::setOrganizationName(QStringLiteral("ShardScope"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    MainWindow window;
    window.show();
    return app.exec();
}
