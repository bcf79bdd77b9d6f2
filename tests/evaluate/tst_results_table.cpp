// engine/evaluate/results_table: the paper tables (LaTeX, Typst, Markdown) of a hand-set result
// with three rated systems and one without ratings, compared with the exact expected text:
// significance clusters from the p-values against the next system, rank ranges, intervals
// rounded to one decimal, alpha in the caption, special characters escaped per format.
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/results_table.h"

#include "tests/support/campaign_builder.h"
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet::evaluate;

namespace {

SystemResult system(const QString &name, double mean, double lower, double upper, int n, std::optional<double> pNext)
{
    SystemResult s;
    s.system = name;
    s.mean = mean;
    s.lower = lower;
    s.upper = upper;
    s.ratings = n;
    s.pNext = pNext;
    return s;
}

Campaign pilot()
{
    Campaign c = gauntlet::testing::makeCampaign(QStringLiteral("Pilot_1 & co"), Protocol::Cesa);
    c.options.twoStage = true;
    return c;
}

/// sysA is significantly better than sys_B (p 0.01 < 0.05); sys_B and C# are not (p 0.3):
/// clusters {sysA}, {sys_B, C#}, shown as ranks 1 and 2-3. "unrated" has no score: left out.
CampaignResults results()
{
    CampaignResults r;
    r.systems = {system(QStringLiteral("sysA"), 72.5, 68.14, 76.86, 40, 0.01), system(QStringLiteral("sys_B"), 60.04, 55.0, 65.02, 38, 0.3),
                 system(QStringLiteral("C#"), 58.96, 54.0, 63.94, 40, std::nullopt), system(QStringLiteral("unrated"), 0, 0, 0, 0, std::nullopt)};
    // Pooled over both stages (what the caption must not give for a stage-1 table) and per stage.
    r.agreement.alphaInterval = 0.923;
    r.agreement.alphaRelative = 0.91;
    r.agreement.pairableUnits = 48;
    AgreementResult stage1, stage2;
    stage1.stage = 1;
    stage1.alphaInterval = 0.71234;
    stage1.alphaRelative = 0.65;
    stage1.pairableUnits = 24;
    stage2.stage = 2;
    stage2.alphaInterval = 0.97;
    stage2.pairableUnits = 24;
    r.agreementByStage = {stage1, stage2};
    return r;
}

/// pilot() rated in one stage.
Campaign oneStagePilot()
{
    Campaign c = pilot();
    c.options.twoStage = false;
    return c;
}

/// results() without the pooled alpha (Krippendorff's alpha not defined for these ratings).
CampaignResults resultsWithoutAlpha()
{
    CampaignResults r = results();
    r.agreement.alphaInterval.reset();
    r.agreement.alphaRelative.reset();
    return r;
}

PaperTableOptions options()
{
    PaperTableOptions o;
    o.annotators = 3;
    return o;
}

}  // namespace

class TestResultsTable : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void clusters()
    {
        QCOMPARE(significanceClusters(results()), (QVector<int>{1, 2, 2, 2}));
        QCOMPARE(significanceClusters(results(), 0.5), (QVector<int>{1, 2, 3, 3}));
    }

    void latex()
    {
        const QString expected = QStringLiteral(
            "% needs \\usepackage{booktabs}\n"
            "\\begin{table}[t]\n"
            "\\centering\n"
            "\\begin{tabular}{llrcr}\n"
            "\\toprule\n"
            "Rank & System & Mean & 95\\% CI & $n$ \\\\\n"
            "\\midrule\n"
            "1 & sysA & 72.5 & [68.1, 76.9] & 40 \\\\\n"
            "\\midrule\n"
            "2--3 & sys\\_B & 60.0 & [55.0, 65.0] & 38 \\\\\n"
            "2--3 & C\\# & 59.0 & [54.0, 63.9] & 40 \\\\\n"
            "\\bottomrule\n"
            "\\end{tabular}\n"
            "\\caption{Human evaluation ``Pilot\\_1 \\& co'' (cESA, stage 1, 3 annotators): mean score (0--100) per system with its "
            "95\\% bootstrap interval over items and the number of ratings n. Systems sharing a rank range form a significance "
            "cluster: none differs significantly from the next system down (paired bootstrap, $p \\geq 0.05$). Krippendorff's "
            "$\\alpha$ (stage 1) = 0.712 (interval), 0.650 (interval on per-annotator z-scores) over 24 units rated by two or more annotators.}\n"
            "\\label{tab:human-evaluation}\n"
            "\\end{table}\n");
        QCOMPARE(paperTable(pilot(), results(), TableFormat::Latex, options()), expected);
    }

    void typst()
    {
        const QString expected = QStringLiteral(
            "#figure(\n"
            "  table(\n"
            "    columns: 5,\n"
            "    align: (left, left, right, center, right),\n"
            "    stroke: none,\n"
            "    table.hline(),\n"
            "    table.header([*Rank*], [*System*], [*Mean*], [*95% CI*], [*n*]),\n"
            "    table.hline(),\n"
            "    [1], [sysA], [72.5], [\\[68.1, 76.9\\]], [40],\n"
            "    table.hline(stroke: 0.5pt),\n"
            "    [2–3], [sys\\_B], [60.0], [\\[55.0, 65.0\\]], [38],\n"
            "    [2–3], [C\\#], [59.0], [\\[54.0, 63.9\\]], [40],\n"
            "    table.hline(),\n"
            "  ),\n"
            "  caption: [Human evaluation \"Pilot\\_1 & co\" (cESA, stage 1, 3 annotators): mean score (0–100) per system with its "
            "95% bootstrap interval over items and the number of ratings n. Systems sharing a rank range form a significance "
            "cluster: none differs significantly from the next system down (paired bootstrap, p ≥ 0.05). Krippendorff's "
            "α (stage 1) = 0.712 (interval), 0.650 (interval on per-annotator z-scores) over 24 units rated by two or more annotators.],\n"
            ") <tab:human-evaluation>\n");
        QCOMPARE(paperTable(pilot(), results(), TableFormat::Typst, options()), expected);
    }

    void markdown()
    {
        const Campaign c = oneStagePilot();
        CampaignResults r = resultsWithoutAlpha();
        const QString expected = QStringLiteral(
            "| Rank | System | Mean | 95% CI | n |\n"
            "|:--|:--|--:|:-:|--:|\n"
            "| 1 | sysA | 72.5 | [68.1, 76.9] | 40 |\n"
            "| 2–3 | sys\\_B | 60.0 | [55.0, 65.0] | 38 |\n"
            "| 2–3 | C\\# | 59.0 | [54.0, 63.9] | 40 |\n"
            "\n"
            "Table: Human evaluation \"Pilot\\_1 & co\" (cESA): mean score (0–100) per system with its 95% bootstrap interval over "
            "items and the number of ratings n. Systems sharing a rank range form a significance cluster: none differs "
            "significantly from the next system down (paired bootstrap, p ≥ 0.05). Krippendorff's α is not defined for these ratings.\n");
        QCOMPARE(paperTable(c, r, TableFormat::Markdown), expected);
    }

    void untestedNeighbours_areNotCalledClusters()
    {
        // WMT's ESA files rate each system on items of its own: no neighbours share two items, so
        // no paired test runs (pNext unset) and the caption says so instead of claiming p >= 0.05.
        const Campaign c = oneStagePilot();
        CampaignResults r = resultsWithoutAlpha();
        for (SystemResult &s : r.systems)
            s.pNext.reset();
        const QString none = paperTable(c, r, TableFormat::Markdown);
        QVERIFY2(none.contains(QStringLiteral("| 1–3 | sysA |")), qPrintable(none));
        QVERIFY2(none.contains(QStringLiteral("n. No two neighbouring systems were rated on common items, so no paired significance "
                                              "test could run: the rank ranges mark untested differences, not clusters. Krippendorff's")),
                 qPrintable(none));
        QVERIFY2(!none.contains(QStringLiteral("none differs")), qPrintable(none));

        // One of the two neighbouring pairs tested (sysA against sys_B), the other not.
        r.systems[0].pNext = 0.01;
        const QString one = paperTable(c, r, TableFormat::Markdown);
        QVERIFY2(one.contains(QStringLiteral("(paired bootstrap, p ≥ 0.05). 1 of 2 neighbouring pairs were rated on fewer than two "
                                             "common items and could not be tested; their ranges mark untested differences.")),
                 qPrintable(one));
    }

    void refusals()
    {
        QVERIFY_THROWS_EXCEPTION(EvaluateError, parseTableFormat(QStringLiteral("html")));
        PaperTableOptions o;
        o.significanceLevel = 1.5;
        QVERIFY_THROWS_EXCEPTION(EvaluateError, paperTable(pilot(), results(), TableFormat::Latex, o));
    }
};

GAUNTLET_TEST_MAIN(TestResultsTable)
#include "tst_results_table.moc"
