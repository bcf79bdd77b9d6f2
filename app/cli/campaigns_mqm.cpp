// MQM parts of `gauntlet campaigns`: the error typology of `create --protocol mqm` and the MQM
// score and per-category span counts of `stats` (engine/evaluate/mqm_score.h).
#include "app/cli/campaigns_interop.h"

#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/mqm_score.h"
#include "engine/sampling/coverage_store.h"
#include "engine/sampling/taxonomy.h"
#include "engine/store/project.h"

#include <QFile>

namespace gauntlet::cli {

using namespace evaluate;

MqmTypology mqmTypologyFor(Context &ctx, const QString &categoriesFile, const QString &taxonomy)
{
    if (!categoriesFile.isEmpty()) {
        QFile file(categoriesFile);
        if (!file.open(QIODevice::ReadOnly))
            throw EvaluateError(QStringLiteral("cannot read %1: %2").arg(categoriesFile, file.errorString()));
        MqmTypology t = parseMqmTypology(file.readAll(), categoriesFile);
        if (t.name.isEmpty())
            t.name = categoriesFile;
        return t;
    }
    if (!taxonomy.isEmpty()) {
        sampling::CoverageStore store(ctx.project().database());
        sampling::Taxonomy tax;
        if (const auto id = store.taxonomyId(taxonomy))
            tax = store.taxonomy(*id);
        else if (sampling::bundledTaxonomyNames().contains(taxonomy))
            tax = sampling::bundledTaxonomy(taxonomy);
        else
            throw EvaluateError(QStringLiteral("no taxonomy '%1' in the project or bundled (bundled: %2)")
                                    .arg(taxonomy, sampling::bundledTaxonomyNames().join(QStringLiteral(", "))));
        return typologyFromPaths(tax.name, tax.paths(), QStringLiteral("taxonomy '%1'").arg(taxonomy));
    }
    return mqmCoreTypology();
}

namespace {

QString number(double v)
{
    return QString::number(v, 'f', 3);
}

QString categoryLabel(const QString &category)
{
    return category.isEmpty() ? QStringLiteral("(none)") : category;
}

}  // namespace

void printMqm(Context &ctx, const Campaign &campaign, const QVector<RatedItem> &rated)
{
    const MqmTypology &typology = campaign.options.errorTypology;
    const QVector<SystemMqm> mqm = mqmStyleScores(campaign, rated, 1, typology.weights);
    if (mqm.isEmpty())
        return;
    if (typology.isEmpty()) {
        ctx.out << "mqm_style\tsystem\titems\tscore\tminor_per_item\tmajor_per_item   (stage 1; weights minor 1, major 5)\n";
        for (const SystemMqm &m : mqm)
            ctx.out << "mqm_style\t" << m.system << '\t' << m.items << '\t' << number(m.score) << '\t' << number(m.minorPerItem) << '\t'
                    << number(m.majorPerItem) << "\n";
        return;
    }
    const MqmWeights &w = typology.weights;
    ctx.out << "mqm\tsystem\titems\tscore\tminor_per_item\tmajor_per_item\tcritical_per_item\tneutral_per_item   (stage 1; typology "
            << typology.name << "; weights minor " << w.minor << ", major " << w.major << ", critical " << w.critical << ", neutral "
            << w.neutral << ", minor " << w.punctuationCategory << ' ' << w.minorPunctuation << ", " << w.nonTranslationCategory << ' '
            << w.nonTranslation << "; Freitag et al. 2021)\n";
    for (const SystemMqm &m : mqm)
        ctx.out << "mqm\t" << m.system << '\t' << m.items << '\t' << number(m.score) << '\t' << number(m.minorPerItem) << '\t'
                << number(m.majorPerItem) << '\t' << number(m.criticalPerItem) << '\t' << number(m.neutralPerItem) << "\n";
    ctx.out << "mqm_top_level\tsystem\tcategory\tspans\n";
    for (const SystemMqm &m : mqm)
        for (auto it = m.spansPerTopLevel.cbegin(); it != m.spansPerTopLevel.cend(); ++it)
            ctx.out << "mqm_top_level\t" << m.system << '\t' << categoryLabel(it.key()) << '\t' << it.value() << "\n";
    ctx.out << "mqm_category\tsystem\tcategory\tspans\n";
    for (const SystemMqm &m : mqm)
        for (auto it = m.spansPerCategory.cbegin(); it != m.spansPerCategory.cend(); ++it)
            ctx.out << "mqm_category\t" << m.system << '\t' << categoryLabel(it.key()) << '\t' << it.value() << "\n";
}

QJsonArray mqmJson(const Campaign &campaign, const QVector<RatedItem> &rated)
{
    QJsonArray out;
    for (const SystemMqm &m : mqmStyleScores(campaign, rated, 1, campaign.options.errorTypology.weights)) {
        QJsonObject o{{QStringLiteral("system"), m.system},
                      {QStringLiteral("items"), m.items},
                      {QStringLiteral("score"), m.score},
                      {QStringLiteral("minor_per_item"), m.minorPerItem},
                      {QStringLiteral("major_per_item"), m.majorPerItem}};
        if (!campaign.options.errorTypology.isEmpty()) {
            o.insert(QStringLiteral("critical_per_item"), m.criticalPerItem);
            o.insert(QStringLiteral("neutral_per_item"), m.neutralPerItem);
            QJsonObject categories, topLevels;
            for (auto it = m.spansPerCategory.cbegin(); it != m.spansPerCategory.cend(); ++it)
                categories.insert(categoryLabel(it.key()), it.value());
            for (auto it = m.spansPerTopLevel.cbegin(); it != m.spansPerTopLevel.cend(); ++it)
                topLevels.insert(categoryLabel(it.key()), it.value());
            o.insert(QStringLiteral("spans_per_category"), categories);
            o.insert(QStringLiteral("spans_per_top_level"), topLevels);
        }
        out.append(o);
    }
    return out;
}

}  // namespace gauntlet::cli
