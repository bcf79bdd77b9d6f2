#include "engine/verify/verifier_stats.h"

#include "engine/store/database.h"
#include "engine/verify/ltb_release.h"

#include <QHash>
#include <QPair>

#include <map>

namespace gauntlet::verify {

namespace {

using Item = QPair<qint64, QString>;  // (rule id, translation)
using Verdicts = std::map<Item, bool>; // item -> passes

void compare(const Verdicts &first, const Verdicts &second, metrics::AgreementTable2x2 &t)
{
    for (const auto &[item, pass] : first) {
        const auto other = second.find(item);
        if (other == second.end())
            continue;
        if (pass && other->second)
            ++t.bothPositive;
        else if (pass)
            ++t.firstOnly;
        else if (other->second)
            ++t.secondOnly;
        else
            ++t.bothNegative;
    }
}

}  // namespace

VerifierStats verifierStats(storage::Database &db)
{
    VerifierStats stats;
    storage::SqlQuery configured(db, QStringLiteral("SELECT name FROM verifiers WHERE enabled = 1 ORDER BY id"));
    configured.exec();
    while (configured.next())
        stats.verifiers << configured.value(0).toString();

    const QString current = QStringLiteral(" JOIN example_rules r ON r.id = x.rule_id JOIN examples e ON e.id = r.example_id "
                                           "WHERE r.kind = 'llm' AND (x.source_text IS NULL OR x.source_text = e.source_text)");
    QHash<QString, Verdicts> byVerifier;
    storage::SqlQuery q(db, QStringLiteral("SELECT x.verifier, x.rule_id, x.translation, x.verdict FROM verdicts x") + current +
                       QStringLiteral(" AND x.verifier <> '' AND x.verdict IN ('pass', 'fail') ORDER BY x.verifier"));
    q.exec();
    while (q.next()) {
        const QString verifier = q.value(0).toString();
        // An imported release's verdicts are final verdicts, not a verifier's: no kappa for them.
        if (verifier == ltbImportedVerifierName())
            continue;
        if (!stats.verifiers.contains(verifier))
            stats.verifiers << verifier;
        byVerifier[verifier][{q.value(1).toLongLong(), q.value(2).toString()}] = q.value(3).toString() == QLatin1String("pass");
    }
    Verdicts human;
    storage::SqlQuery h(db, QStringLiteral("SELECT x.rule_id, x.translation, x.verdict FROM verdict_overrides x") + current);
    h.exec();
    while (h.next())
        human[{h.value(0).toLongLong(), h.value(1).toString()}] = h.value(2).toString() == QLatin1String("pass");

    for (int i = 0; i < stats.verifiers.size(); ++i) {
        const Verdicts &mine = byVerifier[stats.verifiers[i]];
        VerifierKappa vsHuman{stats.verifiers[i], humanVerdictRaterName(), {}, {}};
        compare(mine, human, vsHuman.table);
        vsHuman.kappa = metrics::cohensKappa(vsHuman.table);
        stats.rows.append(vsHuman);
        for (int j = i + 1; j < stats.verifiers.size(); ++j) {
            VerifierKappa pair{stats.verifiers[i], stats.verifiers[j], {}, {}};
            compare(mine, byVerifier[stats.verifiers[j]], pair.table);
            pair.kappa = metrics::cohensKappa(pair.table);
            stats.rows.append(pair);
        }
    }
    return stats;
}

}  // namespace gauntlet::verify
