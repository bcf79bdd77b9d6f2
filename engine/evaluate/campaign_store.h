// Human evaluation campaigns in a project (migration 0004): campaign definitions and items, the
// assignment of items to annotators, annotator profiles, every answer (one transaction per answer:
// a crash or a killed process loses nothing already answered), the action log, hand-out packages
// and the import of result files. Bad input throws StoreError naming the input before anything is
// written. Formats and rules: engine/evaluate (papers.md: cESA in Pearmut, Appraise).
#pragma once

#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_results.h"
#include "engine/evaluate/wmt_esa.h"
#include "engine/store/store_error.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace gauntlet::storage { class Database; }
namespace gauntlet::verify { class ExampleStore; }

namespace gauntlet::evaluate {

/// What buildCampaignFromExamples() used and left out.
struct ExampleSelection {
    int examples = 0;   ///< examples that became items
    int skipped = 0;    ///< examples with too few successful MT outputs (cESA needs two)
};

/// Fills `campaign.items` from the project's challenge examples (all, or only `status` when
/// given): source, reference, verification rules (their text) and every stored MT output that did
/// not fail; with `includeReference` the human reference joins as system "human" (as LTB's
/// release lists it). cESA: one item per example (key "example:<id>"), needs two outputs; ESA and
/// Likert: one item per output (key "example:<id>:<system>"). Returns counts; the campaign is not
/// validated here.
ExampleSelection buildCampaignFromExamples(verify::ExampleStore &examples, evaluate::Campaign &campaign,
                                           const QString &status, bool includeReference);

/// An automatic ranking from the project's challenge examples behind a campaign's items (keys
/// "example:<id>" and "example:<id>:<system>"): per MT system the share, in percent (0-100), of
/// its outputs that pass every verification rule among those with a final verdict (the verdict
/// matrix row's overall verdict, engine/verify/acceptance_gate.h; LTB counts a translation that
/// passes all rules as correct, so higher = better). Only systems of the campaign; outputs whose
/// verdict is still unknown are left out; `examples` (may be null) receives how many examples
/// gave a verdict. Empty when the campaign was not built from examples or nothing is verified.
QMap<QString, double> verifierPassRates(verify::ExampleStore &examples, const evaluate::Campaign &campaign, int *examplesUsed = nullptr);

/// An automatic ranking from the project's augmentation runs (ATO, papers.md): per system the
/// mean difficulty D (the Sentinel-src score the run stored; higher = easier to translate) of the
/// system's texts in the campaign's regular items that a run stored with a score: a run's output
/// (run_results) or its seed text (the step-0 beam). A text scored by several runs counts with
/// the mean of its scores. Systems without such a text are absent; `textsFound` (may be null)
/// receives how many of the campaign's texts had a stored D. Meant for ATO-style studies whose
/// "systems" are augmentation methods and the original seeds.
QMap<QString, double> storedDifficulty(storage::Database &db, const evaluate::Campaign &campaign, int *textsFound = nullptr);

struct CampaignSummary {
    qint64 id = 0;
    QString uid;
    QString name;
    evaluate::Protocol protocol = evaluate::Protocol::Cesa;
    QString origin;       ///< "local", "package" (received by an annotator), "import" (real ratings)
    int items = 0;
    QStringList annotators;
    int answers = 0;      ///< stored answers over all annotators and stages
    int expectedAnswers = 0;  ///< assigned items x stages
    QString createdAt;
};

struct ImportReport {
    QString campaignName;
    QString annotator;
    int answers = 0;
    int logEntries = 0;
};

class CampaignStore {
public:
    explicit CampaignStore(storage::Database &db) : m_db(db) {}

    // --- campaigns ----------------------------------------------------------------------------
    /// Stores a new campaign (a random uid is made when `campaign.uid` is empty). Throws
    /// StoreError for an invalid campaign (the reason from Campaign::validate) or a name in use.
    qint64 createCampaign(evaluate::Campaign campaign, const QString &origin = QStringLiteral("local"));
    QVector<CampaignSummary> campaigns();
    /// Throws StoreError when there is no such campaign.
    evaluate::Campaign campaign(qint64 id);
    std::optional<qint64> campaignId(const QString &nameOrUid);
    /// Deletes the campaign and everything in it. Returns false when there is none.
    bool removeCampaign(qint64 id);

    // --- annotators ---------------------------------------------------------------------------
    /// Adds a local profile (several annotators on one machine). Throws StoreError for an empty,
    /// too long or existing name.
    void addProfile(const QString &name);
    QStringList profiles();

    /// Hands the items out (evaluate::assignItems) and stores each annotator's queue with a fresh
    /// package id, in one transaction. Throws StoreError when the campaign already has an
    /// assignment for one of them or the assignment is impossible.
    void assign(qint64 campaignId, const QStringList &annotators);
    QStringList annotators(qint64 campaignId);
    /// The queue of one annotator (item indices into campaign(id).items). Throws StoreError when
    /// the annotator has none.
    evaluate::Assignment assignment(qint64 campaignId, const QString &annotator);
    QString packageId(qint64 campaignId, const QString &annotator);

    // --- hand-out and collection --------------------------------------------------------------
    /// The JSON package for `annotator`. Throws StoreError.
    QByteArray exportPackage(qint64 campaignId, const QString &annotator);
    /// On the annotator's machine: stores the package's campaign (origin "package") and queue.
    /// Importing a package of a campaign already here (same uid) only adds the queue; the same
    /// package twice is refused. Returns the campaign id. Throws StoreError naming `fileName`.
    qint64 importPackage(const QByteArray &bytes, const QString &fileName);
    /// The annotator's answers and log as a result file (evaluate::exportResults).
    QByteArray exportResults(qint64 campaignId, const QString &annotator);
    /// On the organiser's machine: checks the file (UTF-8, format, campaign uid known here,
    /// package id handed out to the same annotator, answers valid for the items) and stores all
    /// its answers and log in one transaction. Refuses, with a reason naming `fileName`, a file of
    /// a campaign not in this project, a package not handed out here, a file or package imported
    /// before, or answers that clash with answers already stored for that annotator.
    ImportReport importResults(const QByteArray &bytes, const QString &fileName);

    /// Stores real ratings (e.g. evaluate::readWmtEsa) as a finished campaign (origin "import"):
    /// the campaign, each annotator's queue (the items they rated, in file order) and every
    /// answer, in one transaction. Scores are kept as given (any integer 0-100) and spans are not
    /// checked against the placeholder texts. Throws StoreError for a name in use.
    qint64 importFinishedCampaign(const evaluate::ImportedCampaign &imported);

    // --- answering ----------------------------------------------------------------------------
    /// Saves (or, going Back, replaces) one answer in its own transaction, with a log entry
    /// "answer". The answer must be complete (evaluate::missingParts empty) and the item in the
    /// annotator's queue with `systemOrder` as assigned. `answer.elapsedMs` is the time of this
    /// visit: it adds to the time already stored for the item (Back and then Next add up), and the
    /// stored answer (and its result file) holds the total. Throws StoreError with the reason.
    void saveAnswer(qint64 campaignId, const QString &annotator, const QString &itemKey, const evaluate::Answer &answer);
    std::optional<evaluate::Answer> answer(qint64 campaignId, const QString &annotator, const QString &itemKey, int stage);

    /// Autosave of the item being answered (Pearmut saves every answer the moment it is given):
    /// writes the unfinished `draft` (any shape missingParts() accepts: scores may be unset,
    /// spans must be valid for the texts) and, when `action` is not empty, the action log entry
    /// that changed it, together in one transaction, so a crash or a killed process loses nothing
    /// already answered. One draft per (annotator, item, stage), replaced on every change and
    /// removed by saveAnswer(). Drafts live in campaign_log as rows with action "draft" (detail:
    /// {"system_order", "answer"}), so they need no schema change; logEntries() leaves them out.
    /// Throws StoreError when the item is not in the annotator's queue, the stage does not exist,
    /// the answer has the wrong shape, or the item's answer came from an imported result file.
    void saveDraft(qint64 campaignId, const QString &annotator, const QString &itemKey, const evaluate::Answer &draft,
                   const QString &action = {}, const QString &detail = {});
    /// The unfinished answer of (item, stage), when one was autosaved since the last saveAnswer().
    std::optional<evaluate::Answer> draft(qint64 campaignId, const QString &annotator, const QString &itemKey, int stage);
    /// Drops the draft of (item, stage); returns whether there was one.
    bool discardDraft(qint64 campaignId, const QString &annotator, const QString &itemKey, int stage);
    /// Appends to the action log (its own transaction).
    void log(qint64 campaignId, const QString &annotator, const QString &itemKey, int stage, const QString &action,
             const QString &detail = {});
    /// The action log, oldest first, without autosaved drafts.
    QVector<evaluate::LogEntry> logEntries(qint64 campaignId, const QString &annotator);
    /// Every stored answer, as results and quality control read them.
    QVector<evaluate::RatedItem> ratedItems(qint64 campaignId);
    /// Every stored answer (imported ones included) per annotator, in the order they were stored,
    /// with the UTC time each was saved; elapsedMs is the stored (accumulated) time. For exports
    /// that keep times (evaluate/pearmut.h).
    QMap<QString, QVector<evaluate::StoredAnswer>> storedAnswers(qint64 campaignId);
    /// Position in the annotator's queue of the first (item, stage) without an answer; the queue
    /// length when everything is answered.
    struct Progress { int position = 0; int stage = 1; int answered = 0; int total = 0; };
    Progress progress(qint64 campaignId, const QString &annotator);

private:
    /// The campaign's settings with only the item `itemKey` (throws StoreError when either is absent).
    evaluate::Campaign campaignWithItem(qint64 id, const QString &itemKey);
    /// The assigned system order of (annotator, item); throws StoreError when not in the queue.
    QVector<int> assignedOrder(qint64 campaignId, const evaluate::Campaign &campaign, const QString &annotator,
                               const QString &itemKey);

    storage::Database &m_db;
};

}  // namespace gauntlet::evaluate
