#include "engine/translate/apertium.h"
#include "engine/core/arg_text.h"

#include <QDir>
#include <QTimer>

namespace gauntlet::translate {

QString apertiumModesDirectory()
{
    const QString dataDir = qEnvironmentVariable("APERTIUM_DATADIR", QStringLiteral("/usr/share/apertium"));
    return QDir(dataDir).filePath(QStringLiteral("modes"));
}

QStringList installedApertiumPairs(const QString &modesDirectory)
{
    const QDir dir(modesDirectory.isEmpty() ? apertiumModesDirectory() : modesDirectory);
    QStringList pairs;
    for (const QString &file : dir.entryList({QStringLiteral("*.mode")}, QDir::Files | QDir::Readable, QDir::Name)) {
        const QString pair = file.chopped(5);
        if (pair.contains(u'-'))
            pairs << pair;
    }
    pairs.sort();
    return pairs;
}

ApertiumCall::ApertiumCall(QString pair, QString text, int timeoutMs, QObject *parent, QString program)
    : QObject(parent), m_pair(std::move(pair)), m_text(std::move(text)), m_timeoutMs(timeoutMs),
      m_program(std::move(program)), m_process(new QProcess(this)), m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this] {
        m_timedOut = true;
        m_process->kill();
    });
    connect(m_process, &QProcess::finished, this, &ApertiumCall::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &ApertiumCall::onError);
}

void ApertiumCall::start()
{
    if (!installedApertiumPairs().contains(m_pair) && m_program == QLatin1String("apertium")) {
        const QString message = QStringLiteral("Apertium %1: the pair is not installed (installed: %2)")
                                    .arg(m_pair, installedApertiumPairs().join(QStringLiteral(", ")));
        QTimer::singleShot(0, this, [this, message] { finish(false, message); });
        return;
    }
    m_process->setProgram(m_program);
    // -u: unknown words are copied without Apertium's '*' marks, as a reader would see them.
    m_process->setArguments(m_markUnknown ? QStringList{m_pair} : QStringList{QStringLiteral("-u"), m_pair});
    m_timer->start(m_timeoutMs);
    m_process->start();
    m_process->write(m_text.toUtf8());
    m_process->closeWriteChannel();
}

void ApertiumCall::cancel()
{
    if (m_done)
        return;
    m_cancelled = true;
    m_timer->stop();
    m_process->disconnect(this);
    if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(1000);
    }
    finish(false, QStringLiteral("Apertium %1: cancelled").arg(m_pair));
}

void ApertiumCall::onError(QProcess::ProcessError error)
{
    if (error == QProcess::FailedToStart && !m_timedOut)
        finish(false, QStringLiteral("Apertium %1: could not start '%2' (%3); is Apertium installed?")
                          .arg(m_pair, m_program, m_process->errorString()));
}

void ApertiumCall::onFinished(int exitCode, QProcess::ExitStatus status)
{
    m_timer->stop();
    if (m_timedOut) {
        finish(false, QStringLiteral("Apertium %1: no output within %2 ms; stopped").arg(m_pair).arg(m_timeoutMs));
        return;
    }
    const QString errorText = QString::fromUtf8(m_process->readAllStandardError()).simplified();
    if (status != QProcess::NormalExit || exitCode != 0) {
        finish(false, QStringLiteral("Apertium %1: exited with status %2%3")
                          .arg(core::argText(m_pair), core::argText(status == QProcess::NormalExit ? exitCode : -1), core::argText(errorText.isEmpty() ? QString() : QStringLiteral(": ") + errorText.left(300))));
        return;
    }
    QString output = QString::fromUtf8(m_process->readAllStandardOutput());
    while (output.endsWith(u'\n') || output.endsWith(u'\r'))
        output.chop(1);
    // A word Apertium drops leaves its space ("We sat" -> " Sentamos"): no line of the stored
    // translation starts or ends with one (a rule anchored with '^' would fail on it).
    QStringList lines = output.split(u'\n');
    for (QString &line : lines) {
        qsizetype start = 0, end = line.size();
        while (start < end && (line[start] == u' ' || line[start] == u'\t'))
            ++start;
        while (end > start && (line[end - 1] == u' ' || line[end - 1] == u'\t' || line[end - 1] == u'\r'))
            --end;
        line = line.mid(start, end - start);
    }
    finish(true, lines.join(u'\n'));
}

void ApertiumCall::finish(bool ok, const QString &outputOrError)
{
    if (m_done)
        return;
    m_done = true;
    m_timer->stop();
    m_ok = ok;
    (ok ? m_output : m_error) = outputOrError;
    Q_EMIT finished();
}

}  // namespace gauntlet::translate
