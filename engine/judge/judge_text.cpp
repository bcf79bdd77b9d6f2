#include "engine/judge/judge_text.h"

#include "engine/judge/judges.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <optional>

namespace gauntlet::judge {

namespace {

QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

QString words(const std::vector<std::string> &list, int most = 5)
{
    QStringList out;
    for (size_t i = 0; i < list.size() && int(i) < most; ++i)
        out << qs(list[i]);
    if (int(list.size()) > most)
        out << QStringLiteral("\u2026");
    return out.join(QStringLiteral(", "));
}

std::optional<JudgeReport> parse(const nlohmann::json &report)
{
    if (!report.is_object() || report.empty())
        return std::nullopt;
    try {
        return judgeReportFromJson(report);
    } catch (const nlohmann::json::exception &) {
        return std::nullopt;
    }
}

QString grammarText(const GrammarVerdict &g)
{
    if (g.complete)
        return QCoreApplication::translate("gauntlet::JudgeText", "complete parse");
    if (g.timedOut || g.nullLinks < 0)
        return QCoreApplication::translate("gauntlet::JudgeText", "no parse (timed out)");
    if (g.nullLinks == 1)
        return QCoreApplication::translate("gauntlet::JudgeText", "no complete parse, 1 null link");
    return QCoreApplication::translate("gauntlet::JudgeText", "no complete parse, %1 null links").arg(g.nullLinks);
}

}  // namespace

nlohmann::json judgeReportOf(const nlohmann::json &judges, const char *which)
{
    if (!judges.is_object())
        return nullptr;
    const auto it = judges.find(which);
    return it == judges.end() ? nlohmann::json() : *it;
}

QVector<JudgeVerdictText> judgeVerdicts(const nlohmann::json &report)
{
    QVector<JudgeVerdictText> out;
    const std::optional<JudgeReport> r = parse(report);
    if (!r)
        return out;
    const auto guard = [&](const char *name) { return std::find(r->guards.begin(), r->guards.end(), std::string(name)) != r->guards.end(); };
    // Issue 31: the judges the search was not filtered by lead; a judge that was also a guard
    // comes last, worded as the guard it was ("guard held: complete parse"), since its verdict
    // only echoes the filter.
    QVector<JudgeVerdictText> guards;
    const auto add = [&](bool wasGuard, JudgeVerdictText v) {
        if (wasGuard) {
            v.text = QCoreApplication::translate("gauntlet::JudgeText", "guard held: %1").arg(v.text);
            guards.push_back(v);
        } else {
            out.push_back(v);
        }
    };
    for (const auto &[pair, v] : r->mt) {
        const QString chrf = QString::number(v.roundTripChrf, 'f', 1);
        if (v.unknownWords.empty())
            out.push_back({QCoreApplication::translate("gauntlet::JudgeText", "%1: no unknown words, round-trip chrF %2").arg(qs(pair), chrf), true});
        else
            out.push_back({QCoreApplication::translate("gauntlet::JudgeText", "%1: unknown %2, round-trip chrF %3").arg(qs(pair), words(v.unknownWords), chrf), false});
    }
    if (r->trigram)
        add(guard("trigram"), {QCoreApplication::translate("gauntlet::JudgeText", "trigram LM %1 per word").arg(r->trigram->perWord(), 0, 'f', 2),
                               r->trigram->perWord() > -3.0});
    if (r->grammar)
        add(guard("grammar"), {grammarText(*r->grammar), r->grammar->complete});
    if (r->misspelled) {
        if (r->misspelled->empty())
            add(guard("spelling"), {QCoreApplication::translate("gauntlet::JudgeText", "no misspelled words"), true});
        else
            add(guard("spelling"), {QCoreApplication::translate("gauntlet::JudgeText", "misspelled: %1").arg(words(*r->misspelled)), false});
    }
    out += guards;
    return out;
}

QString judgeSummary(const nlohmann::json &report)
{
    QStringList parts;
    for (const JudgeVerdictText &v : judgeVerdicts(report))
        parts << v.text;
    return parts.join(QStringLiteral(" \u00b7 "));
}

QString judgeDetails(const nlohmann::json &report)
{
    const std::optional<JudgeReport> r = parse(report);
    if (!r)
        return QCoreApplication::translate("gauntlet::JudgeText", "Not judged.");
    QStringList lines;
    if (r->trigram)
        lines << QCoreApplication::translate("gauntlet::JudgeText", "Plausibility (CMU trigram LM): log10 P %1 over %2 words (%3 per word)%4")
                     .arg(r->trigram->log10Prob, 0, 'f', 2)
                     .arg(r->trigram->words)
                     .arg(r->trigram->perWord(), 0, 'f', 2)
                     .arg(r->trigram->unknownWords.empty() ? QString()
                                                           : QCoreApplication::translate("gauntlet::JudgeText", "; unknown to it: %1").arg(words(r->trigram->unknownWords, 20)));
    if (!r->guards.empty()) {
        QStringList names;
        for (const std::string &g : r->guards)
            names << qs(g);
        lines << QCoreApplication::translate("gauntlet::JudgeText", "Guards of the search (their verdicts echo the filter): %1").arg(names.join(QStringLiteral(", ")));
    }
    if (r->grammar)
        lines << QCoreApplication::translate("gauntlet::JudgeText", "Grammar (link-grammar): %1").arg(grammarText(*r->grammar));
    if (r->misspelled)
        lines << QCoreApplication::translate("gauntlet::JudgeText", "Spelling (Hunspell): %1")
                     .arg(r->misspelled->empty() ? QCoreApplication::translate("gauntlet::JudgeText", "no misspelled words") : QCoreApplication::translate("gauntlet::JudgeText", "misspelled %1").arg(words(*r->misspelled, 20)));
    for (const auto &[pair, v] : r->mt) {
        lines << QCoreApplication::translate("gauntlet::JudgeText", "Round trip (Apertium %1): chrF %2, unknown words: %3")
                     .arg(qs(pair), QString::number(v.roundTripChrf, 'f', 1), v.unknownWords.empty() ? QCoreApplication::translate("gauntlet::JudgeText", "none") : words(v.unknownWords, 20));
        lines << QStringLiteral("  \u2192 ") + qs(v.translation);
        lines << QStringLiteral("  \u2190 ") + qs(v.backTranslation);
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace gauntlet::judge
