#pragma once

// Runs the built `shardscope` binary (SHARDSCOPE_BINARY) offscreen, as a script would, for the
// command-line tests.

#include <QByteArray>
#include <QProcess>
#include <QStringList>

struct ShardscopeRun
{
    int exitCode = -1; ///< -1 when it crashed or did not finish
    QByteArray out, err;
};

inline ShardscopeRun runShardscope(const QStringList& args, int timeoutMs = 60000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SHARDSCOPE_BINARY), args);
    p.waitForFinished(timeoutMs);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}
