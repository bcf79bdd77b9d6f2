// A challenge example from an augmentation run (issue 21, item 3), one code path for
// `gauntlet examples add --from-run` and the Augment workspace's "Create Example": a draft with the
// run's output (or an archive candidate, or a text shown on its best path) as source text, tags
// `ato`, the method, `run:N` and `seed:ID` (a project seed), the provenance as its first history
// comment and the run's stored MT translations of that text (run_translations.h) as its outputs.
// exampleProvenance reads the provenance back from the `run:N` tag (seed, method, D before and after).
#pragma once

#include "engine/verify/example_store.h"

#include <QString>
#include <QtNumeric>
#include <QVector>

#include <optional>

namespace gauntlet::storage { class Database; }

namespace gauntlet::augment {

/// What to make an example from.
struct ExampleFromRunOptions {
    qint64 runId = 0;
    /// An archive candidate (archive_candidates.id) instead of the run's output.
    std::optional<qint64> candidateId;
    /// A text of the run (a best-path step, an archive candidate of a live run) instead of the
    /// output; `origin` says which ("step 3", "archive candidate of step 2"). Excludes candidateId.
    std::optional<QString> text;
    QString origin;
    QString sourceLanguage = QStringLiteral("English");  ///< the ATO seeds are English
    QString sourceLanguageIso = QStringLiteral("en");
    /// Empty: the target language of the stored translations of the text.
    QString targetLanguage;
    QString author;
};

struct ExampleFromRunResult {
    qint64 exampleId = 0;
    int outputs = 0;  ///< MT outputs attached (at most MaxMtSystemsPerExample)
    QString text;     ///< the example's source text
    QString targetLanguage;  ///< its target language, by name ("Catalan")
};

/// Creates the draft (one transaction per store call; nothing is stored when a check fails).
/// Throws StoreError naming the run when the run, the candidate or a text is missing, and when no
/// target language is given and the text has no stored translation to take it from.
ExampleFromRunResult createExampleFromRun(storage::Database &db, const ExampleFromRunOptions &options);

/// One draft per target language: the one given in `options`, else every language the text's
/// stored translations go into (eng-spa and eng-cat: a Spanish and a Catalan draft, each with its
/// systems' outputs). Target languages are stored by name ("Catalan", from the Apertium code
/// "cat", kept as targetLanguageIso). createExampleFromRun returns the first of these.
QVector<ExampleFromRunResult> createExamplesFromRun(storage::Database &db, const ExampleFromRunOptions &options);

/// Where an example made from a run came from.
struct ExampleProvenance {
    qint64 runId = 0;
    bool runExists = false;  ///< false: the run was deleted since (only runId is set)
    QString method;
    std::optional<qint64> seedId;
    QString seedText;
    double difficultyBefore = qQNaN();  ///< D of the seed (RunResult::seedValues); NaN when the run has no result
    double difficultyAfter = qQNaN();   ///< D of the selected output
    QString selectedBy;                 ///< the output choice (ato::RunResult::selectedBy), or where the example's text came from
    bool fromOutput = true;             ///< false: the example's text is another text of the run (difficultyAfter is that text's D)
};

/// The runs an example's `run:N` tags name (empty for other examples). Throws StoreError.
QVector<ExampleProvenance> exampleProvenance(storage::Database &db, const verify::ChallengeExample &example);

}  // namespace gauntlet::augment
