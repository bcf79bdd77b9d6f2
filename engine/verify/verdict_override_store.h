// Reviewers' verdicts set by hand (issue 19, item 11; migration 0009): one per (rule, translation)
// of an example, with the reason, the reviewer and the time. ExampleStore::assess() applies them to
// the verdict matrix, so the gate counts them and the LTB release exports them as the verdict.
#pragma once

#include "engine/verify/verdict.h"

#include <QString>
#include <QVector>

#include <optional>

namespace gauntlet::storage { class Database; }

namespace gauntlet::verify {

class VerdictOverrideStore {
public:
    explicit VerdictOverrideStore(storage::Database &db) : m_db(db) {}

    /// The example's overrides that belong to its current source text, by rule then translation.
    /// Overrides given for an earlier source are stale and left out (as verdicts are).
    QVector<VerdictOverride> overrides(qint64 exampleId);

    /// Sets the verdict of rule `rule` (0-based, in column order) on `translation` (the reference or
    /// a stored MT output of the example) to `verdict` (Pass or Fail) by `reviewer`, now. Returns
    /// the override it replaced, if any. Throws StoreError naming the bad input: unknown example or
    /// rule, a translation the example does not hold, Unknown, an empty reason or reviewer, a
    /// reason over 5000 characters.
    std::optional<VerdictOverride> setOverride(qint64 exampleId, int rule, const QString &translation, Verdict verdict,
                                               const QString &reason, const QString &reviewer);

    /// Removes the override of rule `rule` on `translation`; returns it (nullopt when there was none).
    /// `by` (who removed it) goes into the example's history.
    std::optional<VerdictOverride> removeOverride(qint64 exampleId, int rule, const QString &translation, const QString &by = {});

    /// Stores `override` as it is, with its reviewer and time (undo of a removal, LTB import). Its
    /// rule is found by key among the example's rules. Throws StoreError like setOverride().
    void restore(qint64 exampleId, const VerdictOverride &override);

    /// restore() for each of `overrides`, inside a Transaction the caller holds (ExampleStore's import).
    void restoreWithin(qint64 exampleId, const QVector<VerdictOverride> &overrides);

private:
    /// A "verdict" event in the example's history: rule number `rule` (0-based), from -> to.
    void recordEvent(qint64 exampleId, int rule, const QString &translation, const QString &from, const QString &to,
                     const QString &author, const QString &reason);
    qint64 ruleId(qint64 exampleId, const QString &ruleKey, int *index = nullptr);
    qint64 ruleIdAt(qint64 exampleId, int rule, QString *ruleKey);
    void write(qint64 exampleId, qint64 ruleId, const VerdictOverride &override);

    storage::Database &m_db;
};

}  // namespace gauntlet::verify
