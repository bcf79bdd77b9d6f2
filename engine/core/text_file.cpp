#include "engine/core/text_file.h"
#include "engine/core/arg_text.h"

#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

namespace gauntlet::core {

namespace {

std::string formatMessage(const QString &path, int line, const QString &reason)
{
    const QString where = line > 0 ? QStringLiteral("%1:%2").arg(core::argText(path), core::argText(line)) : path;
    return QStringLiteral("%1: %2").arg(where, reason).toStdString();
}

}  // namespace

InputFileError::InputFileError(const QString &path, int line, const QString &reason)
    : std::runtime_error(formatMessage(path, line, reason)), m_path(path), m_line(line), m_reason(reason)
{
}

QString notUtf8Reason(const QByteArray &bytes)
{
    const bool bomLittle = bytes.startsWith("\xFF\xFE"), bomBig = bytes.startsWith("\xFE\xFF");
    // Without a mark: ASCII letters alternating with NUL bytes.
    int littleHits = 0, bigHits = 0, pairs = 0;
    for (qsizetype i = 0; i + 1 < bytes.size() && i < 400; i += 2, ++pairs) {
        littleHits += bytes[i] != 0 && bytes[i + 1] == 0;
        bigHits += bytes[i] == 0 && bytes[i + 1] != 0;
    }
    if (bomLittle || (pairs >= 2 && littleHits * 10 >= pairs * 9))
        return QStringLiteral("UTF-16 text (little-endian), not UTF-8: save it as UTF-8");
    if (bomBig || (pairs >= 2 && bigHits * 10 >= pairs * 9))
        return QStringLiteral("UTF-16 text (big-endian), not UTF-8: save it as UTF-8");
    return QStringLiteral("not valid UTF-8");
}

QStringList readUtf8Lines(const QString &path, qint64 maxBytes)
{
    const QFileInfo info(path);
    if (!info.exists())
        throw InputFileError(path, 0, QStringLiteral("no such file"));
    if (info.isDir())
        throw InputFileError(path, 0, QStringLiteral("is a directory, not a file"));
    if (info.size() > maxBytes)
        throw InputFileError(path, 0, QStringLiteral("file is too large (%1 MiB; the limit is %2 MiB)")
                                          .arg(info.size() >> 20)
                                          .arg(maxBytes >> 20));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw InputFileError(path, 0, QStringLiteral("cannot open: %1").arg(file.errorString()));
    return splitUtf8Lines(file.readAll(), path);
}

QStringList splitUtf8Lines(QByteArray bytes, const QString &path)
{
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);

    QStringList lines;
    qsizetype start = 0;
    int lineNumber = 0;
    while (start < bytes.size()) {
        qsizetype end = bytes.indexOf('\n', start);
        const qsizetype next = end < 0 ? bytes.size() : end + 1;
        if (end < 0)
            end = bytes.size();
        ++lineNumber;
        QByteArrayView raw(bytes.constData() + start, end - start);
        if (raw.endsWith('\r'))
            raw.chop(1);
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        QString line = decoder.decode(raw);
        if (decoder.hasError())
            throw InputFileError(path, lineNumber, QStringLiteral("not valid UTF-8"));
        lines.append(std::move(line));
        start = next;
    }
    return lines;
}

}  // namespace gauntlet::core
