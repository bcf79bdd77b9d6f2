#include "engine/evaluate/results_table.h"
#include "engine/core/arg_text.h"

#include "engine/core/enum_names.h"
#include "engine/evaluate/evaluate_error.h"

#include <QSet>

namespace gauntlet::evaluate {

TableFormat parseTableFormat(const QString &name)
{
    static const core::EnumName<TableFormat> Names[] = {
        {TableFormat::Latex, "latex"}, {TableFormat::Typst, "typst"}, {TableFormat::Markdown, "markdown"}};
    return core::enumFromNameOrThrow(Names, name, [&] {
        return EvaluateError(QStringLiteral("unknown table format '%1' (expected latex, typst or markdown)").arg(name));
    });
}

QVector<int> significanceClusters(const CampaignResults &results, double significanceLevel)
{
    QVector<int> out;
    int cluster = 1;
    for (int i = 0; i < results.systems.size(); ++i) {
        out << cluster;
        const auto &p = results.systems[i].pNext;
        if (p && *p < significanceLevel)
            ++cluster;
    }
    return out;
}

namespace {

QString escapeLatex(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '\\': out += QStringLiteral("\\textbackslash{}"); break;
        case '~': out += QStringLiteral("\\textasciitilde{}"); break;
        case '^': out += QStringLiteral("\\textasciicircum{}"); break;
        case '&': case '%': case '$': case '#': case '_': case '{': case '}':
            out += u'\\';
            out += c;
            break;
        default: out += c;
        }
    }
    return out;
}

QString escapeTypst(const QString &text)
{
    QString out;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (QStringLiteral("\\/#*_`[]$@<>~\"").contains(c) || (i == 0 && QStringLiteral("-+=").contains(c)))
            out += u'\\';
        out += c;
    }
    return out;
}

QString escapeMarkdown(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        if (QStringLiteral("\\|*_`[]<>#").contains(c))
            out += u'\\';
        out += c;
    }
    return out;
}

struct Row {
    QString rank, system, mean, interval, n;
    bool clusterStart = false;  ///< first row of a cluster other than the first
};

QString alphaSentence(const Campaign &campaign, const CampaignResults &results, TableFormat format)
{
    const QString alpha = format == TableFormat::Latex ? QStringLiteral("$\\alpha$") : QStringLiteral("α");
    QStringList parts;
    // The table shows stage 1 of a two-stage campaign, so its alpha is stage 1's, not the pooled one.
    const bool stageOne = campaign.stages() == 2 && !results.agreementByStage.isEmpty();
    const AgreementResult &a = stageOne ? results.agreementByStage.constFirst() : results.agreement;
    const QString which = stageOne ? QStringLiteral(" (stage 1)") : QString();
    if (a.alphaInterval)
        parts << QStringLiteral("%1 (interval)").arg(*a.alphaInterval, 0, 'f', 3);
    if (a.alphaRelative)
        parts << QStringLiteral("%1 (interval on per-annotator z-scores)").arg(*a.alphaRelative, 0, 'f', 3);
    if (campaign.protocol == Protocol::Likert && a.alphaOrdinal)
        parts << QStringLiteral("%1 (ordinal, Likert)").arg(*a.alphaOrdinal, 0, 'f', 3);
    if (parts.isEmpty())
        return QStringLiteral("Krippendorff's %1%2 is not defined for these ratings.").arg(alpha, which);
    return QStringLiteral("Krippendorff's %1%2 = %3 over %4 units rated by two or more annotators.")
        .arg(alpha, which, parts.join(QStringLiteral(", ")))
        .arg(a.pairableUnits);
}

QString caption(const Campaign &campaign, const CampaignResults &results, TableFormat format, const PaperTableOptions &options)
{
    const bool latex = format == TableFormat::Latex;
    QString name = campaign.name;
    switch (format) {
    case TableFormat::Latex: name = QStringLiteral("``%1''").arg(escapeLatex(name)); break;
    case TableFormat::Typst: name = QStringLiteral("\"%1\"").arg(escapeTypst(name)); break;
    case TableFormat::Markdown: name = QStringLiteral("\"%1\"").arg(escapeMarkdown(name)); break;
    }
    QStringList about{protocolName(campaign.protocol) == QLatin1String("cesa") ? QStringLiteral("cESA")
                                                                                 : protocolName(campaign.protocol).toUpper()};
    if (campaign.stages() == 2)
        about << QStringLiteral("stage 1");
    if (options.annotators > 0)
        about << QStringLiteral("%1 annotator%2").arg(core::argText(options.annotators), core::argText(options.annotators == 1 ? QString() : QStringLiteral("s")));
    const QString dash = latex ? QStringLiteral("--") : QStringLiteral("–");
    const QString percent = latex ? QStringLiteral("\\%") : QStringLiteral("%");
    const QString level = QString::number(options.significanceLevel);
    const QString p = latex ? QStringLiteral("$p \\geq %1$").arg(level) : QStringLiteral("p ≥ %1").arg(level);
    // A pair of neighbours rated on fewer than two common items has no paired test (pNext unset):
    // the caption must not present their shared rank range as a test result (a new user's review:
    // WMT's ESA files rate each system's output on its own item, so no pair was ever tested).
    int untested = 0;
    for (int i = 0; i + 1 < results.systems.size(); ++i)
        untested += results.systems[i].pNext ? 0 : 1;
    const int neighbours = int(results.systems.size()) - 1;
    QString clusters = QStringLiteral("Systems sharing a rank range form a significance cluster: none differs significantly from the "
                                      "next system down (paired bootstrap, %1).")
                           .arg(p);
    if (neighbours > 0 && untested == neighbours)
        clusters = QStringLiteral("No two neighbouring systems were rated on common items, so no paired significance test could "
                                  "run: the rank ranges mark untested differences, not clusters.");
    else if (untested > 0)
        clusters += QStringLiteral(" %1 of %2 neighbouring pairs were rated on fewer than two common items and could not be "
                                   "tested; their ranges mark untested differences.")
                        .arg(untested)
                        .arg(neighbours);
    return QStringLiteral("Human evaluation %1 (%2): mean score (0%3) per system with its 95%4 bootstrap interval over items "
                          "and the number of ratings n. %5 %6")
        .arg(name, about.join(QStringLiteral(", ")), dash + QStringLiteral("100"), percent, clusters, alphaSentence(campaign, results, format));
}

}  // namespace

QString paperTable(const Campaign &campaign, const CampaignResults &results, TableFormat format, const PaperTableOptions &options)
{
    if (!(options.significanceLevel > 0.0 && options.significanceLevel < 1.0))
        throw EvaluateError(QStringLiteral("significance level %1 is outside (0, 1)").arg(options.significanceLevel));
    if (options.decimals < 0 || options.decimals > 4)
        throw EvaluateError(QStringLiteral("%1 decimals: expected 0 to 4").arg(options.decimals));
    CampaignResults scored = results;
    scored.systems.clear();
    for (const SystemResult &s : results.systems)
        if (s.ratings > 0)
            scored.systems << s;
    const QVector<int> clusters = significanceClusters(scored, options.significanceLevel);
    const QString dash = format == TableFormat::Latex ? QStringLiteral("--") : QStringLiteral("–");
    QVector<Row> rows;
    for (int i = 0; i < scored.systems.size(); ++i) {
        const SystemResult &s = scored.systems[i];
        int first = i + 1, last = i + 1;
        while (first > 1 && clusters[first - 2] == clusters[i])
            --first;
        while (last < clusters.size() && clusters[last] == clusters[i])
            ++last;
        Row r;
        r.rank = first == last ? QString::number(first) : QStringLiteral("%1%2%3").arg(first).arg(dash).arg(last);
        switch (format) {
        case TableFormat::Latex: r.system = escapeLatex(s.system); break;
        case TableFormat::Typst: r.system = escapeTypst(s.system); break;
        case TableFormat::Markdown: r.system = escapeMarkdown(s.system); break;
        }
        r.mean = QString::number(s.mean, 'f', options.decimals);
        const QString open = format == TableFormat::Typst ? QStringLiteral("\\[") : QStringLiteral("[");
        const QString close = format == TableFormat::Typst ? QStringLiteral("\\]") : QStringLiteral("]");
        r.interval = open + QString::number(s.lower, 'f', options.decimals) + QStringLiteral(", ")
                     + QString::number(s.upper, 'f', options.decimals) + close;
        r.n = QString::number(s.ratings);
        r.clusterStart = i > 0 && clusters[i] != clusters[i - 1];
        rows << r;
    }
    const QString text = caption(campaign, scored, format, options);
    QString out;
    switch (format) {
    case TableFormat::Latex:
        out += QStringLiteral("% needs \\usepackage{booktabs}\n\\begin{table}[t]\n\\centering\n\\begin{tabular}{llrcr}\n\\toprule\n");
        out += QStringLiteral("Rank & System & Mean & 95\\% CI & $n$ \\\\\n\\midrule\n");
        for (const Row &r : rows) {
            if (r.clusterStart)
                out += QStringLiteral("\\midrule\n");
            out += QStringList{r.rank, r.system, r.mean, r.interval, r.n}.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\\n");
        }
        out += QStringLiteral("\\bottomrule\n\\end{tabular}\n\\caption{%1}\n").arg(text);
        if (!options.label.isEmpty())
            out += QStringLiteral("\\label{%1}\n").arg(options.label);
        out += QStringLiteral("\\end{table}\n");
        break;
    case TableFormat::Typst:
        out += QStringLiteral("#figure(\n  table(\n    columns: 5,\n    align: (left, left, right, center, right),\n    stroke: none,\n"
                              "    table.hline(),\n    table.header([*Rank*], [*System*], [*Mean*], [*95% CI*], [*n*]),\n    table.hline(),\n");
        for (const Row &r : rows) {
            if (r.clusterStart)
                out += QStringLiteral("    table.hline(stroke: 0.5pt),\n");
            out += QStringLiteral("    [%1], [%2], [%3], [%4], [%5],\n").arg(r.rank, r.system, r.mean, r.interval, r.n);
        }
        out += QStringLiteral("    table.hline(),\n  ),\n  caption: [%1],\n)").arg(text);
        out += options.label.isEmpty() ? QStringLiteral("\n") : QStringLiteral(" <%1>\n").arg(options.label);
        break;
    case TableFormat::Markdown:
        out += QStringLiteral("| Rank | System | Mean | 95% CI | n |\n|:--|:--|--:|:-:|--:|\n");
        for (const Row &r : rows)
            out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n").arg(r.rank, r.system, r.mean, r.interval, r.n);
        out += QStringLiteral("\nTable: %1\n").arg(text);
        break;
    }
    return out;
}

}  // namespace gauntlet::evaluate
