// `gauntlet agreement`: Krippendorff's alpha (absolute, or relative on per-rater z-scores) of a
// CSV/TSV file of (item, rater, score) rows.
#include "app/cli/commands.h"

#include "app/cli/delimited_table.h"
#include "engine/core/text_file.h"
#include "engine/metrics/krippendorff.h"

#include <nlohmann/json.hpp>

#include <QHash>
#include <QSet>

namespace gauntlet::cli {

namespace {

using namespace gauntlet::metrics;

/// The ratings of a file, and its distinct items and raters.
struct Ratings {
    std::vector<Rating> ratings;
    QSet<QString> items, raters;
};

/// The (item, rater, score) rows of the CSV/TSV file at `path`: columns by header name or number, a
/// header line recognised, empty scores left out, nominal labels numbered in order of appearance.
/// Throws InputFileError for a missing column, a short row, a score that is not a number (unless
/// nominal), or no ratings.
Ratings readRatings(const QString &path, const QString &itemColumn, const QString &raterColumn, const QString &scoreColumn,
                    MeasurementLevel level)
{
    Ratings out;
    const DelimitedTable table = readDelimitedTable(path);
    if (table.rows.isEmpty())
        throw core::InputFileError(path, 0, QStringLiteral("has no ratings"));
    const QStringList &first = table.rows.constFirst();
    const int columns = int(first.size());
    const int itemCol = columnIndex(first, itemColumn, columns);
    const int raterCol = columnIndex(first, raterColumn, columns);
    const int scoreCol = columnIndex(first, scoreColumn, columns);
    if (itemCol < 0 || raterCol < 0 || scoreCol < 0)
        throw core::InputFileError(path, table.lines.constFirst(), QStringLiteral("no such column (see --item-column, --rater-column, --score-column)"));
    // A header: the score column holds a word (for nominal data, one of the usual column names).
    double number;
    const QString firstScore = first.value(scoreCol).trimmed().toLower();
    static const QStringList headerNames{QStringLiteral("score"), QStringLiteral("value"), QStringLiteral("rating"),
                                         QStringLiteral("label"), QStringLiteral("category"), QStringLiteral("annotation")};
    const bool header = !firstScore.isEmpty() && !parseNumber(firstScore, number)
        && (level != MeasurementLevel::Nominal || headerNames.contains(firstScore));
    QHash<QString, double> labelCodes;  // nominal labels -> category numbers
    for (int r = header ? 1 : 0; r < table.rows.size(); ++r) {
        const QStringList &row = table.rows[r];
        const int line = table.lines[r];
        if (row.size() <= std::max({itemCol, raterCol, scoreCol}))
            throw core::InputFileError(path, line, QStringLiteral("expected at least %1 columns, found %2")
                                                 .arg(std::max({itemCol, raterCol, scoreCol}) + 1)
                                                 .arg(row.size()));
        const QString score = row[scoreCol].trimmed();
        if (score.isEmpty())
            continue;  // a missing value
        double value;
        if (!parseNumber(score, value)) {
            if (level != MeasurementLevel::Nominal)
                throw core::InputFileError(path, line, QStringLiteral("score '%1' is not a number").arg(score));
            value = labelCodes.value(score, double(labelCodes.size()));
            labelCodes.insert(score, value);
        }
        out.ratings.push_back({row[itemCol].toStdString(), row[raterCol].toStdString(), value});
        out.items.insert(row[itemCol]);
        out.raters.insert(row[raterCol]);
    }
    if (out.ratings.empty())
        throw core::InputFileError(path, 0, QStringLiteral("has no ratings (only a header, or every score empty)"));
    return out;
}

/// Prints alpha with its disagreements and counts: JSON with `json`, else two lines of text.
void printAlpha(Context &ctx, const AlphaResult &result, const Ratings &read, MeasurementLevel level, bool relative, bool sampleSd, bool json)
{
    const QString levelText = relative ? QStringLiteral("relative, interval on per-rater z-scores") : QLatin1String(measurementLevelName(level));
    if (json) {
        nlohmann::json j;
        j["alpha"] = result.alpha;
        j["level"] = measurementLevelName(level);
        j["relative"] = relative;
        if (relative)
            j["std_dev"] = sampleSd ? "sample" : "population";
        j["observed_disagreement"] = result.observedDisagreement;
        j["expected_disagreement"] = result.expectedDisagreement;
        j["pairable_values"] = result.pairableValues;
        j["pairable_items"] = result.pairableUnits;
        j["ratings"] = read.ratings.size();
        j["items"] = read.items.size();
        j["raters"] = read.raters.size();
        ctx.out << QString::fromStdString(j.dump(1)) << '\n';
        return;
    }
    ctx.out << "Krippendorff's alpha (" << levelText << ") = " << QString::fromStdString(formatFixed(result.alpha, 4)) << '\n'
            << "  " << result.pairableValues << " pairable values in " << result.pairableUnits << " of " << read.items.size()
            << " items, " << read.raters.size() << " raters; D_o = " << QString::number(result.observedDisagreement, 'g', 6)
            << ", D_e = " << QString::number(result.expectedDisagreement, 'g', 6) << '\n';
}

int runAgreement(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Krippendorff's alpha of ratings in a CSV or TSV file with one (item, rater, score) row per rating\n"
        "(columns 1-3 unless chosen; a header line is recognised). Empty scores are missing values; items\n"
        "with fewer than two scores are left out. Nominal scores may be labels instead of numbers."));
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The ratings file."));
    const QCommandLineOption levelOption(QStringLiteral("level"),
                                         QStringLiteral("nominal, ordinal, interval or ratio (default: interval)."),
                                         QStringLiteral("LEVEL"), QStringLiteral("interval"));
    const QCommandLineOption relativeOption(QStringLiteral("relative"),
                                            QStringLiteral("Relative alpha: interval alpha of per-rater z-scores."));
    const QCommandLineOption sampleOption(QStringLiteral("sample-sd"),
                                          QStringLiteral("With --relative: z-scores with the n-1 standard deviation."));
    const QCommandLineOption dropOption(QStringLiteral("drop-constant-raters"),
                                        QStringLiteral("With --relative: leave out raters whose scores never vary."));
    const QCommandLineOption itemOption(QStringLiteral("item-column"), QStringLiteral("Item column: header name or number (default: 1)."),
                                        QStringLiteral("COL"), QStringLiteral("1"));
    const QCommandLineOption raterOption(QStringLiteral("rater-column"), QStringLiteral("Rater column (default: 2)."),
                                         QStringLiteral("COL"), QStringLiteral("2"));
    const QCommandLineOption scoreOption(QStringLiteral("score-column"), QStringLiteral("Score column (default: 3)."),
                                         QStringLiteral("COL"), QStringLiteral("3"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
    parser.addOptions({levelOption, relativeOption, sampleOption, dropOption, itemOption, raterOption, scoreOption, jsonOption});
    parseArguments(parser, args, ctx);
    const QString name = args.value(0);
    auto usage = [&](const QString &why) {
        ctx.err << name << ": " << why << '\n';
        return int(ExitUsage);
    };
    if (parser.positionalArguments().size() != 1)
        return usage(QStringLiteral("expected exactly one FILE (see --help)"));
    MeasurementLevel level;
    try {
        level = measurementLevelFromString(parser.value(levelOption).toStdString());
    } catch (const MetricsError &e) {
        return usage(QString::fromStdString(e.what()));
    }
    const bool relative = parser.isSet(relativeOption);
    if (relative && level != MeasurementLevel::Interval)
        return usage(QStringLiteral("--relative is interval alpha on z-scores; it takes no other --level"));

    const QString path = parser.positionalArguments().constFirst();
    const Ratings read = readRatings(path, parser.value(itemOption), parser.value(raterOption), parser.value(scoreOption), level);
    const std::vector<Rating> &ratings = read.ratings;

    AlphaResult result;
    try {
        if (relative) {
            RelativeAlphaOptions options;
            options.stdDev = parser.isSet(sampleOption) ? StdDev::Sample : StdDev::Population;
            options.dropConstantCoders = parser.isSet(dropOption);
            result = relativeAlpha(ratings, options);
        } else {
            result = krippendorffAlpha(ratings, level);
        }
    } catch (const MetricsError &e) {
        ctx.err << name << ": " << path << ": " << e.what() << '\n';
        return ExitFailure;
    }
    printAlpha(ctx, result, read, level, relative, parser.isSet(sampleOption), parser.isSet(jsonOption));
    return ExitOk;
}

}  // namespace

Command agreementCommand()
{
    return {QStringLiteral("agreement"), QStringLiteral("Krippendorff's alpha of (item, rater, score) ratings"), runAgreement};
}

}  // namespace gauntlet::cli
