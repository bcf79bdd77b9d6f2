// `gauntlet correlate`: Pearson, Spearman and Kendall tau-b, with p-values as scipy computes
// them, between two numeric columns of a CSV/TSV file.
#include "app/cli/commands.h"

#include "app/cli/delimited_table.h"
#include "engine/core/text_file.h"
#include "engine/metrics/correlation.h"

#include <nlohmann/json.hpp>

namespace gauntlet::cli {

namespace {

using namespace gauntlet::metrics;

int runCorrelate(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Pearson's r, Spearman's rho and Kendall's tau-b (two-sided p-values as scipy.stats; Kendall's as scipy's\n"
        "default: exact when neither column has ties and n <= 33 or at most one pair is discordant, else the\n"
        "normal approximation with tie corrections) between two numeric columns of a CSV or TSV file (a header\n"
        "line is recognised)."));
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The data file."));
    const QCommandLineOption xOption(QStringLiteral("x"), QStringLiteral("First column: header name or number (default: 1)."),
                                     QStringLiteral("COL"), QStringLiteral("1"));
    const QCommandLineOption yOption(QStringLiteral("y"), QStringLiteral("Second column (default: 2)."), QStringLiteral("COL"),
                                     QStringLiteral("2"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
    parser.addOptions({xOption, yOption, jsonOption});
    parseArguments(parser, args, ctx);
    const QString name = args.value(0);
    requirePositionals(parser, 1, QStringLiteral("exactly one FILE"));
    const QString path = parser.positionalArguments().constFirst();
    std::vector<double> x, y;
    QString xName, yName;
    const DelimitedTable table = readDelimitedTable(path);
    if (table.rows.isEmpty())
        throw core::InputFileError(path, 0, QStringLiteral("has no rows"));
    const QStringList &first = table.rows.constFirst();
    const int xCol = columnIndex(first, parser.value(xOption), int(first.size()));
    const int yCol = columnIndex(first, parser.value(yOption), int(first.size()));
    if (xCol < 0 || yCol < 0)
        throw core::InputFileError(path, table.lines.constFirst(), QStringLiteral("no such column (see --x and --y)"));
    double number;
    const bool header = !parseNumber(first.value(xCol), number) || !parseNumber(first.value(yCol), number);
    xName = header ? first.value(xCol) : QStringLiteral("column %1").arg(xCol + 1);
    yName = header ? first.value(yCol) : QStringLiteral("column %1").arg(yCol + 1);
    for (int r = header ? 1 : 0; r < table.rows.size(); ++r) {
        const QStringList &row = table.rows[r];
        double a, b;
        if (row.size() <= std::max(xCol, yCol))
            throw core::InputFileError(path, table.lines[r], QStringLiteral("expected at least %1 columns, found %2")
                                                           .arg(std::max(xCol, yCol) + 1)
                                                           .arg(row.size()));
        if (!parseNumber(row[xCol], a))
            throw core::InputFileError(path, table.lines[r], QStringLiteral("%1: '%2' is not a number").arg(xName, row[xCol]));
        if (!parseNumber(row[yCol], b))
            throw core::InputFileError(path, table.lines[r], QStringLiteral("%1: '%2' is not a number").arg(yName, row[yCol]));
        x.push_back(a);
        y.push_back(b);
    }
    Correlation p, s, k;
    try {
        p = pearson(x, y);
        s = spearman(x, y);
        k = kendallTauB(x, y);
    } catch (const MetricsError &e) {
        ctx.err << name << ": " << path << ": " << e.what() << '\n';
        return ExitFailure;
    }
    if (parser.isSet(jsonOption)) {
        nlohmann::json j;
        j["x"] = xName.toStdString();
        j["y"] = yName.toStdString();
        j["n"] = x.size();
        auto entry = [](const Correlation &c) {
            // NaN (a p-value with no degrees of freedom left) is written as null.
            return nlohmann::json{{"coefficient", c.coefficient},
                                  {"p", std::isnan(c.pValue) ? nlohmann::json() : nlohmann::json(c.pValue)}};
        };
        j["pearson"] = entry(p);
        j["spearman"] = entry(s);
        j["kendall_tau_b"] = entry(k);
        j["kendall_tau_b"]["p_method"] = k.exactPValue ? "exact" : "asymptotic";
        ctx.out << QString::fromStdString(j.dump(1)) << '\n';
        return ExitOk;
    }
    auto line = [&](const char *label, const Correlation &c) {
        ctx.out << label << QString::fromStdString(formatFixed(c.coefficient, 4)) << "  (p = "
                << QString::number(c.pValue, 'g', 4) << ")\n";
    };
    ctx.out << xName << " vs " << yName << ", n = " << x.size() << '\n';
    line("Pearson r      = ", p);
    line("Spearman rho   = ", s);
    line("Kendall tau-b  = ", k);
    ctx.out << "(Kendall's p: " << (k.exactPValue ? "exact distribution" : "normal approximation") << ")\n";
    return ExitOk;
}

}  // namespace

Command correlateCommand()
{
    return {QStringLiteral("correlate"), QStringLiteral("Pearson, Spearman and Kendall tau-b between two columns"), runCorrelate};
}

}  // namespace gauntlet::cli
