#include "engine/evaluate/python_literal.h"

#include "engine/evaluate/evaluate_error.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace gauntlet::evaluate {

namespace {

constexpr int MaxDepth = 32;

class Reader {
public:
    Reader(const QString &text, const QString &where) : m_text(text), m_where(where) {}

    QJsonValue document()
    {
        const QJsonValue v = value(0);
        skipSpace();
        if (m_pos != m_text.size())
            fail(QStringLiteral("unexpected text after the literal"));
        return v;
    }

private:
    [[noreturn]] void fail(const QString &reason) const
    {
        throw EvaluateError(QStringLiteral("%1: not a Python literal at character %2: %3").arg(m_where).arg(m_pos + 1).arg(reason));
    }

    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == u' ' || m_text[m_pos] == u'\t' || m_text[m_pos] == u'\n' || m_text[m_pos] == u'\r'))
            ++m_pos;
    }

    bool take(QChar c)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }

    bool word(const QString &w)
    {
        if (m_text.mid(m_pos, w.size()) != w)
            return false;
        const int end = m_pos + int(w.size());
        if (end < m_text.size() && (m_text[end].isLetterOrNumber() || m_text[end] == u'_'))
            return false;
        m_pos = end;
        return true;
    }

    QJsonValue value(int depth)
    {
        if (depth > MaxDepth)
            fail(QStringLiteral("nested deeper than %1").arg(MaxDepth));
        skipSpace();
        if (m_pos >= m_text.size())
            fail(QStringLiteral("the text ends where a value should be"));
        const QChar c = m_text[m_pos];
        if (c == u'[' || c == u'(')
            return sequence(depth, c == u'[' ? u']' : u')');
        if (c == u'{')
            return dict(depth);
        if (c == u'\'' || c == u'"')
            return string();
        if (c == u'-' || c == u'+' || c.isDigit() || c == u'.')
            return number();
        if (word(QStringLiteral("None")) || word(QStringLiteral("null")))
            return QJsonValue(QJsonValue::Null);
        if (word(QStringLiteral("True")) || word(QStringLiteral("true")))
            return true;
        if (word(QStringLiteral("False")) || word(QStringLiteral("false")))
            return false;
        fail(QStringLiteral("unexpected '%1'").arg(c));
    }

    QJsonValue sequence(int depth, QChar close)
    {
        ++m_pos;
        QJsonArray out;
        while (true) {
            if (take(close))
                return out;
            out.append(value(depth + 1));
            if (take(close))
                return out;
            if (!take(u','))
                fail(QStringLiteral("expected ',' or '%1'").arg(close));
        }
    }

    QJsonValue dict(int depth)
    {
        ++m_pos;
        QJsonObject out;
        while (true) {
            if (take(u'}'))
                return out;
            skipSpace();
            if (m_pos >= m_text.size() || (m_text[m_pos] != u'\'' && m_text[m_pos] != u'"'))
                fail(QStringLiteral("dict keys must be strings"));
            const QString key = string().toString();
            if (!take(u':'))
                fail(QStringLiteral("expected ':' after a dict key"));
            out.insert(key, value(depth + 1));
            if (take(u'}'))
                return out;
            if (!take(u','))
                fail(QStringLiteral("expected ',' or '}'"));
        }
    }

    uint hex(int digits)
    {
        if (m_pos + digits > m_text.size())
            fail(QStringLiteral("truncated escape"));
        bool ok = false;
        const uint v = m_text.mid(m_pos, digits).toUInt(&ok, 16);
        if (!ok)
            fail(QStringLiteral("bad hexadecimal escape"));
        m_pos += digits;
        return v;
    }

    QJsonValue string()
    {
        const QChar quote = m_text[m_pos++];
        QString out;
        while (true) {
            if (m_pos >= m_text.size())
                fail(QStringLiteral("unterminated string"));
            const QChar c = m_text[m_pos++];
            if (c == quote)
                break;
            if (c == u'\n')
                fail(QStringLiteral("line break inside a string"));
            if (c != u'\\') {
                out += c;
                continue;
            }
            if (m_pos >= m_text.size())
                fail(QStringLiteral("unterminated string"));
            const QChar e = m_text[m_pos++];
            switch (e.unicode()) {
            case '\\': out += u'\\'; break;
            case '\'': out += u'\''; break;
            case '"': out += u'"'; break;
            case 'n': out += u'\n'; break;
            case 'r': out += u'\r'; break;
            case 't': out += u'\t'; break;
            case 'x': out += QChar(char16_t(hex(2))); break;
            case 'u': out += QChar(char16_t(hex(4))); break;
            case 'U': {
                const uint cp = hex(8);
                if (cp > 0x10FFFF)
                    fail(QStringLiteral("code point out of range"));
                const char32_t c32 = char32_t(cp);
                out += QString::fromUcs4(&c32, 1);
                break;
            }
            default: fail(QStringLiteral("unknown escape '\\%1'").arg(e));
            }
        }
        for (int i = 0; i < out.size(); ++i) {  // \ud800 alone is not text
            if (out[i].isHighSurrogate() && i + 1 < out.size() && out[i + 1].isLowSurrogate())
                ++i;
            else if (out[i].isSurrogate())
                fail(QStringLiteral("lone surrogate in a string"));
        }
        return out;
    }

    QJsonValue number()
    {
        const int start = m_pos;
        if (m_text[m_pos] == u'-' || m_text[m_pos] == u'+')
            ++m_pos;
        while (m_pos < m_text.size() && (m_text[m_pos].isDigit() || QStringLiteral(".eE+-").contains(m_text[m_pos]))) {
            if ((m_text[m_pos] == u'+' || m_text[m_pos] == u'-') && !(m_text[m_pos - 1] == u'e' || m_text[m_pos - 1] == u'E'))
                break;
            ++m_pos;
        }
        bool ok = false;
        const double v = m_text.mid(start, m_pos - start).toDouble(&ok);
        if (!ok || !std::isfinite(v)) {
            m_pos = start;
            fail(QStringLiteral("bad number"));
        }
        return v;
    }

    const QString &m_text;
    QString m_where;
    int m_pos = 0;
};

QString quoted(const QString &s)
{
    QString out = QStringLiteral("'");
    for (const QChar c : s) {
        switch (c.unicode()) {
        case '\\': out += QStringLiteral("\\\\"); break;
        case '\'': out += QStringLiteral("\\'"); break;
        case '\n': out += QStringLiteral("\\n"); break;
        case '\r': out += QStringLiteral("\\r"); break;
        case '\t': out += QStringLiteral("\\t"); break;
        default: out += c;
        }
    }
    return out + u'\'';
}

}  // namespace

QJsonValue parsePythonLiteral(const QString &text, const QString &where)
{
    return Reader(text, where).document();
}

QString toPythonLiteral(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: return QStringLiteral("None");
    case QJsonValue::Bool: return value.toBool() ? QStringLiteral("True") : QStringLiteral("False");
    case QJsonValue::Double: {
        const double d = value.toDouble();
        if (d == std::floor(d) && std::abs(d) < 1e15)
            return QString::number(qint64(d));
        return QString::number(d, 'g', QLocale::FloatingPointShortest);
    }
    case QJsonValue::String: return quoted(value.toString());
    case QJsonValue::Array: {
        QStringList parts;
        for (const QJsonValue &v : value.toArray())
            parts << toPythonLiteral(v);
        return u'[' + parts.join(QStringLiteral(", ")) + u']';
    }
    case QJsonValue::Object: {
        QStringList parts;
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            parts << quoted(it.key()) + QStringLiteral(": ") + toPythonLiteral(it.value());
        return u'{' + parts.join(QStringLiteral(", ")) + u'}';
    }
    }
    return QStringLiteral("None");
}

}  // namespace gauntlet::evaluate
