// How far each LLM verifier agrees with the reviewers' verdicts set by hand and with every other
// verifier, across the project (issue 19, item 12): Cohen's kappa (Cohen 1960) on pass/fail over
// the (natural-language rule, translation) pairs both have judged, with the counts behind it.
#pragma once

#include "engine/metrics/cohen_kappa.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace gauntlet::storage { class Database; }

namespace gauntlet::verify {

/// The rater name of reviewers' verdicts set by hand in VerifierKappa::second.
inline QString humanVerdictRaterName() { return QStringLiteral("human"); }

struct VerifierKappa {
    QString first;                     ///< a verifier
    QString second;                    ///< another verifier, or humanVerdictRaterName()
    metrics::AgreementTable2x2 table;  ///< positive = pass; rows `first`, columns `second`
    std::optional<double> kappa;       ///< undefined without pairs or without variation (see cohensKappa)
};

struct VerifierStats {
    QStringList verifiers;      ///< the project's verifiers (in the order they were added), then any other with stored verdicts
    QVector<VerifierKappa> rows;  ///< per verifier: against the human verdicts, then against each later verifier
};

/// Collects, over every example of the project, the current pass/fail verdicts of natural-language
/// rules (stale verdicts of an edited source and unknown ones are left out) and the reviewers'
/// overrides of them, and compares them pair by pair. Each (rule, translation text) is one item:
/// identical outputs share one verdict. Throws StoreError when the database cannot be read.
VerifierStats verifierStats(storage::Database &db);

}  // namespace gauntlet::verify
