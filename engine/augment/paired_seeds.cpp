#include "engine/augment/paired_seeds.h"
#include "engine/core/arg_text.h"

#include "engine/ato/run_history.h"
#include "engine/augment/example_from_run.h"
#include "engine/augment/run_translations.h"
#include "engine/store/database.h"
#include "engine/verify/example_store.h"

#include <QHash>

namespace gauntlet::augment {

using evaluate::CampaignItem;
using evaluate::CandidateTranslation;
using evaluate::CheckKind;

namespace {

/// The example id of an item key "example:ID" or "example:ID:SYSTEM"; 0 for other keys.
qint64 exampleIdOfKey(const QString &key)
{
    if (!key.startsWith(QLatin1String("example:")))
        return 0;
    bool ok = false;
    const qint64 id = key.section(u':', 1, 1).toLongLong(&ok);
    return ok ? id : 0;
}

}  // namespace

PairedSeedReport addPairedSeedItems(storage::Database &db, evaluate::Campaign &campaign)
{
    PairedSeedReport report;
    verify::ExampleStore examples(db);
    ato::RunHistory history(db);
    RunTranslationStore translations(db);
    QVector<CampaignItem> seeds;
    for (CampaignItem &item : campaign.items) {
        const qint64 exampleId = exampleIdOfKey(item.key);
        if (item.check != CheckKind::None || !item.pair.isEmpty() || exampleId == 0)
            continue;
        const auto example = examples.example(exampleId);
        if (!example)
            continue;
        const QVector<ExampleProvenance> provenance = exampleProvenance(db, *example);
        if (provenance.isEmpty())
            continue;  // not made from a run
        const ExampleProvenance &p = provenance.constFirst();
        if (!p.runExists) {
            ++report.skipped;
            report.problems << QStringLiteral("%1: run %2 is no longer in the project").arg(core::argText(item.key), core::argText(p.runId));
            continue;
        }
        QHash<QString, QString> seedBySystem;
        for (const RunTranslation &t : translations.translationsOfText(p.runId, p.seedText))
            // Run translations name their target by code ("spa"); examples by name, code beside it.
            if (t.targetLanguage == example->targetLanguage || (!example->targetLanguageIso.isEmpty() && t.targetLanguage == example->targetLanguageIso))
                seedBySystem.insert(t.system, t.translation);
        CampaignItem seed;
        seed.key = QStringLiteral("seed:") + item.key;
        seed.source = p.seedText;
        seed.sourceLanguage = item.sourceLanguage;
        seed.targetLanguage = item.targetLanguage;
        QStringList missing;
        for (const CandidateTranslation &t : item.translations) {
            if (t.system == QLatin1String("human"))
                continue;
            if (seedBySystem.contains(t.system))
                seed.translations << CandidateTranslation{t.system, seedBySystem.value(t.system)};
            else
                missing << t.system;
        }
        if (!missing.isEmpty() || seed.translations.isEmpty()) {
            ++report.skipped;
            report.problems << QStringLiteral("%1: run %2's seed has no stored translation into %3 by %4 (gauntlet runs translate %2)")
                                   .arg(core::argText(item.key), core::argText(p.runId), core::argText(example->targetLanguage), core::argText(missing.isEmpty() ? QStringLiteral("any MT system") : missing.join(QStringLiteral(", "))));
            continue;
        }
        if (campaign.indexOfItem(seed.key) >= 0)
            continue;
        item.pair = QStringLiteral("augmented");
        item.pairedKey = seed.key;
        seed.pair = QStringLiteral("seed");
        seed.pairedKey = item.key;
        seeds << seed;
        ++report.paired;
    }
    campaign.items << seeds;
    return report;
}

}  // namespace gauntlet::augment
