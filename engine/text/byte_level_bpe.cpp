#include "engine/text/byte_level_bpe.h"
#include "engine/core/json_input.h"

#include "engine/text/sentencepiece_normalizer.h"  // utf8 helpers

#include "engine/text/tokenizer_json.h"


#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <limits>

namespace gauntlet::text {

namespace {

enum Flag : unsigned char { Special = 1, WordStart = 2, Punctuation = 4, Added = 8, Present = 16 };

// bytes_to_unicode() from openai/gpt-2 src/encoder.py:
//   bs = list(range(ord("!"), ord("~")+1)) + list(range(ord("¡"), ord("¬")+1)) + list(range(ord("®"), ord("ÿ")+1))
//   cs = bs[:]; n = 0
//   for b in range(2**8): if b not in bs: bs.append(b); cs.append(2**8+n); n += 1
const std::array<char32_t, 256> &byteToUnicode()
{
    static const std::array<char32_t, 256> table = [] {
        std::array<char32_t, 256> t{};
        int n = 0;
        for (int b = 0; b < 256; ++b) {
            const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
            t[std::size_t(b)] = printable ? char32_t(b) : char32_t(256 + n++);
        }
        return t;
    }();
    return table;
}

/// The inverse of byteToUnicode for code points below 512; -1 elsewhere.
const std::array<int, 512> &unicodeToByte()
{
    static const std::array<int, 512> table = [] {
        std::array<int, 512> t;
        t.fill(-1);
        for (int b = 0; b < 256; ++b)
            t[std::size_t(byteToUnicode()[std::size_t(b)])] = b;
        return t;
    }();
    return table;
}

/// Token text (byte-unicode characters) -> the bytes it stands for. Characters outside the map keep
/// their own UTF-8 bytes (as HF's ByteLevel decoder does for characters it does not know).
std::string tokenTextToBytes(std::string_view text)
{
    std::string out;
    while (!text.empty()) {
        std::size_t len = 0;
        const char32_t cp = utf8::decode(text, &len);
        const int b = cp < 512 && (cp != 0xFFFD || len == 3) ? unicodeToByte()[cp] : -1;
        if (b >= 0)
            out += char(b);
        else
            out.append(text.substr(0, len));
        text.remove_prefix(len);
    }
    return out;
}

bool bytesArePunctuation(std::string_view bytes)
{
    const QByteArray raw(bytes.data(), qsizetype(bytes.size()));
    QString s = QString::fromUtf8(raw);
    if (s.toUtf8() != raw)
        return false;  // a partial UTF-8 character
    if (s.startsWith(QLatin1Char(' ')))
        s.remove(0, 1);
    if (s.isEmpty())
        return false;
    for (const QChar c : s) {
        if (!c.isPunct() && !c.isSurrogate())
            return false;
    }
    return true;
}

}  // namespace

const QString &ByteLevelBpeTokenizer::gpt2Pattern()
{
    static const QString pattern = QStringLiteral(
        R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)");
    return pattern;
}

// --- loaders --------------------------------------------------------------------------------------

std::shared_ptr<const ByteLevelBpeTokenizer> ByteLevelBpeTokenizer::fromTokenizerJson(std::string_view jsonText,
                                                                                     const std::string &where)
{
    return fromJsonDocument(parseTokenizerJson(jsonText, where), where);
}

std::shared_ptr<const ByteLevelBpeTokenizer> ByteLevelBpeTokenizer::fromJsonDocument(const nlohmann::json &doc,
                                                                                    const std::string &where)
{
    try {
        const auto &model = tokenizerModel(doc, where);
        if (model.contains("type") && model["type"] != "BPE")
            throw TokenizerError(where + ": tokenizer.json model type is not \"BPE\"");
        Spec spec;
        const auto &vocab = model.at("vocab");
        if (!vocab.is_object() || vocab.empty())
            throw TokenizerError(where + ": BPE \"vocab\" must be a non-empty object of token -> id");
        for (const auto &[token, id] : vocab.items())
            spec.vocab.emplace(token, id.get<int>());
        const auto &merges = model.at("merges");
        if (!merges.is_array())
            throw TokenizerError(where + ": BPE \"merges\" must be an array");
        spec.merges.reserve(merges.size());
        for (const auto &m : merges) {
            // Two formats: "a b" (tokenizers < 0.20) and ["a", "b"].
            if (m.is_string()) {
                const std::string s = m.get<std::string>();
                const std::size_t space = s.find(' ');
                if (space == std::string::npos || s.find(' ', space + 1) != std::string::npos)
                    throw TokenizerError(where + ": merge \"" + s + "\" is not two tokens separated by one space");
                spec.merges.emplace_back(s.substr(0, space), s.substr(space + 1));
            } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
                spec.merges.emplace_back(m[0].get<std::string>(), m[1].get<std::string>());
            } else {
                throw TokenizerError(where + ": merge " + std::to_string(spec.merges.size()) + " is malformed");
            }
        }
        spec.ignoreMerges = model.value("ignore_merges", false);
        if (model.contains("continuing_subword_prefix") && model["continuing_subword_prefix"].is_string()
            && !model["continuing_subword_prefix"].get<std::string>().empty())
            throw TokenizerError(where + ": BPE continuing_subword_prefix is not supported");

        // Normalizer: NFC (Qwen2), or none.
        std::function<void(const nlohmann::json &)> normalizer = [&](const nlohmann::json &n) {
            if (n.is_null())
                return;
            const std::string type = n.at("type").get<std::string>();
            if (type == "NFC")
                spec.nfc = true;
            else if (type == "Sequence")
                for (const auto &child : n.at("normalizers"))
                    normalizer(child);
            else
                throw TokenizerError(where + ": normalizer \"" + type + "\" is not supported");
        };
        if (doc.contains("normalizer"))
            normalizer(doc["normalizer"]);

        // Pre-tokenizer: Split(regex, Isolated) and ByteLevel(use_regex -> GPT-2 regex), alone or in a Sequence.
        bool sawByteLevel = false;
        std::function<void(const nlohmann::json &)> pre = [&](const nlohmann::json &p) {
            if (p.is_null())
                return;
            const std::string type = p.at("type").get<std::string>();
            if (type == "Sequence") {
                for (const auto &child : p.at("pretokenizers"))
                    pre(child);
            } else if (type == "ByteLevel") {
                sawByteLevel = true;
                spec.addPrefixSpace = p.value("add_prefix_space", false);
                if (p.value("use_regex", true))
                    spec.splitPatterns.push_back(gpt2Pattern());
            } else if (type == "Split") {
                if (p.value("behavior", std::string()) != "Isolated" || p.value("invert", false))
                    throw TokenizerError(where + ": Split pre-tokenizer behaviour other than Isolated is not supported");
                const auto &pattern = p.at("pattern");
                if (pattern.contains("Regex"))
                    spec.splitPatterns.push_back(QString::fromStdString(pattern["Regex"].get<std::string>()));
                else
                    spec.splitPatterns.push_back(QRegularExpression::escape(
                        QString::fromStdString(pattern.at("String").get<std::string>())));
            } else {
                throw TokenizerError(where + ": pre-tokenizer \"" + type + "\" is not supported");
            }
        };
        if (doc.contains("pre_tokenizer"))
            pre(doc["pre_tokenizer"]);
        if (!sawByteLevel)
            throw TokenizerError(where + ": not a byte-level BPE (no ByteLevel pre-tokenizer)");

        if (doc.contains("added_tokens") && doc["added_tokens"].is_array()) {
            for (const auto &t : doc["added_tokens"])
                spec.added.push_back({t.at("content").get<std::string>(), t.at("id").get<int>(), t.value("special", false)});
        }
        return std::make_shared<ByteLevelBpeTokenizer>(std::move(spec), where);
    } catch (const nlohmann::json::exception &e) {
        throw TokenizerError(where + ": invalid tokenizer.json: " + e.what());
    }
}

std::shared_ptr<const ByteLevelBpeTokenizer> ByteLevelBpeTokenizer::fromGpt2Files(const QString &encoderJson,
                                                                                 const QString &vocabBpe)
{
    return fromGpt2Bytes(readTokenizerFile(encoderJson), encoderJson, readTokenizerFile(vocabBpe), vocabBpe);
}

std::shared_ptr<const ByteLevelBpeTokenizer> ByteLevelBpeTokenizer::fromGpt2Bytes(const QByteArray &enc, const QString &encoderJson,
                                                                                 const QByteArray &bpe, const QString &vocabBpe)
{
    Spec spec;
    try {
        const nlohmann::json doc = core::parseJson(enc.constData(), enc.constData() + enc.size());
        if (!doc.is_object() || doc.empty())
            throw TokenizerError(encoderJson.toStdString() + ": encoder.json must be a non-empty object of token -> id");
        for (const auto &[token, id] : doc.items())
            spec.vocab.emplace(token, id.get<int>());
    } catch (const nlohmann::json::exception &e) {
        throw TokenizerError(encoderJson.toStdString() + ": invalid encoder.json: " + e.what());
    }
    // encoder.py: bpe_merges = [tuple(merge_str.split()) for merge_str in bpe_data.split('\n')[1:-1]]
    if (spec.vocab.empty())
        throw TokenizerError(encoderJson.toStdString() + ": empty vocabulary");
    // The "#version: 0.2" header line is optional (HF merges.txt files may omit it).
    const QList<QByteArray> lines = bpe.split('\n');
    for (qsizetype i = lines.isEmpty() || lines.first().startsWith("#version") ? 1 : 0; i < lines.size(); ++i) {
        QByteArray line = lines[i];
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.isEmpty())
            continue;
        const QList<QByteArray> parts = line.split(' ');
        if (parts.size() != 2 || parts[0].isEmpty() || parts[1].isEmpty())
            throw TokenizerError(vocabBpe.toStdString() + ": line " + std::to_string(i + 1)
                                 + " is not a merge \"a b\"");
        spec.merges.emplace_back(parts[0].toStdString(), parts[1].toStdString());
    }
    spec.splitPatterns.push_back(gpt2Pattern());
    const auto eot = spec.vocab.find("<|endoftext|>");
    if (eot != spec.vocab.end())
        spec.added.push_back({eot->first, eot->second, true});
    return std::make_shared<ByteLevelBpeTokenizer>(std::move(spec), encoderJson.toStdString() + " with " + vocabBpe.toStdString());
}

// --- construction ---------------------------------------------------------------------------------

ByteLevelBpeTokenizer::ByteLevelBpeTokenizer(Spec spec, const std::string &where)
    : m_vocab(std::move(spec.vocab)),
      m_nfc(spec.nfc),
      m_addPrefixSpace(spec.addPrefixSpace),
      m_ignoreMerges(spec.ignoreMerges),
      m_added(std::move(spec.added))
{
    constexpr int kMaxVocab = 1 << 24;
    int maxId = -1;
    auto checkId = [&](long long id, const std::string &token) {
        if (id < 0 || id >= kMaxVocab)
            throw TokenizerError(where + ": token \"" + token + "\" has id " + std::to_string(id)
                                 + " outside [0, " + std::to_string(kMaxVocab) + ")");
        maxId = std::max(maxId, int(id));
    };
    for (const auto &[token, id] : m_vocab)
        checkId(id, token);
    for (const auto &a : m_added) {
        checkId(a.id, a.content);
        if (a.content.empty())
            throw TokenizerError(where + ": added token " + std::to_string(a.id) + " has empty content");
    }
    if (maxId < 0)
        throw TokenizerError(where + ": empty vocabulary");
    const std::size_t entries = m_vocab.size() + m_added.size();
    if (std::size_t(maxId) >= 2 * entries + 1024)
        throw TokenizerError(where + ": token ids are not dense (largest id " + std::to_string(maxId) + " for "
                             + std::to_string(entries) + " tokens)");
    m_pieces.assign(std::size_t(maxId) + 1, std::string());
    m_bytes.assign(m_pieces.size(), std::string());
    m_flags.assign(m_pieces.size(), 0);
    for (const auto &[token, id] : m_vocab) {
        if (m_flags[std::size_t(id)] & Present)
            throw TokenizerError(where + ": id " + std::to_string(id) + " is given to two tokens");
        m_flags[std::size_t(id)] |= Present;
        m_pieces[std::size_t(id)] = token;
        m_bytes[std::size_t(id)] = tokenTextToBytes(token);
    }
    for (const auto &a : m_added) {
        // An added token may repeat a vocabulary entry (GPT-2's <|endoftext|>); its text is verbatim.
        m_pieces[std::size_t(a.id)] = a.content;
        m_bytes[std::size_t(a.id)] = a.content;
        m_flags[std::size_t(a.id)] |= Present | Added | (a.special ? Special : 0);
    }
    for (std::size_t id = 0; id < m_pieces.size(); ++id) {
        if (!(m_flags[id] & Present) || (m_flags[id] & Special))
            continue;
        if (!m_bytes[id].empty() && m_bytes[id][0] == ' ')
            m_flags[id] |= WordStart;
        if (bytesArePunctuation(m_bytes[id]))
            m_flags[id] |= Punctuation;
    }
    for (int b = 0; b < 256; ++b) {
        std::string ch;
        utf8::append(ch, byteToUnicode()[std::size_t(b)]);
        const auto it = m_vocab.find(ch);
        m_byteIds[std::size_t(b)] = it == m_vocab.end() ? -1 : it->second;
    }
    // Merges by rank (models/bpe/model.rs: "Merge token out of vocabulary" is an error there too).
    m_merges.reserve(spec.merges.size());
    for (std::size_t rank = 0; rank < spec.merges.size(); ++rank) {
        const auto &[a, b] = spec.merges[rank];
        const auto ia = m_vocab.find(a), ib = m_vocab.find(b), im = m_vocab.find(a + b);
        if (ia == m_vocab.end() || ib == m_vocab.end() || im == m_vocab.end())
            throw TokenizerError(where + ": merge " + std::to_string(rank) + " \"" + a + " " + b
                                 + "\" uses or makes a token that is not in the vocabulary");
        const std::uint64_t key = std::uint64_t(std::uint32_t(ia->second)) << 32 | std::uint32_t(ib->second);
        // The first (lowest-rank) occurrence of a pair wins.
        m_merges.emplace(key, std::uint64_t(rank) << 32 | std::uint32_t(im->second));
    }
    // Every vocabulary token of several symbols is made by one merge (tokenizers' BPE trainer adds
    // one merge per such token; GPT-2: 50,000 merges for 50,000 of them). A truncated or empty merges
    // file leaves tokens that no merge makes, and changes every text's ids without an error (issue
    // 39). Tokens that look like specials ("<s>", "[MASK]") may stand in the vocabulary unmade.
    if (!m_ignoreMerges) {
        std::vector<char> made(m_pieces.size(), 0);
        for (const auto &[key, value] : m_merges)
            made[std::size_t(value & 0xffffffffu)] = 1;
        std::size_t unmade = 0;
        std::string example;
        for (const auto &[token, id] : m_vocab) {
            if ((m_flags[std::size_t(id)] & Added) || made[std::size_t(id)])
                continue;
            const auto symbols = std::count_if(token.begin(), token.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
            const bool specialLooking = token.size() >= 3 && ((token.front() == '<' && token.back() == '>') || (token.front() == '[' && token.back() == ']'));
            if (symbols <= 1 || specialLooking)
                continue;
            if (unmade++ == 0)
                example = token;
        }
        if (unmade > 0)
            throw TokenizerError(where + ": " + std::to_string(unmade) + " vocabulary tokens of several symbols (such as \"" + example
                                 + "\") are made by no merge (" + std::to_string(spec.merges.size())
                                 + " merges read): the merges file is truncated, empty or not this vocabulary's");
    }
    for (const QString &pattern : spec.splitPatterns) {
        // \s, \w and \d must be Unicode-aware as in the Rust/Oniguruma regexes of HF tokenizers.
        QRegularExpression re(pattern, QRegularExpression::UseUnicodePropertiesOption);
        if (!re.isValid())
            throw TokenizerError(where + ": pre-tokenizer regex does not compile: " + re.errorString().toStdString());
        re.optimize();
        m_splits.push_back(std::move(re));
    }
    std::sort(m_added.begin(), m_added.end(),
              [](const AddedToken &x, const AddedToken &y) { return x.content.size() > y.content.size(); });
    for (std::size_t i = 0; i < m_added.size(); ++i)
        m_addedByFirstByte[static_cast<unsigned char>(m_added[i].content[0])].push_back(int(i));
}

// --- encoding -------------------------------------------------------------------------------------

// encoder.py Encoder.bpe(): repeatedly merge every occurrence of the adjacent pair with the lowest
// merge rank until no adjacent pair has a rank. Works on ids: the initial symbols are the ids of the
// byte-unicode characters of `bytes`.
void ByteLevelBpeTokenizer::bpeWord(std::string_view bytes, std::vector<int> &out) const
{
    if (m_ignoreMerges) {
        std::string text;
        for (const char c : bytes)
            utf8::append(text, byteToUnicode()[static_cast<unsigned char>(c)]);
        const auto it = m_vocab.find(text);
        if (it != m_vocab.end()) {
            out.push_back(it->second);
            return;
        }
    }
    std::vector<int> symbols;
    symbols.reserve(bytes.size());
    for (const char c : bytes) {
        const int id = m_byteIds[static_cast<unsigned char>(c)];
        if (id >= 0)
            symbols.push_back(id);  // a byte missing from the vocabulary is dropped (no unk token)
    }
    std::vector<int> next;
    while (symbols.size() > 1) {
        std::uint64_t bestRank = std::numeric_limits<std::uint64_t>::max();
        int left = -1, right = -1, merged = -1;
        for (std::size_t i = 0; i + 1 < symbols.size(); ++i) {
            const std::uint64_t key = std::uint64_t(std::uint32_t(symbols[i])) << 32 | std::uint32_t(symbols[i + 1]);
            const auto it = m_merges.find(key);
            if (it != m_merges.end() && (it->second >> 32) < bestRank) {
                bestRank = it->second >> 32;
                left = symbols[i];
                right = symbols[i + 1];
                merged = int(it->second & 0xFFFFFFFFu);
            }
        }
        if (merged < 0)
            break;
        next.clear();
        for (std::size_t i = 0; i < symbols.size();) {
            if (i + 1 < symbols.size() && symbols[i] == left && symbols[i + 1] == right) {
                next.push_back(merged);
                i += 2;
            } else {
                next.push_back(symbols[i]);
                ++i;
            }
        }
        symbols.swap(next);
    }
    out.insert(out.end(), symbols.begin(), symbols.end());
}

// Normalise, pre-tokenize, BPE one stretch of text that holds no added token.
void ByteLevelBpeTokenizer::encodeOrdinary(std::string_view utf8Text, std::vector<int> &out) const
{
    if (utf8Text.empty())
        return;
    // QString::fromUtf8 replaces invalid UTF-8 with U+FFFD (HF tokenizers only take valid str).
    QString text = QString::fromUtf8(utf8Text.data(), qsizetype(utf8Text.size()));
    if (m_nfc)
        text = text.normalized(QString::NormalizationForm_C);
    // byte_level.rs: if add_prefix_space && !normalized.get().starts_with(' ') { prepend(" ") }
    if (m_addPrefixSpace && !text.startsWith(QLatin1Char(' ')))
        text.prepend(QLatin1Char(' '));

    // split.rs, SplitDelimiterBehavior::Isolated: every match is a piece, and so is every stretch
    // between matches. Each pre-tokenizer splits the pieces of the previous one.
    std::vector<QString> pieces{text};
    for (const QRegularExpression &re : m_splits) {
        std::vector<QString> split;
        for (const QString &piece : pieces) {
            qsizetype last = 0;
            auto it = re.globalMatch(piece);
            while (it.hasNext()) {
                const QRegularExpressionMatch m = it.next();
                if (m.capturedLength() == 0)
                    continue;
                if (m.capturedStart() > last)
                    split.push_back(piece.mid(last, m.capturedStart() - last));
                split.push_back(m.captured());
                last = m.capturedEnd();
            }
            if (last < piece.size())
                split.push_back(piece.mid(last));
        }
        pieces.swap(split);
    }
    for (const QString &piece : pieces) {
        const QByteArray bytes = piece.toUtf8();
        bpeWord(std::string_view(bytes.constData(), std::size_t(bytes.size())), out);
    }
}

std::vector<int> ByteLevelBpeTokenizer::encode(std::string_view utf8Text) const
{
    std::vector<int> out;
    // Added tokens are found first in the raw text, longest match at the leftmost position
    // (tokenizer/added_vocabulary.rs uses Aho-Corasick leftmost-longest), and never split further.
    std::size_t start = 0;
    if (!m_added.empty()) {
        for (std::size_t i = 0; i < utf8Text.size();) {
            int hit = -1;
            for (const int a : m_addedByFirstByte[static_cast<unsigned char>(utf8Text[i])]) {
                const std::string &c = m_added[std::size_t(a)].content;
                if (utf8Text.compare(i, c.size(), c) == 0) {
                    hit = a;
                    break;
                }
            }
            if (hit < 0) {
                ++i;
                continue;
            }
            encodeOrdinary(utf8Text.substr(start, i - start), out);
            out.push_back(m_added[std::size_t(hit)].id);
            i += m_added[std::size_t(hit)].content.size();
            start = i;
        }
    }
    encodeOrdinary(utf8Text.substr(start), out);
    return out;
}

std::vector<std::string> ByteLevelBpeTokenizer::encodeToPieces(std::string_view utf8Text) const
{
    std::vector<std::string> out;
    for (const int id : encode(utf8Text))
        out.push_back(m_pieces[std::size_t(id)]);
    return out;
}

std::string ByteLevelBpeTokenizer::pieceText(int id) const
{
    if (id < 0 || id >= vocabSize())
        throw TokenizerError("token id " + std::to_string(id) + " is outside the vocabulary of "
                             + std::to_string(vocabSize()));
    return m_pieces[std::size_t(id)];
}

std::string ByteLevelBpeTokenizer::tokenBytes(int id) const
{
    if (id < 0 || id >= vocabSize())
        throw TokenizerError("token id " + std::to_string(id) + " is outside the vocabulary of "
                             + std::to_string(vocabSize()));
    return m_bytes[std::size_t(id)];
}

// decoders/byte_level.rs: concatenate token texts and map every byte-unicode character back to its
// byte; special tokens are skipped here (skip_special_tokens = true).
std::string ByteLevelBpeTokenizer::decode(const std::vector<int> &ids) const
{
    std::string out;
    for (const int id : ids) {
        if (id < 0 || id >= vocabSize())
            throw TokenizerError("token id " + std::to_string(id) + " is outside the vocabulary of "
                                 + std::to_string(vocabSize()));
        if (!(m_flags[std::size_t(id)] & Special))
            out += m_bytes[std::size_t(id)];
    }
    return out;
}

bool ByteLevelBpeTokenizer::isWordStart(int id) const
{
    return id >= 0 && id < vocabSize() && (m_flags[std::size_t(id)] & WordStart);
}

bool ByteLevelBpeTokenizer::isPunctuation(int id) const
{
    return id >= 0 && id < vocabSize() && (m_flags[std::size_t(id)] & Punctuation);
}

bool ByteLevelBpeTokenizer::isSpecial(int id) const
{
    return id >= 0 && id < vocabSize() && ((m_flags[std::size_t(id)] & Special) || !(m_flags[std::size_t(id)] & Present));
}

}  // namespace gauntlet::text

namespace gauntlet::text {

bool ByteLevelBpeTokenizer::isAddedToken(int id) const
{
    return id >= 0 && id < vocabSize() && (m_flags[std::size_t(id)] & (Added | Special));
}

}  // namespace gauntlet::text
