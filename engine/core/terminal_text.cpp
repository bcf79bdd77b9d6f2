#include "engine/core/terminal_text.h"

#include <QFile>

#include <unistd.h>

namespace gauntlet::core {

namespace {

/// The length of the UTF-8 sequence that starts with `lead` (1 for ASCII and stray bytes).
int sequenceLength(unsigned char lead)
{
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    if (lead >= 0xE0)
        return lead <= 0xEF ? 3 : 1;
    if (lead >= 0xC2)
        return 2;
    return 1;
}

QByteArray codePointEscape(unsigned codePoint)
{
    return "<U+" + QByteArray::number(codePoint, 16).toUpper().rightJustified(4, '0') + '>';
}

}  // namespace

QByteArray TerminalTextFilter::filter(const QByteArray &bytes)
{
    const QByteArray in = m_pending + bytes;
    m_pending.clear();
    QByteArray out;
    out.reserve(in.size());
    for (qsizetype i = 0; i < in.size();) {
        const auto b = static_cast<unsigned char>(in[i]);
        const int n = sequenceLength(b);
        if (i + n > in.size()) {  // the rest of this character comes with the next write
            m_pending = in.mid(i);
            break;
        }
        if (n == 1) {
            if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F)
                out += codePointEscape(b);
            else
                out += char(b);
            ++i;
            continue;
        }
        const auto c1 = static_cast<unsigned char>(in[i + 1]);
        if (n == 2 && b == 0xC2 && c1 >= 0x80 && c1 <= 0x9F) {
            out += codePointEscape(c1);  // U+0080 .. U+009F
        } else if (n == 3 && b == 0xE2 && ((c1 == 0x80 && static_cast<unsigned char>(in[i + 2]) >= 0xAA && static_cast<unsigned char>(in[i + 2]) <= 0xAE)
                                           || (c1 == 0x81 && static_cast<unsigned char>(in[i + 2]) >= 0xA6 && static_cast<unsigned char>(in[i + 2]) <= 0xA9))) {
            const unsigned cp = 0x2000u + ((c1 & 0x3Fu) << 6) + (static_cast<unsigned char>(in[i + 2]) & 0x3Fu);
            out += codePointEscape(cp);
        } else {
            out += in.mid(i, n);
        }
        i += n;
    }
    return out;
}

QByteArray TerminalTextFilter::flush()
{
    QByteArray rest = m_pending;
    m_pending.clear();
    return rest;
}

TerminalSafeDevice::TerminalSafeDevice(QFile *target, QObject *parent) : QIODevice(parent), m_target(target)
{
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

TerminalSafeDevice::~TerminalSafeDevice()
{
    const QByteArray rest = m_filter.flush();
    if (!rest.isEmpty())
        m_target->write(rest);
    m_target->flush();
}

qint64 TerminalSafeDevice::readData(char *, qint64)
{
    return -1;
}

qint64 TerminalSafeDevice::writeData(const char *data, qint64 size)
{
    const QByteArray out = m_filter.filter(QByteArray(data, size));
    if (!out.isEmpty() && m_target->write(out) != out.size())
        return -1;
    m_target->flush();
    return size;
}

bool isTerminal(int fd)
{
    return ::isatty(fd) == 1;
}

}  // namespace gauntlet::core
