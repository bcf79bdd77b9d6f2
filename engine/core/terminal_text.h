// What reaches a terminal is text, never a command (issue 39 item 11: names and texts from projects
// and imported packages were printed raw, so an ESC in a stored name drove the terminal, and U+202E
// reversed the text around it). The command line writes through TerminalSafeDevice when its output
// is a terminal; files and pipes get the bytes unchanged (a TSV or JSON export keeps its data).
#pragma once

#include <QByteArray>
#include <QIODevice>

#include <memory>

class QFile;

namespace gauntlet::core {

/// Streaming filter over UTF-8 bytes: C0 controls other than tab, newline and carriage return
/// (ESC included), DEL, the C1 controls U+0080-U+009F and the bidirectional embedding, override and
/// isolate controls (U+202A-U+202E, U+2066-U+2069) become visible escapes ("<U+001B>" for ESC,
/// "<U+202E>"); everything else passes byte for byte. A character split across calls is held
/// until its last byte arrives.
class TerminalTextFilter {
public:
    QByteArray filter(const QByteArray &bytes);
    /// What is held back at the end (an incomplete UTF-8 sequence), passed through as it is.
    QByteArray flush();

private:
    QByteArray m_pending;
};

/// A write-only device over a file descriptor's QFile that filters what is written through
/// TerminalTextFilter.
class TerminalSafeDevice : public QIODevice {
    Q_OBJECT
public:
    /// Writes to `target` (opened for writing; not owned).
    explicit TerminalSafeDevice(QFile *target, QObject *parent = nullptr);
    ~TerminalSafeDevice() override;
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 size) override;

private:
    QFile *m_target;
    TerminalTextFilter m_filter;
};

/// Whether file descriptor `fd` is a terminal.
bool isTerminal(int fd);

}  // namespace gauntlet::core
