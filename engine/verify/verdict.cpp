#include "engine/verify/verdict.h"

#include "engine/verify/verify_error.h"

#include <QStringList>

namespace gauntlet {

QString verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Pass:
        return QStringLiteral("pass");
    case Verdict::Fail:
        return QStringLiteral("fail");
    case Verdict::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

Verdict parseVerdictName(const QString &name)
{
    if (name == QLatin1String("pass"))
        return Verdict::Pass;
    if (name == QLatin1String("fail"))
        return Verdict::Fail;
    if (name == QLatin1String("unknown"))
        return Verdict::Unknown;
    throw VerifyError(QStringLiteral("unknown verdict '%1' (pass, fail or unknown)").arg(name));
}

Verdict parseVerifierReply(const QString &reply)
{
    // Lower-case and replace punctuation and symbols by spaces, then split into words.
    QString cleaned = reply.toLower();
    for (QChar &c : cleaned)
        if (c.isPunct() || c.isSymbol())
            c = u' ';
    const QStringList words = cleaned.simplified().split(u' ', Qt::SkipEmptyParts);
    if (words.isEmpty())
        return Verdict::Unknown;
    if (words.last() == QLatin1String("pass"))
        return Verdict::Pass;
    if (words.last() == QLatin1String("fail"))
        return Verdict::Fail;
    bool pass = false, fail = false;
    for (const QString &w : words) {
        if (w == QLatin1String("pass") || w == QLatin1String("passes") || w == QLatin1String("passed"))
            pass = true;
        else if (w == QLatin1String("fail") || w == QLatin1String("fails") || w == QLatin1String("failed"))
            fail = true;
    }
    if (pass != fail)
        return pass ? Verdict::Pass : Verdict::Fail;
    return Verdict::Unknown;
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

}  // namespace gauntlet
