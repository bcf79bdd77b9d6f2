// Human evaluation campaigns (papers.md: cESA as run in Pearmut for LTB, ESA, ATO's Likert study,
// the LTB rule form): the definition an organiser builds, how its items are handed to annotators
// (items per annotator, redundancy, seeded shuffled system order) and what an answer still lacks
// before Next unlocks.
#pragma once

#include "engine/evaluate/annotation.h"
#include "engine/evaluate/mqm_typology.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <cstdint>
#include <utility>

namespace gauntlet::evaluate {

enum class Protocol {
    Esa,       ///< one translation per item: spans + 0-100 score (Kocmi et al. 2024)
    Cesa,      ///< several translations of one source side by side (LTB, run in Pearmut)
    Likert,    ///< 1-5 ratings on named scales (ATO's human study)
    RuleForm,  ///< LTB rule form only: per rule realistic / too strict / not sure; per example:
               ///< could an incorrect translation pass all rules
};
QString protocolName(Protocol protocol);     ///< "esa", "cesa", "likert", "rule_form"
Protocol parseProtocol(const QString &name);  ///< throws EvaluateError

/// A 1-5 scale with a label per point.
struct LikertScale {
    QString name;         ///< e.g. "grammaticality"; 1..100 characters
    QStringList labels;   ///< exactly five, for 1..5
    /// The scales of ATO's study: "grammaticality", "plausibility", "translation quality". Throws
    /// EvaluateError for other names.
    static LikertScale named(const QString &name);
    static QStringList namedScales();
};

/// Attention-check kind of an item (Pearmut / Appraise).
enum class CheckKind {
    None,
    Tutorial,  ///< shown first; must be answered right to continue
    Loud,      ///< a wrong answer is shown and must be retried
    Silent,    ///< a wrong answer is only logged
    BadReference,  ///< Appraise "BAD" item: a translation with a phrase replaced; logged, and
                   ///< expected to score lower than its original (checkBadItems)
};
QString checkKindName(CheckKind kind);     ///< "none", "tutorial", "loud", "silent", "bad"

/// The verification-rule kinds an item may carry: "llm", "contains", "not_contains", "regex"
/// (engine/verify's ruleKindName()).
QStringList ruleKindNames();
CheckKind parseCheckKind(const QString &name);  ///< throws EvaluateError

/// What a checked item must receive, per translation (in stored order).
struct ExpectedJudgement {
    int minScore = 0;    ///< inclusive, 0..100
    int maxScore = 100;  ///< inclusive
    /// When set: some marked span must overlap [start, end] (code points, inclusive).
    std::optional<std::pair<int, int>> spanRegion;
};

struct CandidateTranslation {
    QString system;  ///< 1..100 characters, unique in the item
    QString text;    ///< the exact stored text spans point into; non-empty, valid Unicode
};

struct CampaignItem {
    QString key;        ///< unique in the campaign, e.g. "example:12"; 1..200 characters
    QString source;
    QString reference;  ///< optional
    QStringList rules;  ///< verification rules (shown in stage two and in the rule form)
    /// Per rule its kind, as engine/verify names it (ruleKindNames()): "contains", "not_contains",
    /// "regex" (string rules) or "llm" (a natural-language criterion), shown with the text
    /// ("must contain: café"). Empty when unknown (packages written before kinds were stored),
    /// else exactly as long as `rules`.
    QStringList ruleKinds;
    /// The item's own language pair (a campaign may mix target languages); empty = the campaign's.
    QString sourceLanguage;
    QString targetLanguage;
    QVector<CandidateTranslation> translations;
    CheckKind check = CheckKind::None;
    QVector<ExpectedJudgement> expected;  ///< tutorial / loud / silent: one per translation
    QString originalKey;  ///< BadReference: the key of the item it was made from
    /// Paired seed control (issue 21; the ATO paper's human study compares seeds and outputs):
    /// "augmented" for an item whose source an augmentation run made, "seed" for the same item with
    /// the run's seed (the unaugmented text) as source; empty for other items. `pairedKey` names
    /// the other item of the pair.
    QString pair;
    QString pairedKey;
    /// ESA^AI (Zouhar et al. 2025, "AI-assisted human evaluation of machine translation"; Pearmut's
    /// pre-filled `error_spans`): per translation (stored order) the error spans a model proposed,
    /// shown pre-filled for the annotator to keep, edit or delete (prefilled_spans.h tells what
    /// became of each). Empty when nothing was proposed; otherwise one list per translation.
    QVector<QVector<ErrorSpan>> proposedSpans;
    /// The document the item belongs to (Pearmut's and Appraise's documents); empty = its own.
    /// Items of one document go to the same annotators, together and in campaign order.
    QString document;
};

struct CampaignOptions {
    bool shuffleSystems = true;     ///< shuffle the order of translations per annotator and item
    std::uint64_t seed = 1;         ///< seed of the shuffles and of the item order (stored)
    bool hideSystemNames = true;    ///< annotators see "A", "B", ... instead of system names
    int itemsPerAnnotator = 0;      ///< at most this many regular items each; 0 = no limit
    int redundancy = 1;             ///< annotators per item, >= 1
    bool twoStage = false;          ///< cESA: stage 1 without rules, stage 2 with the rules shown
    bool ruleForm = false;          ///< cESA/ESA: the LTB rule form after the (last) stage
    QString instructions;
    /// MQM (ESA / cESA only): the error categories and weights spans are marked with; empty for
    /// plain ESA spans without categories (`campaigns create --protocol mqm`, mqm_typology.h).
    MqmTypology errorTypology;
};

struct Campaign {
    QString uid;    ///< random id that ties packages and result files to the campaign
    QString name;   ///< 1..200 characters
    Protocol protocol = Protocol::Cesa;
    QString sourceLanguage;  ///< the pair of every item, or empty when the items mix pairs
    QString targetLanguage;  ///< (each item then names its own: CampaignItem::targetLanguage)
    QVector<LikertScale> scales;  ///< Likert only, at least one
    CampaignOptions options;
    QVector<CampaignItem> items;

    /// Number of stages per item: 2 for two-stage cESA, else 1.
    int stages() const { return protocol == Protocol::Cesa && options.twoStage ? 2 : 1; }
    /// Whether stage `stage` asks for the rule form.
    bool asksRuleForm(int stage) const;
    /// Throws EvaluateError naming the first problem: empty name, bad protocol settings (cESA
    /// needs >= 2 translations per item, ESA exactly one, Likert >= 1 scale of 5 labels, rule
    /// form and two-stage need rules), duplicate item keys or system names, empty or invalid
    /// translation text, expected judgements missing or out of range, a bad item without its
    /// original, redundancy < 1, negative items per annotator.
    void validate() const;
    int indexOfItem(const QString &key) const;  ///< -1 when absent
    /// The target language `item` is shown in: its own, else the campaign's (may be empty).
    QString targetLanguageOf(const CampaignItem &item) const { return item.targetLanguage.isEmpty() ? targetLanguage : item.targetLanguage; }
    QString sourceLanguageOf(const CampaignItem &item) const { return item.sourceLanguage.isEmpty() ? sourceLanguage : item.sourceLanguage; }
};

/// What an answer lacks before Next unlocks, in screen order (the first is where Next jumps).
struct MissingPart {
    enum Kind { Score, Likert, Rule, IncorrectCouldPass } kind;
    int index = 0;  ///< translation (shown order), scale or rule index; 0 for IncorrectCouldPass
    bool operator==(const MissingPart &o) const { return kind == o.kind && index == o.index; }
};

/// Lists what `answer` (stage `answer.stage` of `item`) still needs. Throws EvaluateError when the
/// answer has the wrong shape (judgement count, spans invalid for the texts).
QVector<MissingPart> missingParts(const Campaign &campaign, const CampaignItem &item, const Answer &answer,
                                  const QVector<int> &systemOrder);

/// One item in an annotator's queue.
struct AssignedItem {
    int itemIndex = 0;            ///< index into Campaign::items
    QVector<int> systemOrder;     ///< shown position -> index into the item's translations
};

struct Assignment {
    QString annotator;
    QVector<AssignedItem> items;  ///< tutorial items first, then the rest in seeded order
};

/// Hands the items out (deterministic for the campaign's seed):
///  - every tutorial item goes to every annotator, first;
///  - every other item goes to `redundancy` different annotators, round robin over the slots
///    (slot s = item * redundancy + copy goes to annotator s mod n), so loads differ by at most one;
///  - a bad-reference item goes to the annotators of its original;
///  - each annotator's regular items are then shuffled with the seed; the system order of every
///    (annotator, item) is a seeded permutation when shuffleSystems is set, else the stored order.
/// Throws EvaluateError when there are no annotators, duplicate names, redundancy exceeds the
/// number of annotators, or itemsPerAnnotator cannot hold every item redundancy times.
QVector<Assignment> assignItems(const Campaign &campaign, const QStringList &annotators);

/// The label an annotator sees for the translation at shown position `position`: the system
/// name, or "A", "B", ... when names are hidden.
QString shownSystemLabel(const Campaign &campaign, const CampaignItem &item, const AssignedItem &assigned, int position);

/// A seeded permutation of 0..n-1 (Fisher-Yates with metrics::SeededRandom, identical on every
/// platform).
QVector<int> seededPermutation(int n, std::uint64_t seed);

/// The key of an item of one system without that system: "<id>#<system>" (Pearmut's split items)
/// and "example:<n>:<system>" give "<id>" and "example:<n>", the key Pearmut and Appraise pair
/// the systems of one item on; any other key is returned as it is.
QString keyWithoutSystem(const QString &key, const QString &system);

}  // namespace gauntlet::evaluate
