#include "engine/verify/acceptance_gate.h"

#include "engine/core/enum_names.h"
#include "engine/metrics/krippendorff.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

namespace gauntlet::verify {

namespace {

/// The gate's texts in the UI language (translations/gauntlet_*.ts, context
/// gauntlet::AcceptanceGate; lupdate reads this file with the GUI's).
struct AcceptanceGate {
    Q_DECLARE_TR_FUNCTIONS(gauntlet::AcceptanceGate)
};

/// A reply cut for a tooltip: one line, at most 300 characters (the detail pane shows it whole).
QString tooltipReply(const QString &reply)
{
    const QString line = reply.simplified();
    return line.size() > 300 ? line.left(297) + QStringLiteral("...") : line;
}

VerdictRow buildRow(const QString &label, const QString &translation, bool isReference,
                    const QVector<VerificationRule> &rules, const QStringList &verifierNames, const VerdictCache &cache,
                    const QVector<VerdictOverride> &overrides)
{
    VerdictRow row{label, translation, isReference, {}, Verdict::Unknown};
    for (const VerificationRule &rule : rules) {
        VerdictCell cell;
        if (rule.isStringRule()) {
            if (auto r = cache.find(rule, localVerifierName(), translation)) {
                cell.machineVerdict = r->verdict;
                cell.detail = r->error;
                cell.records.append({localVerifierName(), *r});
            }
        } else {
            QStringList details;
            for (const QString &verifier : verifierNames) {
                const auto r = cache.find(rule, verifier, translation);
                cell.perVerifier.append(r ? r->verdict : Verdict::Unknown);
                if (r) {
                    details << QStringLiteral("%1: %2").arg(verifier, r->isFinal() ? tooltipReply(r->rawReply) : r->error);
                    cell.records.append({verifier, *r});
                }
            }
            if (verifierNames.isEmpty())
                if (auto r = cache.find(rule, localVerifierName(), translation))
                    details << r->error;
            cell.machineVerdict = combineVerdicts(cell.perVerifier);
            cell.detail = details.join(u'\n');
        }
        cell.verdict = cell.machineVerdict;
        const QString key = rule.cacheKey();
        for (const VerdictOverride &o : overrides)
            if (o.ruleKey == key && o.translation == translation) {
                cell.humanOverride = o;
                cell.verdict = o.verdict;
            }
        row.cells.append(cell);
    }
    bool anyFail = false, allPass = !rules.isEmpty();
    for (const VerdictCell &cell : std::as_const(row.cells)) {
        anyFail = anyFail || cell.verdict == Verdict::Fail;
        allPass = allPass && cell.verdict == Verdict::Pass;
    }
    row.overall = anyFail ? Verdict::Fail : allPass ? Verdict::Pass : Verdict::Unknown;
    return row;
}

}  // namespace

bool VerdictCell::verifiersDisagree() const
{
    return perVerifier.contains(Verdict::Pass) && perVerifier.contains(Verdict::Fail);
}

VerdictMatrix buildVerdictMatrix(const QVector<VerificationRule> &rules, const QString &reference,
                                 const QVector<QPair<QString, QString>> &mtOutputs, const QStringList &verifierNames,
                                 const VerdictCache &cache, const QVector<VerdictOverride> &overrides)
{
    VerdictMatrix matrix;
    matrix.rules = rules;
    matrix.verifiers = verifierNames;
    if (!reference.trimmed().isEmpty())
        matrix.rows.append(buildRow(AcceptanceGate::tr("reference"), reference, true, rules, verifierNames, cache, overrides));
    bool anyMt = false;
    for (const auto &[system, translation] : mtOutputs) {
        if (translation.trimmed().isEmpty())
            continue;
        matrix.rows.append(buildRow(system, translation, false, rules, verifierNames, cache, overrides));
        anyMt = true;
    }
    if (anyMt) {
        for (int r = 0; r < rules.size(); ++r) {
            bool failedSomewhere = false;
            for (const VerdictRow &row : std::as_const(matrix.rows))
                if (!row.isReference && row.cells[r].verdict == Verdict::Fail)
                    failedSomewhere = true;
            if (!failedSomewhere)
                matrix.rulesTestingNothing.append(r);
        }
    }
    return matrix;
}

QString gateStateName(GateResult::State state)
{
    using State = GateResult::State;
    static const core::EnumName<State> Names[] = {{State::Holds, "holds"}, {State::Fails, "fails"}, {State::Undecided, "undecided"}};
    return QString::fromLatin1(core::enumNameOrLast(Names, state));
}

GateResult evaluateGate(const VerdictMatrix &matrix)
{
    GateResult g;
    g.ruleCount = int(matrix.rules.size());
    bool fails = false, undecided = false;

    if (g.ruleCount == 0) {
        fails = true;
        g.explanation << AcceptanceGate::tr("Add at least one verification rule.");
    }
    for (const VerdictRow &row : matrix.rows) {
        if (row.isReference) {
            g.hasReference = true;
            g.reference = row.overall;
            continue;
        }
        ++g.mtOutputs;
        if (row.overall == Verdict::Pass)
            ++g.mtPassingAll;
        else if (row.overall == Verdict::Unknown)
            ++g.mtUndecided;
    }

    if (!g.hasReference) {
        fails = true;
        g.explanation << AcceptanceGate::tr("Write the reference translation: it must pass every rule.");
    } else if (g.ruleCount > 0) {
        if (g.reference == Verdict::Pass) {
            g.explanation << AcceptanceGate::tr("The reference passes every rule.");
        } else if (g.reference == Verdict::Fail) {
            fails = true;
            g.explanation << AcceptanceGate::tr("The reference fails a rule; fix the reference or the rule.");
        } else {
            undecided = true;
            g.explanation << AcceptanceGate::tr("Some of the reference's verdicts are unknown; verify it first.");
        }
    }

    if (g.mtOutputs == 0) {
        fails = true;
        g.explanation << AcceptanceGate::tr("Translate with at least one MT system: the gate needs MT outputs that fail the rules.");
    } else if (g.ruleCount > 0) {
        const int allowed = maxMtOutputsPassingAll(g.mtOutputs);
        const int mustFail = g.mtOutputs - allowed;
        g.explanation << AcceptanceGate::tr("MT outputs that pass all rules: %1 of %2; at most %3 may (so at least %4 of %2 must fail).")
                             .arg(g.mtPassingAll)
                             .arg(g.mtOutputs)
                             .arg(allowed)
                             .arg(mustFail);
        if (g.mtPassingAll > allowed) {
            fails = true;
        } else if (g.mtPassingAll + g.mtUndecided > allowed) {
            undecided = true;
            g.explanation << AcceptanceGate::tr("%n MT output(s) have unknown verdicts and could still pass all rules.", "", g.mtUndecided);
        }
        // Gauntlet allows min(2, n - 1): with one output none may pass, with two one may.
        if (g.mtOutputs < 10)
            g.explanation << AcceptanceGate::tr("LTB allows 2 of 10 MT outputs to pass all rules (at least 8 of 10 fail). With %n MT "
                                                "output(s), Gauntlet allows %1 to pass all rules (at most 2, never all); LTB's share "
                                                "would need %2 of %n to fail: add systems for a gate as strict as LTB's.", "",
                                                g.mtOutputs)
                                 .arg(allowed)
                                 .arg((g.mtOutputs * 8 + 9) / 10);
    }
    for (int r : matrix.rulesTestingNothing)
        g.explanation << AcceptanceGate::tr("Rule %1 tests nothing: no MT output fails it.").arg(r + 1);

    g.state = fails ? GateResult::State::Fails : undecided ? GateResult::State::Undecided : GateResult::State::Holds;
    return g;
}

VerifierAgreement verifierAgreement(const VerdictMatrix &matrix, int verifierCount)
{
    VerifierAgreement a;
    a.verifiers = verifierCount;
    const double missing = std::numeric_limits<double>::quiet_NaN();
    std::vector<std::vector<double>> data(std::size_t(std::max(verifierCount, 0)));
    for (int r = 0; r < matrix.rules.size(); ++r) {
        if (matrix.rules[r].isStringRule())
            continue;
        for (const VerdictRow &row : matrix.rows) {
            const VerdictCell &cell = row.cells[r];
            int pass = 0, fail = 0;
            for (int v = 0; v < verifierCount; ++v) {
                const Verdict verdict = cell.perVerifier.value(v, Verdict::Unknown);
                pass += verdict == Verdict::Pass;
                fail += verdict == Verdict::Fail;
                data[std::size_t(v)].push_back(verdict == Verdict::Pass ? 1.0 : verdict == Verdict::Fail ? 0.0 : missing);
            }
            if (pass + fail >= 2) {
                ++a.units;
                if (pass == 0 || fail == 0)
                    ++a.unanimous;
            }
        }
    }
    if (verifierCount < 2) {
        a.alphaNote = AcceptanceGate::tr("Agreement needs at least two verifiers.");
        return a;
    }
    try {
        a.alpha = metrics::krippendorffAlpha(data, metrics::MeasurementLevel::Nominal).alpha;
    } catch (const std::exception &e) {
        a.alphaNote = QString::fromUtf8(e.what());
    }
    return a;
}

}  // namespace gauntlet::verify
