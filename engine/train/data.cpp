#include "engine/train/data.h"

#include "engine/train/text_file.h"
#include "engine/train/train_error.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>

namespace gauntlet::train {

namespace {

std::string where(const QString &path, int line)
{
    return "\"" + path.toStdString() + "\" line " + std::to_string(line);
}

/// Lines of a UTF-8 text file without their line ends; throws TrainError if unreadable.
std::vector<std::string> fileLines(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw TrainError("cannot read \"" + path.toStdString() + "\": " + file.errorString().toStdString());
    std::vector<std::string> lines;
    while (!file.atEnd()) {
        QByteArray line = file.readLine();
        while (line.endsWith('\n') || line.endsWith('\r'))
            line.chop(1);
        lines.push_back(line.toStdString());
    }
    return lines;
}

std::vector<std::string> splitTabs(const std::string &line)
{
    std::vector<std::string> fields;
    size_t start = 0;
    while (true) {
        const size_t tab = line.find('\t', start);
        fields.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
        if (tab == std::string::npos)
            break;
        start = tab + 1;
    }
    return fields;
}

double parseNumber(const std::string &text, const QString &path, int line)
{
    bool ok = false;
    const double v = QString::fromStdString(text).toDouble(&ok);
    if (!ok || !std::isfinite(v))
        throw TrainError(where(path, line) + ": \"" + text + "\" is not a number");
    return v;
}

/// Column index of `name` in a header row; throws TrainError naming the file.
size_t column(const std::vector<std::string> &header, const std::string &name, const QString &path)
{
    for (size_t i = 0; i < header.size(); ++i)
        if (header[i] == name || header[i].rfind(name + "(", 0) == 0)
            return i;
    throw TrainError("\"" + path.toStdString() + "\": no column \"" + name + "\" in the header");
}

/// Reads the tab-separated file at `path`, a header row first: finds the columns `names` (in that
/// order) and calls `onRow(fields, columns, line)` for every non-empty row after the header, with
/// its fields, the columns' indices in `names` order and its 1-based line number. Throws TrainError
/// naming the file when it is empty or lacks a column, and naming the line when a row has too few
/// fields for the columns.
template<typename OnRow>
void forEachTsvRow(const QString &path, const std::vector<std::string> &names, OnRow onRow)
{
    const auto lines = fileLines(path);
    if (lines.empty())
        throw TrainError("\"" + path.toStdString() + "\" is empty");
    const auto header = splitTabs(lines[0]);
    std::vector<size_t> columns;
    for (const std::string &name : names)
        columns.push_back(column(header, name, path));
    const size_t need = *std::max_element(columns.begin(), columns.end()) + 1;
    for (size_t i = 1; i < lines.size(); ++i) {
        if (lines[i].empty())
            continue;
        const auto f = splitTabs(lines[i]);
        if (f.size() < need)
            throw TrainError(where(path, int(i) + 1) + ": " + std::to_string(f.size()) + " fields, expected "
                             + std::to_string(need));
        onRow(f, columns, int(i) + 1);
    }
}

}  // namespace

std::vector<DifficultyExample> readDifficultyData(const QString &judgmentsDir)
{
    std::vector<DifficultyExample> out;
    const QDir dir(judgmentsDir);

    const QString mqmPath = dir.filePath(QStringLiteral("google-mqm-ende/mqm_ende_src_mean.tsv"));
    forEachTsvRow(mqmPath, {"dataset", "seg_id", "doc", "mean_mqm_over_systems", "src"},
                  [&](const std::vector<std::string> &f, const std::vector<size_t> &c, int line) {
                      DifficultyExample e;
                      e.dataset = "mqm-" + f[c[0]];
                      e.segment = f[c[1]];
                      e.text = f[c[4]];
                      e.score = parseNumber(f[c[3]], mqmPath, line);
                      std::string doc = f[c[2]];
                      if (doc.empty()) {
                          bool ok = false;
                          const int seg = QString::fromStdString(e.segment).toInt(&ok);
                          if (!ok || seg < 1)
                              throw TrainError(where(mqmPath, line) + ": no document id and seg_id \"" + e.segment
                                               + "\" is not a positive number");
                          doc = "block" + std::to_string((seg - 1) / kPseudoDocumentSegments);
                      }
                      e.document = e.dataset + "/" + doc;
                      if (!e.text.empty())
                          out.push_back(std::move(e));
                  });

    const QString esaPath = dir.filePath(QStringLiteral("wmt24-esa/wmt24_esa_src_mean_pooled.tsv"));
    forEachTsvRow(esaPath, {"line_id", "doc_id", "mean_esa", "src"},
                  [&](const std::vector<std::string> &f, const std::vector<size_t> &c, int line) {
                      DifficultyExample e;
                      e.dataset = "esa-wmt24";
                      e.segment = f[c[0]];
                      e.document = e.dataset + "/" + f[c[1]];
                      e.text = f[c[3]];
                      e.score = parseNumber(f[c[2]], esaPath, line);
                      if (!e.text.empty())
                          out.push_back(std::move(e));
                  });

    // z-normalise per dataset (population standard deviation).
    std::map<std::string, std::pair<double, double>> sums;  // sum, sum of squares
    std::map<std::string, int64_t> counts;
    for (const auto &e : out) {
        sums[e.dataset].first += e.score;
        counts[e.dataset] += 1;
    }
    std::map<std::string, double> means;
    for (const auto &[name, s] : sums)
        means[name] = s.first / double(counts[name]);
    std::map<std::string, double> vars;
    for (const auto &e : out)
        vars[e.dataset] += (e.score - means[e.dataset]) * (e.score - means[e.dataset]);
    for (auto &e : out) {
        const double sd = std::sqrt(vars[e.dataset] / double(counts[e.dataset]));
        e.target = sd > 0 ? (e.score - means[e.dataset]) / sd : 0.0;
    }
    return out;
}

std::vector<Split> splitByDocument(const std::vector<DifficultyExample> &examples, double devFraction, double testFraction,
                                   uint64_t seed)
{
    if (!(devFraction >= 0 && devFraction < 1) || !(testFraction >= 0 && testFraction < 1) || devFraction + testFraction >= 1)
        throw TrainError("dev and test fractions must lie in [0, 1) and sum to less than 1 (got "
                         + std::to_string(devFraction) + " and " + std::to_string(testFraction) + ")");
    std::map<std::string, int64_t> sizes;
    for (const auto &e : examples)
        sizes[e.document] += 1;
    std::vector<std::string> docs;
    for (const auto &[d, n] : sizes)
        docs.push_back(d);
    std::mt19937_64 rng(seed);
    std::shuffle(docs.begin(), docs.end(), rng);
    const double total = double(examples.size());
    std::map<std::string, Split> assign;
    int64_t inTest = 0, inDev = 0;
    for (const auto &d : docs) {
        if (double(inTest) < testFraction * total) {
            assign[d] = Split::Test;
            inTest += sizes[d];
        } else if (double(inDev) < devFraction * total) {
            assign[d] = Split::Dev;
            inDev += sizes[d];
        } else {
            assign[d] = Split::Train;
        }
    }
    std::vector<Split> out;
    out.reserve(examples.size());
    for (const auto &e : examples)
        out.push_back(assign[e.document]);
    return out;
}

std::vector<ColaExample> readCola(const QString &path)
{
    const auto lines = fileLines(path);
    std::vector<ColaExample> out;
    for (size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].empty())
            continue;
        const auto f = splitTabs(lines[i]);
        if (f.size() != 4)
            throw TrainError(where(path, int(i) + 1) + ": " + std::to_string(f.size()) + " tab-separated fields, expected 4");
        if (f[1] != "0" && f[1] != "1")
            throw TrainError(where(path, int(i) + 1) + ": label \"" + f[1] + "\" is neither 0 nor 1");
        out.push_back({f[0], f[1] == "1" ? 1 : 0, f[3]});
    }
    return out;
}

std::vector<EnglishSource> listEnglishSources(const QString &englishDir)
{
    const QString summaryPath = QDir(englishDir).filePath(QStringLiteral("summary.json"));
    const nlohmann::json summary = readJsonFile(summaryPath);
    if (!summary.is_array())
        throw TrainError("\"" + summaryPath.toStdString() + "\" is not a JSON array of sources");
    std::vector<EnglishSource> out;
    for (const auto &entry : summary) {
        if (!entry.is_object() || !entry.contains("output") || !entry["output"].is_string())
            throw TrainError("\"" + summaryPath.toStdString() + "\": an entry without \"output\"");
        // Entries of the optional overflow folder (dir "english-extra", absent from the snapshot) are skipped.
        if (entry.value("dir", std::string("english")) != "english")
            continue;
        const QString output = QString::fromStdString(entry["output"].get<std::string>());
        EnglishSource s;
        s.name = QFileInfo(output).completeBaseName().toStdString();
        s.path = QDir(englishDir).filePath(output);
        s.licence = entry.value("licence", std::string());
        s.lines = entry.value("lines", int64_t(0));
        out.push_back(std::move(s));
    }
    std::sort(out.begin(), out.end(), [](const EnglishSource &a, const EnglishSource &b) { return a.name < b.name; });
    return out;
}

std::vector<std::string> readLines(const QString &path)
{
    auto lines = fileLines(path);
    lines.erase(std::remove_if(lines.begin(), lines.end(), [](const std::string &l) { return l.empty(); }), lines.end());
    return lines;
}

EnglishCorpus readEnglishCorpus(const QString &englishDir, int64_t maxLinesPerSource, double heldOutFraction, uint64_t seed,
                                const std::vector<std::string> &excludeSources)
{
    if (!(heldOutFraction >= 0 && heldOutFraction < 1))
        throw TrainError("held-out fraction must lie in [0, 1), got " + std::to_string(heldOutFraction));
    const std::vector<EnglishSource> sources = listEnglishSources(englishDir);
    for (const std::string &name : excludeSources) {
        if (std::none_of(sources.begin(), sources.end(), [&](const EnglishSource &s) { return s.name == name; }))
            throw TrainError("no English source named '" + name + "' to leave out (see " + englishDir.toStdString() + "/summary.json)");
    }
    EnglishCorpus corpus;
    for (const auto &source : sources) {
        if (std::find(excludeSources.begin(), excludeSources.end(), source.name) != excludeSources.end())
            continue;
        const auto lines = readLines(source.path);
        const int64_t n = int64_t(lines.size());
        const int64_t take = maxLinesPerSource > 0 ? std::min(n, maxLinesPerSource) : n;
        for (int64_t k = 0; k < take; ++k) {
            const std::string &line = lines[size_t(take == n ? k : k * n / take)];
            // FNV-1a of the text, mixed with the seed: the same text always lands on the same side.
            uint64_t h = 1469598103934665603ULL ^ (seed * 0x9E3779B97F4A7C15ULL);
            for (unsigned char c : line) {
                h ^= c;
                h *= 1099511628211ULL;
            }
            const double u = double(h >> 11) / double(1ULL << 53);
            (u < heldOutFraction ? corpus.heldOut : corpus.train).push_back(line);
        }
    }
    return corpus;
}

double meanOf(const std::vector<double> &values)
{
    double s = 0;
    for (double v : values)
        s += v;
    return values.empty() ? 0.0 : s / double(values.size());
}

}  // namespace gauntlet::train
