// Tokenizer speed and memory (issue 3): tokens per second of each tokenizer over all shared seed
// sentences (with spm_encode on the same sentences as the outside reference), and the peak memory of
// loading a 250,000-piece SentencePiece vocabulary (a synthetic .model written here: the pieces of
// the 4,000-piece test model, then "▁word" pieces from the shared word list and suffix pieces, with
// the test model's nmt_nfkc normalizer spec), measured in a child process through VmHWM.
//
// Run after the tests have cached their models (build/test-data/text):
//   build/bench/text/bench_text
#include "engine/text/tokenizer.h"
#include "engine/text/unigram_tokenizer.h"
#include "engine/text/vocabularies.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

using namespace gauntlet::text;

namespace {

QString shared(const QString &rel) { return QDir(QStringLiteral(GAUNTLET_SHARED_DIR "/data")).filePath(rel); }
QString cached(const QString &rel) { return QDir(QStringLiteral(GAUNTLET_BINARY_DIR "/test-data/text")).filePath(rel); }

std::vector<std::string> lines(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    std::vector<std::string> out;
    for (const QByteArray &l : f.readAll().split('\n'))
        out.push_back(l.toStdString());
    if (!out.empty() && out.back().empty())
        out.pop_back();
    return out;
}

std::vector<std::string> seedSentences()
{
    std::vector<std::string> out;
    for (const char *f : {"seeds/flores200/eng_Latn.devtest", "seeds/wmt22-general/generaltest2022.en-xx.src.en",
                          "seeds/wmt23-general/generaltest2023.en-cs.src.en",
                          "seeds/wmt23-general/generaltest2023.en-de.src.en", "seeds/wmt24-general/en-xx.txt"})
        for (auto &l : lines(shared(QString::fromLatin1(f))))
            out.push_back(std::move(l));
    const auto tsv = lines(shared(QStringLiteral("seeds/seeds_en_10-20w.tsv")));
    for (std::size_t i = 1; i < tsv.size(); ++i)
        out.push_back(tsv[i].substr(tsv[i].rfind('\t') + 1));
    return out;
}

long vmHwmKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &l : f.readAll().split('\n')) {
        if (l.startsWith("VmHWM:"))
            return l.mid(6).trimmed().split(' ').first().toLong();
    }
    return -1;
}

// --- a tiny protobuf writer for the synthetic model -----------------------------------------------
void varint(std::string &out, std::uint64_t v)
{
    while (v >= 0x80) {
        out += char(v | 0x80);
        v >>= 7;
    }
    out += char(v);
}
void bytesField(std::string &out, int field, const std::string &bytes)
{
    varint(out, std::uint64_t(field) << 3 | 2);
    varint(out, bytes.size());
    out += bytes;
}

/// A 250,000-piece Unigram model: the test model's pieces (ids 0..3999 with their scores and types),
/// then "▁" + word and word-suffix pieces with decreasing scores; the test model's trainer and
/// normalizer specs are copied as they are.
std::string syntheticModel(const UnigramTokenizer &base, const QByteArray &baseFile, int size)
{
    std::string out;
    std::vector<std::string> seen;
    auto addPiece = [&](const std::string &piece, float score, int type) {
        std::string sp;
        bytesField(sp, 1, piece);
        varint(sp, 2 << 3 | 5);
        std::uint32_t bits;
        std::memcpy(&bits, &score, 4);
        for (int i = 0; i < 4; ++i)
            sp += char((bits >> (8 * i)) & 0xFF);
        varint(sp, 3 << 3 | 0);
        varint(sp, std::uint64_t(type));
        bytesField(out, 1, sp);
    };
    std::set<std::string> used;
    for (const auto &p : base.pieces()) {
        addPiece(p.piece, p.score, int(p.type));
        used.insert(p.piece);
    }
    QFile zipList(shared(QStringLiteral("wordlist/words_alpha.zip")));
    const std::vector<std::string> words = readWordList(zipList.fileName());
    float score = -12.0f;
    std::size_t w = 0;
    while (int(used.size()) < size && w < words.size() * 3) {
        const std::string &word = words[w % words.size()];
        std::string piece;
        if (w < words.size())
            piece = "\xe2\x96\x81" + word;
        else if (w < 2 * words.size())
            piece = word.substr(word.size() / 2);
        else
            piece = word;
        ++w;
        if (piece.empty() || !used.insert(piece).second)
            continue;
        addPiece(piece, score, 1);
        score -= 1e-5f;
    }
    // Copy fields 2 (trainer_spec) and 3 (normalizer_spec) of the base file: skip its pieces.
    std::size_t pos = 0;
    const std::string file = baseFile.toStdString();
    while (pos < file.size()) {
        std::uint64_t key = 0, len = 0;
        int shift = 0;
        for (;; shift += 7) {
            const auto b = static_cast<unsigned char>(file[pos++]);
            key |= std::uint64_t(b & 0x7F) << shift;
            if (!(b & 0x80))
                break;
        }
        const std::size_t keyStart = pos;
        shift = 0;
        for (;; shift += 7) {
            const auto b = static_cast<unsigned char>(file[pos++]);
            len |= std::uint64_t(b & 0x7F) << shift;
            if (!(b & 0x80))
                break;
        }
        if ((key >> 3) == 2 || (key >> 3) == 3)
            bytesField(out, int(key >> 3), file.substr(pos, len));
        (void)keyStart;
        pos += len;
    }
    return out;
}

int loadOnly(const QString &path)
{
    const long before = vmHwmKiB();
    QElapsedTimer t;
    t.start();
    long pieces = 0;
    if (!path.isEmpty())
        pieces = loadTokenizer(path)->vocabSize();
    std::printf("%ld %ld %lld\n", before, vmHwmKiB(), (long long)t.elapsed());
    std::fprintf(stderr, "loaded %ld pieces\n", pieces);
    return 0;
}

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 2 && args[1] == QLatin1String("--load-only"))
        return loadOnly(args.size() > 2 ? args[2] : QString());

    const auto seeds = seedSentences();
    std::size_t bytes = 0;
    for (const auto &s : seeds)
        bytes += s.size();
    std::printf("Seed sentences: %zu (%zu bytes)\n\n", seeds.size(), bytes);

    struct Case {
        const char *name;
        QString path;
        LoadOptions options;
    };
    const std::vector<Case> cases = {
        {"SentencePiece Unigram 4k (nmt_nfkc, XLM-R ids)", cached(QStringLiteral("xlmr-style-unigram-4000.model")), {true}},
        {"SentencePiece Unigram 3k (identity, byte fallback)", cached(QStringLiteral("identity-bytefallback-unigram-3000.model")), {}},
        {"GPT-2 byte-level BPE (encoder.json + vocab.bpe)", shared(QStringLiteral("vectors/tokenizers/gpt2-bpe")), {}},
        {"Qwen byte-level BPE (tokenizer.json, 151,669 ids)", cached(QStringLiteral("qwen3/package/models/tokenizer.json")), {}},
    };
    std::printf("%-52s %10s %12s %14s\n", "tokenizer", "load ms", "tokens", "tokens/s");
    double spmRate = 0;
    for (const Case &c : cases) {
        if (!QFileInfo::exists(c.path)) {
            std::printf("%-52s missing %s (run the tests first)\n", c.name, qPrintable(c.path));
            continue;
        }
        QElapsedTimer t;
        t.start();
        const auto tok = loadTokenizer(c.path, c.options);
        const qint64 loadMs = t.elapsed();
        std::size_t tokens = 0;
        int rounds = 0;
        t.restart();
        do {
            for (const auto &s : seeds)
                tokens += tok->encode(s).size();
            ++rounds;
        } while (t.elapsed() < 2000);
        const double rate = double(tokens) / (double(t.nsecsElapsed()) / 1e9);
        std::printf("%-52s %10lld %12zu %14.0f\n", c.name, (long long)loadMs, tokens / std::size_t(rounds), rate);
        if (spmRate == 0)
            spmRate = rate;
    }

    // spm_encode on the same sentences (10 copies, so its model loading is amortised).
    QTemporaryDir tmp;
    const QString model = cached(QStringLiteral("xlmr-style-unigram-4000.model"));
    if (QFileInfo::exists(model)) {
        QFile f(tmp.filePath(QStringLiteral("seeds.txt")));
        if (f.open(QIODevice::WriteOnly)) {
            for (int r = 0; r < 10; ++r)
                for (const auto &s : seeds)
                    f.write(QByteArray::fromStdString(s) + '\n');
            f.close();
            QProcess p;
            QElapsedTimer t;
            t.start();
            p.start(QStringLiteral("spm_encode"), {QStringLiteral("--model=") + model, QStringLiteral("--output_format=id"),
                                                    QStringLiteral("--input=") + f.fileName()});
            p.waitForFinished(600000);
            const double secs = double(t.nsecsElapsed()) / 1e9;
            std::size_t tokens = 0;
            for (const char c : p.readAllStandardOutput())
                tokens += c == ' ' || c == '\n';
            tokens -= 0;  // one separator per token: spaces between ids plus the line end (empty lines add 1)
            const double rate = double(tokens) / secs;
            std::printf("%-52s %10s %12zu %14.0f   (ours / spm_encode = %.2f)\n", "spm_encode, same 4k model (process)", "-",
                        tokens / 10, rate, spmRate / rate);
        }
    }

    // Peak memory of loading a 250,000-piece vocabulary, each in a fresh child process.
    if (QFileInfo::exists(model)) {
        QFile base(model);
        base.open(QIODevice::ReadOnly);
        const QByteArray baseBytes = base.readAll();
        const auto baseTok = UnigramTokenizer::fromModelFile(model);
        const std::string big = syntheticModel(*baseTok, baseBytes, 250000);
        const QString bigPath = tmp.filePath(QStringLiteral("synthetic-250k.model"));
        QFile out(bigPath);
        out.open(QIODevice::WriteOnly);
        out.write(big.data(), qint64(big.size()));
        out.close();
        auto child = [&](const QString &path) {
            QProcess p;
            p.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--load-only"), path});
            p.waitForFinished(600000);
            const QList<QByteArray> v = p.readAllStandardOutput().trimmed().split(' ');
            return v.size() == 3 ? std::vector<long>{v[0].toLong(), v[1].toLong(), v[2].toLong()} : std::vector<long>{-1, -1, -1};
        };
        const auto empty = child(QString());
        const auto loaded = child(bigPath);
        std::printf("\nSynthetic 250,000-piece .model (%.1f MB): load %ld ms, peak RSS %ld MiB (process without a "
                    "tokenizer: %ld MiB; difference %ld MiB)\n",
                    double(big.size()) / 1e6, loaded[2], loaded[1] / 1024, empty[1] / 1024, (loaded[1] - empty[1]) / 1024);
        // spm_encode accepts the synthetic model: it is a valid ModelProto.
        QProcess check;
        check.start(QStringLiteral("spm_encode"), {QStringLiteral("--model=") + bigPath});
        check.write("Hello world\n");
        check.closeWriteChannel();
        check.waitForFinished(120000);
        const std::string theirs = check.readAllStandardOutput().trimmed().toStdString();
        std::string ours;
        for (const auto &p : loadTokenizer(bigPath)->encodeToPieces("Hello world"))
            ours += (ours.empty() ? "" : " ") + p;
        std::printf("spm_encode on the synthetic model: \"%s\" (ours: \"%s\")\n", theirs.c_str(), ours.c_str());
        // All seed sentences through spm_encode and through us with the 250k model: mismatching lines.
        {
            QFile seedsFile(tmp.filePath(QStringLiteral("seeds1.txt")));
            seedsFile.open(QIODevice::WriteOnly);
            for (const auto &s : seeds)
                seedsFile.write(QByteArray::fromStdString(s) + '\n');
            seedsFile.close();
            QProcess p;
            p.start(QStringLiteral("spm_encode"), {QStringLiteral("--model=") + bigPath, QStringLiteral("--output_format=id"),
                                                    QStringLiteral("--input=") + seedsFile.fileName()});
            p.waitForFinished(600000);
            const QList<QByteArray> expected = p.readAllStandardOutput().split('\n');
            const auto bigTok = loadTokenizer(bigPath);
            int mismatches = 0;
            for (std::size_t i = 0; i < seeds.size(); ++i) {
                QByteArray ours;
                for (const int id : bigTok->encode(seeds[i]))
                    ours += (ours.isEmpty() ? "" : " ") + QByteArray::number(id);
                mismatches += qsizetype(i) >= expected.size() || expected[qsizetype(i)] != ours;
            }
            std::printf("synthetic model has %d pieces; seed sentences differing from spm_encode: %d of %zu\n",
                        bigTok->vocabSize(), mismatches, seeds.size());
        }
        const auto qwen = cached(QStringLiteral("qwen3/package/models/tokenizer.json"));
        if (QFileInfo::exists(qwen)) {
            const auto q = child(qwen);
            std::printf("Qwen tokenizer.json (151,669 ids): load %ld ms, peak RSS %ld MiB (difference %ld MiB)\n", q[2],
                        q[1] / 1024, (q[1] - empty[1]) / 1024);
        }
    }
    return 0;
}
