#include "engine/verify/verdict.h"

#include "engine/core/enum_names.h"
#include "engine/verify/verify_error.h"

#include <QStringList>

namespace gauntlet::verify {

const core::EnumName<Verdict> VerdictNames[] = {{Verdict::Pass, "pass"}, {Verdict::Fail, "fail"}, {Verdict::Unknown, "unknown"}};

QString verdictName(Verdict verdict)
{
    return QString::fromLatin1(core::enumNameOrLast(VerdictNames, verdict));
}

Verdict parseVerdictName(const QString &name)
{
    return core::enumFromNameOrThrow(VerdictNames, name, [&] {
        return VerifyError(QStringLiteral("unknown verdict '%1' (pass, fail or unknown)").arg(name));
    });
}

namespace {

enum class Word { None, Pass, Fail, Negation };

Word classify(const QString &w)
{
    if (w == QLatin1String("pass") || w == QLatin1String("passes") || w == QLatin1String("passed"))
        return Word::Pass;
    if (w == QLatin1String("fail") || w == QLatin1String("fails") || w == QLatin1String("failed"))
        return Word::Fail;
    if (w == QLatin1String("not") || w == QLatin1String("no") || w == QLatin1String("never") || w == QLatin1String("cannot")
        || w == QLatin1String("neither") || w == QLatin1String("nor"))
        return Word::Negation;
    return Word::None;
}

/// Lower-case words of `text` without punctuation, markdown or symbols; "n't" becomes "not".
QStringList words(QString text)
{
    text = text.toLower();
    text.replace(QStringLiteral("n't"), QStringLiteral(" not")).replace(QStringLiteral("n\u2019t"), QStringLiteral(" not"));
    for (QChar &c : text)
        if (c.isPunct() || c.isSymbol())
            c = u' ';
    return text.simplified().split(u' ', Qt::SkipEmptyParts);
}

/// The verdict one line states, or Unknown.
Verdict lineVerdict(QString line)
{
    // A question answered on the same line ("pass or fail? fail"): only the answer counts.
    const qsizetype question = line.lastIndexOf(u'?');
    if (question >= 0)
        line = line.mid(question + 1);
    QStringList w = words(line);
    // A leading label: "Verdict: fail", "Final answer: PASS", "Result - pass".
    static const QStringList labels{QStringLiteral("verdict"), QStringLiteral("answer"), QStringLiteral("result"),
                                    QStringLiteral("final"), QStringLiteral("decision"), QStringLiteral("judgement"),
                                    QStringLiteral("judgment"), QStringLiteral("is")};
    while (!w.isEmpty() && labels.contains(w.first()))
        w.removeFirst();
    if (w.isEmpty())
        return Verdict::Unknown;
    bool pass = false, fail = false, negated = false;
    for (const QString &word : w) {
        switch (classify(word)) {
        case Word::Pass: pass = true; break;
        case Word::Fail: fail = true; break;
        case Word::Negation: negated = true; break;
        case Word::None: break;
        }
    }
    if (negated)  // "does not pass", "it doesn't fail": not a verdict to guess from
        return Verdict::Unknown;
    // One kind of verdict word on the line: "PASS", "The answer is pass", "The translation fails
    // the criterion"; neither or both ("It could pass or fail"): Unknown.
    if (pass != fail)
        return pass ? Verdict::Pass : Verdict::Fail;
    return Verdict::Unknown;
}

}  // namespace

Verdict parseVerifierReply(const QString &reply)
{
    QStringList lines;
    for (const QString &line : reply.split(u'\n')) {
        if (!words(line).isEmpty())
            lines << line;
    }
    if (lines.isEmpty())
        return Verdict::Unknown;
    // The first line decides when it states a verdict ("fail\n\nExplanation: it passes the tone but
    // fails the term"); else the last line does (reasoning first, then the verdict, as LTB's
    // prompt asks); else Unknown.
    const Verdict first = lineVerdict(lines.first());
    if (first != Verdict::Unknown || lines.size() == 1)
        return first;
    // A first line that negates or contradicts itself stays Unknown rather than be overruled.
    const QStringList firstWords = words(lines.first());
    for (const QString &w : firstWords) {
        const Word kind = classify(w);
        if (kind == Word::Pass || kind == Word::Fail)
            return Verdict::Unknown;
    }
    return lineVerdict(lines.last());
}

Verdict combineVerdicts(const QVector<Verdict> &verdicts)
{
    int pass = 0, fail = 0;
    for (Verdict v : verdicts) {
        pass += v == Verdict::Pass;
        fail += v == Verdict::Fail;
    }
    if (pass > fail)
        return Verdict::Pass;
    if (fail > pass)
        return Verdict::Fail;
    return Verdict::Unknown;
}

}  // namespace gauntlet::verify
