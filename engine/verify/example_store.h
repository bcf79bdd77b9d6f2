// Challenge examples in a project (migration 0003): MT systems and verifiers configured per
// project, examples with their MT outputs, verification rules, verdicts and review history, as the
// Last Translation Benchmark runs them (papers.md, LTB section). Every change is one transaction;
// bad input throws StoreError naming the field before anything is written.
#pragma once

#include "engine/store/store_error.h"
#include "engine/translate/mt_system.h"
#include "engine/verify/acceptance_gate.h"
#include "engine/verify/verification_rule.h"
#include "engine/verify/verification_runner.h"
#include "engine/verify/verifier.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace gauntlet::storage { class Database; }

namespace gauntlet::verify {

constexpr int MaxSourceTextLength = 5000;   ///< code points (LTB)
constexpr int MaxExampleFieldLength = 5000; ///< code points, for instructions, attribution and comments
constexpr int MaxTranslationLength = 20000; ///< code points, for the reference and MT outputs (they may outgrow the source)
/// Code points of the context note: LTB's source_media may be a data URL of an image or audio clip (<= 1 MB).
constexpr int MaxContextLength = 2000000;
constexpr int MaxLanguageNameLength = 100;

enum class ExampleStatus { Draft, Submitted, Accepted, Returned };
QString exampleStatusName(ExampleStatus status);  ///< "draft", "submitted", "accepted", "returned"
/// Throws StoreError for other names.
ExampleStatus parseExampleStatus(const QString &name);

struct ChallengeExample {
    qint64 id = 0;
    QString ltbId;                ///< the id in an imported LTB release; empty otherwise
    ExampleStatus status = ExampleStatus::Draft;
    QString author;               ///< the contributor's local profile name
    QString sourceLanguage;       ///< free name, e.g. "Serbian (Cyrillic)"; 1 to 100 characters
    QString sourceLanguageIso;    ///< optional ISO 639 code, e.g. "srp_Cyrl"
    QString targetLanguage;
    QString targetLanguageIso;
    QString sourceText;           ///< at most 5000 characters; may be empty only when a context note is the source (LTB media examples)
    QString instructions;         ///< optional translation instructions
    QString contextNote;          ///< optional context (LTB's source media, described in text)
    QString attribution;          ///< where reused material comes from
    QString reference;            ///< the human reference translation
    QStringList linguistics;      ///< LTB taxonomy tags
    QStringList tags;
    QString createdAt;
    QString updatedAt;

    /// Throws StoreError naming the first bad field: missing languages, no source text (and no
    /// context to translate instead), a field over its length limit (counted in code points), a
    /// malformed ISO code, invalid Unicode.
    void validate() const;
};

struct StoredRule {
    qint64 id = 0;
    VerificationRule rule;
};

struct StoredTranslation {
    qint64 id = 0;
    QString system;
    QString systemKind;  ///< "apertium", "chat", "manual"
    QString text;        ///< empty when the system failed
    QString error;
    QString createdAt;
};

struct ExampleEvent {
    qint64 id = 0;
    QString kind;        ///< "created", "status", "comment"
    QString fromStatus;
    QString toStatus;
    QString author;
    QString comment;
    QString createdAt;
};

/// One example with everything that belongs to it (import and export).
struct ExampleBundle {
    ChallengeExample example;
    QVector<VerificationRule> rules;
    QVector<StoredTranslation> translations;
    VerdictCache verdicts;
    QVector<VerdictOverride> overrides;  ///< reviewers' verdicts set by hand (VerdictOverrideStore)
};

/// What the editor and the review queue show: the verdict matrix and the acceptance gate.
struct ExampleAssessment {
    VerdictMatrix matrix;
    GateResult gate;
    VerifierAgreement agreement;
    /// Imported from an LTB release: a verdict set by hand there comes without the verifiers'
    /// verdict (the release holds only the final one), shown as "not in the release".
    bool fromRelease = false;
};

class ExampleStore {
public:
    explicit ExampleStore(storage::Database &db) : m_db(db) {}
    storage::Database &database() { return m_db; }

    // --- MT systems and verifiers of the project ---------------------------------------------
    /// Adds or replaces (by name) an MT system. Throws StoreError wrapping the validation error.
    void saveMtSystem(const translate::MtSystemConfig &system);
    QVector<translate::MtSystemConfig> mtSystems();
    std::optional<translate::MtSystemConfig> mtSystem(const QString &name);
    /// Returns false when there is no such system.
    bool removeMtSystem(const QString &name);

    /// Adds or replaces (by name) a verifier. Replacing it with other settings (endpoint, model,
    /// prompt) drops its stored verdicts: they were another judge's. Throws StoreError.
    void saveVerifier(const VerifierConfig &verifier);
    QVector<VerifierConfig> verifiers();
    bool removeVerifier(const QString &name);

    // --- examples -----------------------------------------------------------------------------
    /// Stores a new draft (status and timestamps of `example` are ignored) and its "created" event.
    /// Returns the id. Throws StoreError naming the bad field.
    qint64 addExample(const ChallengeExample &example);
    /// Saves the editable fields of `example` (by id). Allowed for drafts and returned examples
    /// only; throws StoreError otherwise, when the id is unknown, or naming a bad field.
    void updateExample(const ChallengeExample &example);
    std::optional<ChallengeExample> example(qint64 id);
    /// All examples, or those with `status`, by id.
    QVector<ChallengeExample> examples(std::optional<ExampleStatus> status = std::nullopt);
    bool removeExample(qint64 id);

    // --- rules ----------------------------------------------------------------------------------
    QVector<StoredRule> rules(qint64 exampleId);
    /// Replaces the example's rules by `rules` (in column order). Rules that keep their kind,
    /// options and text keep their verdicts; changed or removed ones lose them. Throws StoreError
    /// for more than MaxRulesPerExample rules or an invalid rule (naming its number). A change is
    /// recorded in the history (kind "rules": what was added and removed) under `author`.
    void setRules(qint64 exampleId, const QVector<VerificationRule> &rules, const QString &author = {});

    // --- MT outputs -----------------------------------------------------------------------------
    /// The example's MT outputs, by system name (a stable order, whatever order they finished in).
    QVector<StoredTranslation> translations(qint64 exampleId);
    /// Stores (or replaces) the output of `system`. At most MaxMtSystemsPerExample outputs with
    /// text per example; a failed output (empty text, an error) does not count. Throws StoreError.
    void setTranslation(qint64 exampleId, const QString &system, const QString &systemKind, const QString &text,
                        const QString &error = {});
    bool removeTranslation(qint64 exampleId, const QString &system);

    // --- verdicts -------------------------------------------------------------------------------
    /// The example's stored verdicts (all final).
    VerdictCache verdicts(qint64 exampleId);
    /// Stores the final verdicts in `cache` that concern the example's current rules; returns how
    /// many were written. Non-final records (errors) are not stored.
    int saveVerdicts(qint64 exampleId, const VerdictCache &cache);
    /// The verdict matrix, the gate and verifier agreement from stored verdicts: the project's
    /// enabled verifiers, then any other verifier with stored verdicts for this example (e.g. the
    /// verdicts of an imported LTB release).
    ExampleAssessment assess(qint64 exampleId);

    // --- review ---------------------------------------------------------------------------------
    /// draft/returned -> submitted, only when the gate holds (throws StoreError with the gate's
    /// explanation otherwise).
    void submit(qint64 exampleId, const QString &author);
    /// submitted -> accepted. The example's author accepting it needs a `comment` (the reason, kept
    /// in the history); throws StoreError otherwise.
    void accept(qint64 exampleId, const QString &reviewer, const QString &comment = {});
    /// submitted -> returned; the comment (required) tells the contributor what to fix.
    void returnExample(qint64 exampleId, const QString &reviewer, const QString &comment);
    /// Adds a comment to the thread. Throws StoreError when empty.
    void comment(qint64 exampleId, const QString &author, const QString &text);
    /// Status changes, comments, rule changes ("rules") and verdicts set or removed by hand
    /// ("verdict": from and to hold the verdicts, the comment the rule, text and reason), oldest first.
    QVector<ExampleEvent> history(qint64 exampleId);
    /// Appends an event to the example's history (inside the caller's transaction, if any).
    void addEvent(qint64 exampleId, const QString &kind, const QString &from, const QString &to, const QString &author,
                  const QString &comment);
    /// (author, accepted examples), most first.
    QVector<QPair<QString, int>> acceptedCounts();

    /// Inserts complete examples (e.g. from an LTB release) with their rules, translations, final
    /// verdicts and status, all in one transaction: on any error nothing is stored. Each is
    /// validated first (StoreError names the example's position and the field). Returns the ids.
    /// `alreadyThere` (optional) receives, per bundle skipped, the id of the example already in
    /// the project with the same release id, source text, reference and rules: importing a release
    /// twice stores nothing twice (issue 32). Returns the ids of the examples stored.
    QVector<qint64> importExamples(const QVector<ExampleBundle> &bundles, QVector<qint64> *alreadyThere = nullptr);

private:
    ChallengeExample requireExample(qint64 id);
    void changeStatus(qint64 id, ExampleStatus from1, std::optional<ExampleStatus> from2, ExampleStatus to,
                      const QString &author, const QString &comment);
    void insertRules(qint64 exampleId, const QVector<VerificationRule> &rules);
    int writeVerdicts(qint64 exampleId, const VerdictCache &cache);  ///< inside the caller's transaction

    storage::Database &m_db;
};

}  // namespace gauntlet::verify
