// Human evidence on an example's verification rules (issue 19, item 13): what annotators answered
// in the LTB rule form of Evaluate campaigns built from the example (items "example:<id>", see
// CampaignStore::selectExamples): per rule realistic / too strict / not sure, and per example
// whether an incorrect translation could pass all rules (LTB, papers.md).
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace gauntlet::storage {
class Database;
}  // namespace gauntlet::storage

namespace gauntlet::evaluate {

struct RuleFormCounts {
    int realistic = 0;
    int tooStrict = 0;
    int notSure = 0;
    int total() const { return realistic + tooStrict + notSure; }
};

struct ExampleRuleEvidence {
    /// One per rule text asked for: `rules[i]` is the evidence on `ruleTexts[i]`.
    QStringList ruleTexts;
    QVector<RuleFormCounts> rules;
    int incorrectCouldPassYes = 0;  ///< annotators who say an incorrect translation could pass all rules
    int incorrectCouldPassNo = 0;
    QStringList campaigns;          ///< names of the campaigns the answers come from
    bool isEmpty() const { return campaigns.isEmpty(); }
};

/// Collects the rule-form answers (every stage, every annotator) of every campaign item whose key
/// is "example:<exampleId>", matching each answered rule to `ruleTexts` by its text (a rule
/// edited since the campaign has no evidence). Throws StoreError when the database cannot be read
/// or an answer is malformed.
ExampleRuleEvidence ruleFormEvidence(storage::Database &db, qint64 exampleId, const QStringList &ruleTexts);

}  // namespace gauntlet::evaluate
