#include "engine/ato/word_frequency.h"
#include "engine/core/save_file.h"

#include "engine/ato/ato_error.h"
#include "engine/ato/model_pack.h"
#include "engine/judge/judge_error.h"

#include <QFile>

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace gauntlet::ato {

std::string withoutWordStartMarker(const std::string &piece)
{
    for (const char *marker : {"\xE2\x96\x81", "\xC4\xA0"}) {
        const std::string m(marker);
        if (piece.compare(0, m.size(), m) == 0)
            return piece.substr(m.size());
    }
    return piece;
}

WordFrequencies countWordFrequencies(const std::vector<std::string> &lines, const std::vector<std::string> &keep)
{
    std::unordered_map<std::string, std::int64_t> counts;
    std::int64_t total = 0;
    std::string word;
    const auto flush = [&] {
        if (!word.empty()) {
            ++counts[word];
            ++total;
            word.clear();
        }
    };
    for (const std::string &line : lines) {
        for (const char c : line) {
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
                word.push_back(char(c | 0x20));
            else
                flush();
        }
        flush();
    }
    const std::unordered_set<std::string> allowed(keep.begin(), keep.end());
    WordFrequencies out;
    out.totalWords = total;
    for (const auto &[w, n] : counts) {
        if (allowed.empty() || allowed.count(w))
            out.zipf[w] = std::log10(double(n) / double(total) * 1e9);
    }
    return out;
}

WordFrequencies readWordFrequencies(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw AtoError("cannot read the word frequency table " + path.toStdString() + ": " + f.errorString().toStdString());
    WordFrequencies out;
    int lineNo = 0;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        ++lineNo;
        if (lineNo == 1) {
            if (!line.startsWith("word\tcount\tzipf"))
                throw AtoError(path.toStdString() + ":1: expected the header word<TAB>count<TAB>zipf");
            continue;
        }
        if (line.isEmpty())
            continue;
        if (line.startsWith("# total_words ")) {
            out.totalWords = line.mid(14).toLongLong();
            continue;
        }
        const QList<QByteArray> fields = line.split('\t');
        bool ok = fields.size() == 3;
        const double zipf = ok ? fields[2].toDouble(&ok) : 0.0;
        if (!ok || fields[0].isEmpty())
            throw AtoError(path.toStdString() + ":" + std::to_string(lineNo) + ": expected word<TAB>count<TAB>zipf");
        out.zipf[fields[0].toStdString()] = zipf;
    }
    if (out.zipf.empty())
        throw AtoError("the word frequency table " + path.toStdString() + " holds no words");
    return out;
}

void writeWordFrequencies(const WordFrequencies &frequencies, const QString &path)
{
    std::vector<std::pair<std::string, double>> rows(frequencies.zipf.begin(), frequencies.zipf.end());
    std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
    QByteArray text = "word\tcount\tzipf\n# total_words " + QByteArray::number(qlonglong(frequencies.totalWords)) + "\n";
    for (const auto &[word, zipf] : rows) {
        const double count = std::round(std::pow(10.0, zipf) * double(frequencies.totalWords) / 1e9);
        text += QByteArray::fromStdString(word) + '\t' + QByteArray::number(qlonglong(count)) + '\t' + QByteArray::number(zipf, 'f', 4) + '\n';
    }
    if (const QString why = core::saveFile(path, text); !why.isEmpty())
        throw AtoError("cannot write the word frequency table " + path.toStdString() + ": " + why.toStdString());
}

WordBuckets splitByZipf(const text::Tokenizer &tokenizer, const std::vector<int> &wholeWords, const WordFrequencies &frequencies, double floor)
{
    std::vector<std::pair<double, int>> kept;  // (zipf, id)
    for (int id : wholeWords) {
        std::string piece = withoutWordStartMarker(tokenizer.pieceText(id));
        std::transform(piece.begin(), piece.end(), piece.begin(), [](char c) { return (c >= 'A' && c <= 'Z') ? char(c | 0x20) : c; });
        const auto it = frequencies.zipf.find(piece);
        if (it != frequencies.zipf.end() && it->second > floor)
            kept.push_back({it->second, id});
    }
    WordBuckets out;
    if (kept.empty())
        return out;
    std::vector<double> z;
    for (const auto &k : kept)
        z.push_back(k.first);
    std::sort(z.begin(), z.end());
    const size_t n = z.size();
    out.median = n % 2 ? z[n / 2] : 0.5 * (z[n / 2 - 1] + z[n / 2]);
    for (const auto &[zipf, id] : kept)
        (zipf >= out.median ? out.common : out.rare).push_back(id);
    std::sort(out.common.begin(), out.common.end());
    std::sort(out.rare.begin(), out.rare.end());
    return out;
}

std::shared_ptr<const judge::VocabularyGuard> loadVocabularyGuard(const std::string &path, double minZipf)
{
    const std::string table = path.empty() ? defaultModelPack().guardFrequencies.toStdString() : path;
    if (table.empty())
        throw AtoError("the vocabulary guard needs a present-day word frequency table (the default pack's present_day_frequencies.tsv "
                       "was not found)");
    std::shared_ptr<const judge::SpellingJudge> spelling;
    try {
        spelling = judge::SpellingJudge::english();
    } catch (const judge::JudgeError &e) {
        throw AtoError(std::string("the vocabulary guard needs Hunspell: ") + e.what());
    }
    try {
        return std::make_shared<const judge::VocabularyGuard>(readWordFrequencies(QString::fromStdString(table)).zipf, *spelling, minZipf);
    } catch (const judge::JudgeError &e) {
        throw AtoError(table + ": " + e.what());
    }
}

}  // namespace gauntlet::ato
