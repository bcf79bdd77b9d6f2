// Apertium, the offline rule-based MT system, run as a child process: `apertium -u PAIR` with the
// source text on standard input (DESIGN.md). Installed pairs are found from the installed modes.
#pragma once

#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

class QTimer;

namespace gauntlet::translate {

/// The folder holding Apertium's *.mode files: $APERTIUM_DATADIR/modes, else /usr/share/apertium/modes.
QString apertiumModesDirectory();

/// The installed pairs (mode names such as "eng-spa", "eng-cat_valencia"), sorted; empty when
/// Apertium or its modes folder is missing. `modesDirectory` empty means apertiumModesDirectory().
QStringList installedApertiumPairs(const QString &modesDirectory = {});

/// One Apertium run. start() returns at once; finished() is emitted exactly once.
class ApertiumCall : public QObject {
    Q_OBJECT
public:
    /// `program` is the apertium executable (found on PATH by default).
    ApertiumCall(QString pair, QString text, int timeoutMs, QObject *parent = nullptr,
                 QString program = QStringLiteral("apertium"));
    /// Whether Apertium marks unknown words with '*' (its default; without it the call passes -u so
    /// unknown words are copied unmarked, as a reader sees them). Call before start(); default false.
    void setMarkUnknownWords(bool mark) { m_markUnknown = mark; }
    void start();
    void cancel();

    bool ok() const { return m_ok; }
    bool cancelled() const { return m_cancelled; }
    /// The translation without the trailing newline Apertium adds, when ok().
    QString output() const { return m_output; }
    /// One line naming the pair when !ok(): not installed, timed out, exit status with stderr.
    QString error() const { return m_error; }

Q_SIGNALS:
    void finished();

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void finish(bool ok, const QString &outputOrError);

    QString m_pair;
    QString m_text;
    int m_timeoutMs;
    QString m_program;
    QProcess *m_process;
    QTimer *m_timer;
    bool m_timedOut = false;
    bool m_cancelled = false;
    bool m_done = false;
    bool m_markUnknown = false;
    bool m_ok = false;
    QString m_output;
    QString m_error;
};

}  // namespace gauntlet::translate
