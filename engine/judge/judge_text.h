// How Gauntlet words the independent judges' verdicts on one text (judges.h: JudgeReport, toJson):
// the trigram model's plausibility, link-grammar's complete parse or null links, Hunspell's
// misspelled words, and per Apertium pair the unknown words and the round trip's chrF. A short line
// for the command line, the best path and the candidate archive, and a longer text for tooltips.
// Translated in the context "gauntlet::JudgeText" (lupdate reads this file with the GUI's).
#pragma once

#include <nlohmann/json.hpp>

#include <QString>
#include <QVector>

namespace gauntlet::judge {

/// One judge's verdict in words; `ok` says whether the judge found nothing wrong.
struct JudgeVerdictText {
    QString text;
    bool ok = true;
};

/// The report of `which` ("seed" or "output") in a run's judges JSON ({"seed": ..., "output": ...});
/// null when the run was not judged.
nlohmann::json judgeReportOf(const nlohmann::json &judges, const char *which);
/// One entry per judge that ran: the round trips, then the trigram model, link-grammar and Hunspell,
/// the judges the search was filtered by (the report's guards) last as "guard held: ..."; empty when `report`
/// is null, judges nothing or cannot be read.
QVector<JudgeVerdictText> judgeVerdicts(const nlohmann::json &report);
/// The verdicts joined by " \u00b7 " ("complete parse \u00b7 no misspelled words \u00b7 eng-spa: no
/// unknown words, round-trip chrF 71.2"); empty when nothing was judged.
QString judgeSummary(const nlohmann::json &report);
/// One line per judge with what it saw (the words, the translation and the back translation).
QString judgeDetails(const nlohmann::json &report);

}  // namespace gauntlet::judge
