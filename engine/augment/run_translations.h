// MT outputs of stored augmentation runs (issue 21, items 1 and 5; migration 0014): the texts of a
// run (the best text of each step, the output, on request archive candidates) translated by the
// project's Apertium and chat (OpenAI-compatible) MT systems, stored with the run and reused for
// identical texts, so each (run, text, system, target language) is translated once. Apertium's
// unknown-word marks ('*', Apertium's default output without -u) are counted per translation.
// Chat systems cost requests: each run has a request budget (stored) that translateRun never
// exceeds; Apertium runs offline and does not count. Where the pair allows, each translation also
// gets its round trip (migration 0015): back through the reverse Apertium mode when installed, or
// through the same chat system (one request more), with sacrebleu chrF2 of the way back against
// the text (engine/metrics/chrf.h).
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <atomic>
#include <functional>
#include <limits>
#include <optional>

namespace gauntlet::storage { class Database; }

namespace gauntlet::augment {

/// The budget of a run that never had one set: this many chat requests (attempts, retries included).
constexpr int DefaultRunTranslationBudget = 100;

/// One stored translation of a run's text.
struct RunTranslation {
    qint64 runId = 0;
    QString text;            ///< the run's text (source)
    QString system;          ///< the MT system's name in the project
    QString systemKind;      ///< "apertium" or "chat"
    QString targetLanguage;  ///< the target language the system was asked for
    QString translation;     ///< Apertium's output with its '*' marks removed
    int unknownWords = -1;   ///< Apertium: words it marked unknown; -1 for chat systems
    QString createdAt;       ///< ISO 8601 UTC
    // The round trip (migration 0015), where the pair allows it; empty / NaN otherwise.
    QString backTranslation;  ///< the translation translated back into the source language
    /// sacrebleu chrF2 of backTranslation against text, 0-100 (engine/metrics/chrf.h); NaN: no round trip.
    double roundTripChrf = std::numeric_limits<double>::quiet_NaN();
    QString roundTripVia;     ///< the reverse Apertium mode ("spa-eng") or the chat system's name
    bool hasRoundTrip() const { return roundTripChrf == roundTripChrf; }
};

/// A text of a run and where it comes from.
struct RunText {
    QString label;  ///< "step N", "output", "candidate ID" (archive_candidates.id), comma-joined when the text repeats
    QString text;
};

/// Reading and writing run_translations and the runs' request budgets. Throws StoreError.
class RunTranslationStore {
public:
    explicit RunTranslationStore(storage::Database &db) : m_db(db) {}

    /// Every stored translation of run `runId`, by id.
    QVector<RunTranslation> translations(qint64 runId);
    /// The stored translations of `text` in run `runId`, by system and target language.
    QVector<RunTranslation> translationsOfText(qint64 runId, const QString &text);
    std::optional<RunTranslation> find(qint64 runId, const QString &text, const QString &system, const QString &targetLanguage);
    /// Stores `t` (created now) and, when `requests` > 0, adds them to the run's spent requests, in
    /// one transaction. Throws StoreError when the same (run, text, system, target) is stored.
    void add(const RunTranslation &t, int requests);
    /// Stores the round trip of the stored translation (run, text, system, target) and adds `requests`
    /// to the run's spent requests, in one transaction.
    void setRoundTrip(const RunTranslation &t, int requests);
    /// Adds `requests` spent on a call that failed (they count against the budget too).
    void spend(qint64 runId, int requests);

    /// The run's request budget for chat systems (DefaultRunTranslationBudget when never set).
    int budget(qint64 runId);
    /// Throws StoreError when `requests` < 0 or there is no such run.
    void setBudget(qint64 runId, int requests);
    /// Chat requests already spent on the run.
    int requestsSpent(qint64 runId);

private:
    storage::Database &m_db;
};

/// Which texts of a run to translate.
struct RunTextChoice {
    bool allCandidates = false;           ///< every archive candidate as well
    std::optional<qint64> candidateId;    ///< only this archive candidate (archive_candidates.id)
    /// Only these texts, e.g. the best path a view shows of a live run (labels as in RunText; a
    /// repeated text gathers its labels). Excludes candidateId and allCandidates.
    QVector<RunText> texts;
};

/// The run's texts for `choice`, each once (a repeated text gathers its labels: "step 1, step 2",
/// "step 3, output"), in order: by default the best text of
/// each stored step and the output; with a candidate id only that candidate. Throws StoreError when
/// the run or the candidate does not exist.
QVector<RunText> runTexts(storage::Database &db, qint64 runId, const RunTextChoice &choice = {});

/// Counts the words Apertium marked unknown ('*' before a word, Apertium's documented mark) in
/// `marked` and returns the text without those marks in `clean`.
int countApertiumUnknownWords(const QString &marked, QString *clean);

struct RunTranslateOptions {
    QStringList systems;        ///< names of project MT systems; empty: every Apertium and chat system
    RunTextChoice texts;
    QString sourceLanguage = QStringLiteral("English");  ///< the ATO seeds are English
    /// The target language asked of chat systems and stored; empty: for Apertium, the pair's target
    /// code (e.g. "spa" for eng-spa); chat systems then fail with an error naming the option.
    QString targetLanguage;
    std::optional<int> budget;  ///< sets (stores) the run's request budget first
    /// Called after each (text, system) pair with the pairs done and the total (the GUI's progress);
    /// on the calling thread.
    std::function<void(int done, int total)> progress;
    /// Called with each translation as it is stored or found stored, on the calling thread.
    std::function<void(const RunTranslation &)> translated;
    /// Checked before each call: when it is set, translateRun stops and reports `cancelled` (what
    /// was stored stays stored).
    const std::atomic_bool *cancel = nullptr;
    /// Also make the round trip where the pair allows (stored with the translation, and added to a
    /// reused translation that has none): Apertium when the reverse mode is installed (offline, free);
    /// a chat system back through itself, 1 request more (retries included) against the budget.
    bool roundTrip = true;
};

struct RunTranslateReport {
    int translated = 0;  ///< new translations stored
    int reused = 0;      ///< already stored for this run
    int refused = 0;     ///< chat calls not made because the budget was spent
    int failed = 0;      ///< calls that failed
    int requests = 0;    ///< chat requests made now (round trips included)
    int roundTrips = 0;  ///< round trips made now
    bool cancelled = false;  ///< stopped by RunTranslateOptions::cancel
    QStringList problems;          ///< one line per failure or refusal, naming system and text
    QVector<RunText> texts;        ///< what was asked for
    QVector<RunTranslation> rows;  ///< the translations of those texts, stored or reused
};

/// The reverse of Apertium mode `pair` ("eng-spa" -> "spa-eng") when it is installed; empty otherwise.
QString installedReverseApertiumMode(const QString &pair);

/// Translates the run's texts with the chosen systems, one call at a time, blocking (needs a
/// QCoreApplication; runs a local event loop per call). Manual systems are refused (they have no
/// output to compute). Throws StoreError for an unknown run, candidate or system.
RunTranslateReport translateRun(storage::Database &db, qint64 runId, const RunTranslateOptions &options);

}  // namespace gauntlet::augment
