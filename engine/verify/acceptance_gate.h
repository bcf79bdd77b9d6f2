// The verdict matrix and LTB's acceptance gate (papers.md): the reference translation must pass
// every rule, and at most 2 of the MT outputs may pass all rules (at least 8 of 10 fail one).
#pragma once

#include "engine/verify/verdict.h"
#include "engine/verify/verification_rule.h"
#include "engine/verify/verification_runner.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace gauntlet::verify {

/// LTB: at most this many of ten MT outputs may pass all rules (at least 8 of 10 fail).
constexpr int MaxMtOutputsPassingAll = 2;

/// How many of `outputs` MT outputs may pass all rules: LTB's two, but never all of them, so at
/// least one output always fails (issue 19: two outputs that both passed the only rule made a
/// "challenge" no MT system fails): min(2, outputs - 1); 0 for no outputs. With fewer than ten
/// outputs this is more lenient than LTB's share (at least 8 of 10 fail); the gate says so.
constexpr int maxMtOutputsPassingAll(int outputs)
{
    return outputs <= 0 ? 0 : (outputs - 1 < MaxMtOutputsPassingAll ? outputs - 1 : MaxMtOutputsPassingAll);
}

/// One stored verdict behind a matrix cell: which verifier (localVerifierName() for string rules)
/// and its record (verdict, raw reply, time).
struct CellVerdict {
    QString verifier;
    VerdictRecord record;
};

struct VerdictCell {
    /// The verdict that counts (gate, export): the reviewer's override when there is one, else
    /// machineVerdict.
    Verdict verdict = Verdict::Unknown;
    Verdict machineVerdict = Verdict::Unknown;  ///< combined over verifiers for Llm rules
    QVector<Verdict> perVerifier;         ///< Llm rules: one per verifier, in VerdictMatrix::verifiers order
    QVector<CellVerdict> records;         ///< the stored verdicts behind the cell, in verifier order
    std::optional<VerdictOverride> humanOverride;  ///< a reviewer's verdict, set by hand
    QString detail;                        ///< an error or the raw reply(ies), for tooltips
    /// Two or more verifiers gave verdicts and at least one said pass and one fail.
    bool verifiersDisagree() const;
};

struct VerdictRow {
    QString label;         ///< the MT system's name, or "reference"
    QString translation;
    bool isReference = false;
    QVector<VerdictCell> cells;  ///< one per rule
    /// Fail when any cell fails, Pass when all pass (and there is at least one rule), else Unknown.
    Verdict overall = Verdict::Unknown;
};

struct VerdictMatrix {
    QVector<VerificationRule> rules;
    QStringList verifiers;     ///< the LLM verifiers behind VerdictCell::perVerifier
    QVector<VerdictRow> rows;  ///< the reference first (when given), then the MT outputs
    /// Rules that no MT output fails ("this rule tests nothing"); empty without MT outputs.
    QVector<int> rulesTestingNothing;
};

/// Builds the matrix from verdicts in `cache`. `mtOutputs` are (system name, translation) pairs;
/// an empty translation (a failed system) is left out. An empty `reference` gives no reference row.
/// A reviewer's override in `overrides` (matched by rule key and translation) replaces the
/// machine verdict of its cell.
VerdictMatrix buildVerdictMatrix(const QVector<VerificationRule> &rules, const QString &reference,
                                 const QVector<QPair<QString, QString>> &mtOutputs, const QStringList &verifierNames,
                                 const VerdictCache &cache, const QVector<VerdictOverride> &overrides = {});

struct GateResult {
    enum class State { Holds, Fails, Undecided };
    State state = State::Fails;
    bool hasReference = false;
    Verdict reference = Verdict::Unknown;  ///< the reference row's overall verdict
    int mtOutputs = 0;
    int mtPassingAll = 0;   ///< MT outputs whose every rule passes
    int mtUndecided = 0;    ///< MT outputs with no fail but some unknown verdict
    int ruleCount = 0;
    int staleOutputs = 0;   ///< MT outputs of an earlier source text (set by ExampleStore::assess)
    /// One sentence per condition, what holds and what does not, for the status panel and the CLI.
    QStringList explanation;
    bool holds() const { return state == State::Holds; }
};

/// Evaluates the gate (LTB, papers.md). It fails without rules, without a reference or without
/// MT outputs; when the reference fails a rule; when more than 2 MT outputs pass all rules. It is
/// undecided while unknown verdicts could still change the outcome. With fewer than ten MT
/// outputs the explanation says what "at most 2" means for that number.
GateResult evaluateGate(const VerdictMatrix &matrix);

QString gateStateName(GateResult::State state);  ///< "holds", "fails", "undecided"

/// How far several LLM verifiers agree on the Llm rules' verdicts in `matrix`.
struct VerifierAgreement {
    int verifiers = 0;
    int units = 0;        ///< (rule, translation) pairs with at least two pass/fail verdicts
    int unanimous = 0;    ///< of those, the pairs where every verifier agrees
    double percent() const { return units ? 100.0 * unanimous / units : 0.0; }
    /// Krippendorff's nominal alpha over pass/fail (unknown = missing), when defined.
    std::optional<double> alpha;
    QString alphaNote;    ///< why alpha is undefined (e.g. no variation)
};

VerifierAgreement verifierAgreement(const VerdictMatrix &matrix, int verifierCount);

}  // namespace gauntlet::verify
