// The path of the best text of an ATO run from the seed to the current step (the rank-0 member,
// followed back through its parents), like Table 4 of the ATO paper (Kalikman et al., EAMT 2026):
// one entry per step where the text changed.
#pragma once

#include "engine/ato/run_events.h"

#include <QHash>
#include <QString>
#include <QVector>

#include <optional>
#include <vector>

namespace gauntlet {

/// One MT system's translation of a path entry's text (issue 21: the run's translations,
/// engine/augment/run_translations.h, shown beside each step).
struct PathTranslation {
    QString system;       ///< the project's MT system name
    QString translation;  ///< without Apertium's unknown-word marks
    int unknownWords = -1;  ///< Apertium's unknown-word count; -1 for systems that do not mark them
    /// The same system's translation of the entry before (empty when that entry has none): the
    /// words that differ from it are marked.
    QString previous;
    bool operator==(const PathTranslation &o) const
    {
        return system == o.system && translation == o.translation && unknownWords == o.unknownWords && previous == o.previous;
    }
};

struct PathEntry {
    int step = 0;
    int phase = 1;
    QString text;
    QString previous;  ///< the text of the entry before (the seed for the first), for bold changes
    ato::TermValues values;
    enum class Kind { Seed, Step, PhaseStart, Output } kind = Kind::Step;
    QString selectedBy;  ///< for Output
    /// The independent judges' report on this text (engine/judge/judges.h toJson) for the seed and
    /// the output of a judged run; null otherwise.
    nlohmann::json judges;
    /// The MT systems' translations of `text`, by system name (attachTranslations).
    QVector<PathTranslation> translations;
};

/// Walks from the best member of `steps[upTo]` back through parent ranks to step 0 and returns
/// the entries in order, keeping only steps whose text differs from the entry before. ATO-TwoPhase:
/// the walk in phase 2 ends at the phase's seed (`phase2Seed`, the lowest-D phase-1 candidate),
/// and the phase-1 path leads to the best member of the last phase-1 step. When `result` is given
/// and `upTo` is the last step, the selected output follows as the last entry; the seed and the
/// output carry the result's judges (RunResult::judges). `steps` must be in
/// step order; an out-of-range `upTo` gives an empty path.
QVector<PathEntry> bestPath(const std::vector<ato::StepFinishedEvent> &steps, int upTo, const QString &phase2Seed = {},
                            const std::optional<ato::RunResult> &result = std::nullopt);

/// Sets each entry's translations from `byText` (text -> translations by system; `previous` is
/// ignored there) and fills in `previous` from the entry before that has the same system's
/// translation (none for the first).
void attachTranslations(QVector<PathEntry> &path, const QHash<QString, QVector<PathTranslation>> &byText);

}  // namespace gauntlet
