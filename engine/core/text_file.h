// Reading user-supplied UTF-8 text files line by line, with errors that name the file and line.
#pragma once

#include <QString>
#include <QStringList>

#include <stdexcept>

namespace gauntlet::core {

/// A problem with an input file; what() reads "FILE:LINE: reason" (or "FILE: reason").
class InputFileError : public std::runtime_error {
public:
    InputFileError(const QString &path, int line, const QString &reason);
    QString path() const { return m_path; }
    int line() const { return m_line; }  ///< 1-based; 0 when the error is about the whole file
    QString reason() const { return m_reason; }

private:
    QString m_path;
    int m_line;
    QString m_reason;
};

/// Reads a UTF-8 text file into lines. A leading byte-order mark is dropped, and "\n", "\r\n" and
/// a lone trailing "\r" all end a line; the final line may lack a newline. Lines keep every other
/// character (tabs, form feeds, inner "\r").
///
/// Throws InputFileError naming the file when it is missing, unreadable, a directory or larger
/// than `maxBytes`, and naming the first line that is not valid UTF-8.
QStringList readUtf8Lines(const QString &path, qint64 maxBytes = qint64(512) << 20);

/// The same rules over bytes already in memory; `name` stands for the file in error messages.
QStringList splitUtf8Lines(QByteArray bytes, const QString &name);

/// Why `bytes` (the start of a file) are not UTF-8, in words a user can act on: "UTF-16 text
/// (little-endian); save it as UTF-8" for a UTF-16 byte-order mark or NUL bytes between ASCII
/// letters, else "not valid UTF-8".
QString notUtf8Reason(const QByteArray &bytes);

}  // namespace gauntlet::core
