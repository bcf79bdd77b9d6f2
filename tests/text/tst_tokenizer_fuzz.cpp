// Seeded fuzzing of the tokenizer loaders and encoders: truncated and corrupted .model files,
// tokenizer.json documents (byte damage and type/shape damage), encoder.json + vocab.bpe pairs,
// and random bytes / invalid UTF-8 as encode input. Every damaged file must end in a
// TokenizerError that names the file (or load into a tokenizer that then encodes without crashing);
// nothing may crash or throw anything else. Run under AddressSanitizer with -DGAUNTLET_SANITIZE=ON.
#include "engine/text/byte_level_bpe.h"
#include "engine/text/sentencepiece_bpe.h"
#include "engine/text/tokenizer.h"
#include "engine/text/tokenizer_json.h"
#include "engine/text/unigram_tokenizer.h"

#include "tokenizer_test_support.h"

#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <random>

using namespace gauntlet::text;
using namespace tokenizer_test;

namespace {

std::string randomBytes(std::mt19937 &rng, std::size_t maxLen)
{
    std::uniform_int_distribution<std::size_t> len(0, maxLen);
    std::uniform_int_distribution<int> byte(0, 255);
    std::string s(len(rng), '\0');
    for (char &c : s)
        c = char(byte(rng));
    return s;
}

/// Truncation, byte flips, random insertions or deletions, chosen by the generator.
std::string corrupt(const std::string &original, std::mt19937 &rng)
{
    std::string s = original;
    std::uniform_int_distribution<int> kind(0, 3);
    std::uniform_int_distribution<std::size_t> pos(0, s.empty() ? 0 : s.size() - 1);
    std::uniform_int_distribution<int> byte(0, 255);
    std::uniform_int_distribution<int> count(1, 16);
    switch (kind(rng)) {
    case 0: s.resize(pos(rng)); break;  // truncated
    case 1:
        for (int i = count(rng); i > 0 && !s.empty(); --i)
            s[pos(rng)] = char(byte(rng));
        break;
    case 2:
        for (int i = count(rng); i > 0; --i)
            s.insert(s.begin() + std::ptrdiff_t(std::min(pos(rng), s.size())), char(byte(rng)));
        break;
    default: {
        const std::size_t at = pos(rng);
        s.erase(at, std::min<std::size_t>(std::size_t(count(rng)) * 8, s.size() - at));
    }
    }
    return s;
}

/// Replaces one randomly chosen value somewhere in the document by a value of another shape.
void damageJson(nlohmann::json &doc, std::mt19937 &rng)
{
    nlohmann::json *node = &doc;
    std::uniform_int_distribution<int> depth(0, 4);
    for (int d = depth(rng); d > 0; --d) {
        if (node->is_object() && !node->empty()) {
            std::uniform_int_distribution<std::size_t> pick(0, node->size() - 1);
            auto it = node->begin();
            std::advance(it, std::ptrdiff_t(pick(rng)));
            node = &it.value();
        } else if (node->is_array() && !node->empty()) {
            std::uniform_int_distribution<std::size_t> pick(0, std::min<std::size_t>(node->size() - 1, 400));
            node = &(*node)[pick(rng)];
        } else {
            break;
        }
    }
    static const nlohmann::json replacements[] = {nullptr, -1, 4294967296LL, 1e308, "", "\xff\xfe", true,
                                                  nlohmann::json::array(), nlohmann::json::object(),
                                                  nlohmann::json::array({1, 2, 3}), 99999999};
    std::uniform_int_distribution<std::size_t> r(0, std::size(replacements) - 1);
    *node = replacements[r(rng)];
}

/// The loader of `model` ("Unigram", "BPE" or "SentencePiece BPE") on tokenizer.json text.
std::shared_ptr<const Tokenizer> fromJson(const QString &model, const std::string &text, const std::string &where)
{
    if (model == QLatin1String("BPE"))
        return ByteLevelBpeTokenizer::fromTokenizerJson(text, where);
    if (model == QLatin1String("SentencePiece BPE"))
        return SentencePieceBpeTokenizer::fromJsonDocument(parseTokenizerJson(text, where), where);
    return UnigramTokenizer::fromTokenizerJson(text, where);
}

struct Outcome {
    int loaded = 0;
    int rejected = 0;
};

/// Runs `load` and, if it gives a tokenizer, encodes and decodes a few strings with it.
template<typename Load>
void tryCase(Load load, const std::string &where, std::mt19937 &rng, Outcome *outcome)
{
    std::shared_ptr<const Tokenizer> tok;
    try {
        tok = load();
    } catch (const TokenizerError &e) {
        ++outcome->rejected;
        if (std::string(e.what()).find(where) == std::string::npos)
            QFAIL(qPrintable(QStringLiteral("error does not name the input: ") + QString::fromUtf8(e.what())));
        return;
    } catch (const std::exception &e) {
        QFAIL(qPrintable(QStringLiteral("not a TokenizerError: ") + QString::fromUtf8(e.what())));
    }
    ++outcome->loaded;
    for (const std::string &s : {std::string("Hello world, 1314151 天～ 😁"), randomBytes(rng, 40)}) {
        const auto ids = tok->encode(s);
        for (const int id : ids)
            QVERIFY(id >= 0 && id < tok->vocabSize());
        (void)tok->decode(ids);
    }
}

}  // namespace

class TestTokenizerFuzz : public QObject {
    Q_OBJECT

private:
    QString m_nmtModel;
    QString m_identityModel;

private Q_SLOTS:
    void initTestCase()
    {
        if (!haveTool("spm_train"))
            QSKIP("spm_train not installed (Debian package sentencepiece)");
        // The same cached models as tst_sentencepiece.
        m_nmtModel = xlmrStyleModel();
        m_identityModel = trainedModel(
            QStringLiteral("identity-bytefallback-unigram-3000"),
            {QStringLiteral("--vocab_size=3000"), QStringLiteral("--normalization_rule_name=identity"),
             QStringLiteral("--byte_fallback=true"), QStringLiteral("--user_defined_symbols=<sep>,World,2023")});
    }

    void damagedModelFile_throwsTokenizerError_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<int>("cases");
        QTest::newRow("nmt_nfkc") << QStringLiteral("nmt") << 1500;
        QTest::newRow("identity+byte_fallback") << QStringLiteral("identity") << 500;
    }

    void damagedModelFile_throwsTokenizerError()
    {
        QFETCH(QString, variant);
        QFETCH(int, cases);
        const QByteArray original = readFile(variant == QLatin1String("nmt") ? m_nmtModel : m_identityModel);
        std::mt19937 rng(20240601u + unsigned(cases));
        Outcome outcome;
        for (int i = 0; i < cases; ++i) {
            const std::string bytes = corrupt(original.toStdString(), rng);
            const std::string where = "fuzz-model-" + std::to_string(i);
            const IdLayout layout = i % 2 ? IdLayout::XlmR : IdLayout::Native;
            tryCase([&] { return UnigramTokenizer::fromModelProto(bytes, where, layout); }, where, rng, &outcome);
            if (QTest::currentTestFailed())
                return;
        }
        qInfo("%d damaged .model files: %d rejected with TokenizerError, %d still loadable (damage in scores or text)",
              cases, outcome.rejected, outcome.loaded);
        QVERIFY(outcome.rejected > cases / 4);
    }

    void damagedTokenizerJson_throwsTokenizerError_data()
    {
        QTest::addColumn<QString>("model");
        QTest::newRow("Unigram") << QStringLiteral("Unigram");
        QTest::newRow("BPE") << QStringLiteral("BPE");
        QTest::newRow("SentencePiece BPE") << QStringLiteral("SentencePiece BPE");
    }

    void damagedTokenizerJson_throwsTokenizerError()
    {
        QFETCH(QString, model);
        // A small valid document of each kind, built from the reference vocabularies.
        nlohmann::json doc;
        if (model == QLatin1String("Unigram")) {
            const auto spm = UnigramTokenizer::fromModelFile(m_nmtModel);
            nlohmann::json vocab = nlohmann::json::array();
            for (const auto &p : spm->pieces())
                vocab.push_back({p.piece, p.score});
            doc["model"] = {{"type", "Unigram"}, {"unk_id", 0}, {"vocab", vocab}};
            doc["added_tokens"] = nlohmann::json::array({{{"id", 1}, {"content", "<s>"}, {"special", true}}});
            // A tiny charsmap: trie size 4 (one unit) and one replacement string.
            const QByteArray charsmap("\x04\x00\x00\x00\x00\x04\x00\x00" "a\0", 10);
            doc["normalizer"] = {{"type", "Precompiled"}, {"precompiled_charsmap", charsmap.toBase64().toStdString()}};
            doc["pre_tokenizer"] = {{"type", "Metaspace"}, {"replacement", "\xe2\x96\x81"}, {"add_prefix_space", true}};
        } else if (model == QLatin1String("SentencePiece BPE")) {
            // Llama 2's layout (transformers' LlamaConverter): specials, 256 byte pieces, merges.
            nlohmann::json vocab = {{"<unk>", 0}, {"<s>", 1}, {"</s>", 2}};
            for (int b = 0; b < 256; ++b)
                vocab[QStringLiteral("<0x%1>").arg(b, 2, 16, QLatin1Char('0')).toUpper().replace("<0X", "<0x").toStdString()] = 3 + b;
            int next = 259;
            for (const char *p : {"\xe2\x96\x81", "t", "h", "e", "a", "\xe2\x96\x81t", "he", "\xe2\x96\x81the", "\xe2\x96\x81" "a"})
                vocab[p] = next++;
            nlohmann::json merges = nlohmann::json::array();
            for (const auto &[a, b] : std::vector<std::pair<std::string, std::string>>{
                     {"\xe2\x96\x81", "t"}, {"h", "e"}, {"\xe2\x96\x81t", "he"}, {"\xe2\x96\x81", "a"}})
                merges.push_back(nlohmann::json::array({a, b}));
            doc["model"] = {{"type", "BPE"}, {"unk_token", "<unk>"}, {"byte_fallback", true}, {"vocab", vocab}, {"merges", merges}};
            doc["normalizer"] = {{"type", "Sequence"},
                                 {"normalizers",
                                  {{{"type", "Prepend"}, {"prepend", "\xe2\x96\x81"}},
                                   {{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", "\xe2\x96\x81"}}}}};
            doc["post_processor"] = {{"type", "TemplateProcessing"},
                                     {"single", {{{"SpecialToken", {{"id", "<s>"}, {"type_id", 0}}}}, {{"Sequence", {{"id", "A"}, {"type_id", 0}}}}}}};
            doc["added_tokens"] = nlohmann::json::array({{{"id", 1}, {"content", "<s>"}, {"special", true}}});
        } else {
            nlohmann::json vocab = nlohmann::json::object();
            const QByteArray enc = readFile(sharedData(QStringLiteral("vectors/tokenizers/gpt2-bpe/encoder.json")));
            const auto full = nlohmann::json::parse(enc.constData(), enc.constData() + enc.size());
            const auto lines = readLines(sharedData(QStringLiteral("vectors/tokenizers/gpt2-bpe/vocab.bpe")));
            nlohmann::json merges = nlohmann::json::array();
            int next = 0;
            for (const auto &[token, id] : full.items()) {
                if (id.get<int>() < 256)
                    vocab[token] = next++;
            }
            for (std::size_t i = 1; i < lines.size() && merges.size() < 300; ++i) {
                const auto space = lines[i].find(' ');
                const std::string a = lines[i].substr(0, space), b = lines[i].substr(space + 1);
                if (vocab.contains(a) && vocab.contains(b)) {
                    if (!vocab.contains(a + b))
                        vocab[a + b] = next++;
                    merges.push_back(nlohmann::json::array({a, b}));
                }
            }
            doc["model"] = {{"type", "BPE"}, {"vocab", vocab}, {"merges", merges}};
            doc["normalizer"] = {{"type", "NFC"}};
            doc["pre_tokenizer"] = {{"type", "Sequence"},
                                    {"pretokenizers",
                                     {{{"type", "Split"},
                                       {"pattern", {{"Regex", "(?i:'s|'t)|\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+"}}},
                                       {"behavior", "Isolated"},
                                       {"invert", false}},
                                      {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", false}}}}};
            doc["added_tokens"] = nlohmann::json::array({{{"id", next}, {"content", "<|endoftext|>"}, {"special", true}}});
        }
        const std::string valid = doc.dump();
        {
            Outcome ok;
            std::mt19937 rng(1);
            tryCase([&] { return fromJson(model, valid, "valid"); }, "valid", rng, &ok);
            QCOMPARE(ok.loaded, 1);
        }
        std::mt19937 rng(777);
        Outcome outcome;
        const int cases = 1000;
        QTemporaryDir tmp;
        for (int i = 0; i < cases; ++i) {
            std::string text;
            if (i % 2) {
                text = corrupt(valid, rng);
            } else {
                nlohmann::json damaged = doc;
                damageJson(damaged, rng);
                text = damaged.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
            }
            // Through the path factory (which dispatches on the model type) every 10th case, directly otherwise.
            if (i % 10 == 0) {
                const QString path = tmp.filePath(QStringLiteral("tokenizer-%1.json").arg(i));
                QVERIFY(gauntlet::testing::writeFile(path, QByteArray(text.data(), qint64(text.size()))));
                tryCase([&] { return loadTokenizer(path); }, path.toStdString(), rng, &outcome);
            } else {
                const std::string where = "fuzz-json-" + std::to_string(i);
                tryCase([&] { return fromJson(model, text, where); }, where, rng, &outcome);
            }
            if (QTest::currentTestFailed())
                return;
        }
        qInfo("%d damaged %s tokenizer.json: %d rejected, %d still loadable", cases, qPrintable(model),
              outcome.rejected, outcome.loaded);
        QVERIFY(outcome.rejected > cases / 4);
    }

    void damagedGpt2Files_throwTokenizerError()
    {
        // Small encoder.json / vocab.bpe: the 256 byte tokens and the merges among them (first 200).
        const QByteArray enc = readFile(sharedData(QStringLiteral("vectors/tokenizers/gpt2-bpe/encoder.json")));
        const auto full = nlohmann::json::parse(enc.constData(), enc.constData() + enc.size());
        nlohmann::json vocab = nlohmann::json::object();
        int next = 0;
        for (const auto &[token, id] : full.items()) {
            if (id.get<int>() < 256)
                vocab[token] = next++;
        }
        std::string bpe = "#version: 0.2\n";
        const auto lines = readLines(sharedData(QStringLiteral("vectors/tokenizers/gpt2-bpe/vocab.bpe")));
        int merges = 0;
        for (std::size_t i = 1; i < lines.size() && merges < 200; ++i) {
            const auto space = lines[i].find(' ');
            const std::string a = lines[i].substr(0, space), b = lines[i].substr(space + 1);
            if (vocab.contains(a) && vocab.contains(b)) {
                if (!vocab.contains(a + b))
                    vocab[a + b] = next++;
                bpe += lines[i] + "\n";
                ++merges;
            }
        }
        const std::string encoder = vocab.dump();
        QTemporaryDir tmp;
        std::mt19937 rng(4242);
        Outcome outcome;
        const int cases = 600;
        for (int i = 0; i < cases; ++i) {
            const QString dir = tmp.filePath(QString::number(i));
            QDir().mkpath(dir);
            const std::string e = i % 2 ? corrupt(encoder, rng) : encoder;
            const std::string v = i % 2 ? bpe : corrupt(bpe, rng);
            for (const auto &[name, text] : {std::pair{QStringLiteral("encoder.json"), e}, std::pair{QStringLiteral("vocab.bpe"), v}}) {
                QVERIFY(gauntlet::testing::writeFile(QDir(dir).filePath(name), QByteArray(text.data(), qint64(text.size()))));
            }
            tryCase([&] { return loadTokenizer(dir); }, dir.toStdString(), rng, &outcome);
            if (QTest::currentTestFailed())
                return;
        }
        qInfo("%d damaged encoder.json/vocab.bpe pairs: %d rejected, %d still loadable", cases, outcome.rejected,
              outcome.loaded);
        QVERIFY(outcome.rejected > cases / 4);
    }

    void addedTokensOfTheWrongType_refused()
    {
        // Issue 39: "added_tokens": [[...]] was read as no added tokens at all.
        QFile file(QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/tokenizers/qwen3/tokenizer.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        nlohmann::json doc = nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size());
        QVERIFY(doc["added_tokens"].is_array() && !doc["added_tokens"].empty());
        const std::vector<std::pair<nlohmann::json, std::string>> cases{
            {nlohmann::json::array({nlohmann::json::array({1, 2})}), "added_tokens[0] is not an object"},
            {nlohmann::json::object(), "\"added_tokens\" is not a list"},
            {nlohmann::json::array({{{"id", "151643"}, {"content", "<|endoftext|>"}}}), "added_tokens[0] has no integer \"id\""},
        };
        for (const auto &[value, reason] : cases) {
            QTemporaryDir tmp;
            nlohmann::json bad = doc;
            bad["added_tokens"] = value;
            QVERIFY(gauntlet::testing::writeFile(tmp.filePath(QStringLiteral("tokenizer.json")), QByteArray::fromStdString(bad.dump())));
            try {
                loadTokenizer(tmp.path());
                QFAIL(reason.c_str());
            } catch (const TokenizerError &e) {
                QVERIFY2(std::string(e.what()).find(reason) != std::string::npos && std::string(e.what()).find("tokenizer.json") != std::string::npos, e.what());
            }
        }
    }

    void randomInput_neverCrashes()
    {
        std::vector<std::shared_ptr<const Tokenizer>> toks{
            loadTokenizer(m_nmtModel), loadTokenizer(m_identityModel, LoadOptions{true}),
            loadTokenizer(sharedData(QStringLiteral("vectors/tokenizers/gpt2-bpe")))};
        std::mt19937 rng(99);
        for (int i = 0; i < 3000; ++i) {
            std::string s = randomBytes(rng, 64);
            if (i % 3 == 0)  // mostly-valid text with stray bytes
                s = "Caf\xc3\xa9 \xe2\x96\x81 " + s + " \xf0\x9f\x98";
            for (const auto &tok : toks) {
                const auto ids = tok->encode(s);
                for (const int id : ids)
                    QVERIFY(id >= 0 && id < tok->vocabSize());
                const std::string back = tok->decode(ids);
                (void)tok->roundTrips(ids);
                (void)back;
            }
        }
    }
};

GAUNTLET_TEST_MAIN(TestTokenizerFuzz)
#include "tst_tokenizer_fuzz.moc"
