#include "engine/text/unigram_tokenizer.h"

#include "engine/text/space_mark.h"
#include "engine/text/wire_format.h"

#include <QByteArray>
#include "engine/text/tokenizer_json.h"

#include <QFile>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <functional>
#include <deque>
#include <unordered_map>
#include <unordered_set>

namespace gauntlet::text {

namespace {

constexpr std::string_view kSpaceSymbol = "\xe2\x96\x81";  // U+2581
constexpr float kUnkPenalty = 10.0f;                       // unigram_model.h

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool textIsPunctuation(std::string_view text)
{
    const QString s = QString::fromUtf8(text.data(), qsizetype(text.size()));
    if (s.isEmpty())
        return false;
    for (const QChar c : s) {
        if (!c.isPunct() && !c.isSurrogate())
            return false;
    }
    return true;
}

// --- ModelProto (sentencepiece_model.proto) ------------------------------------------------------
struct TrainerFields {
    int modelType = 1;  // UNIGRAM
    bool byteFallback = false;
    bool treatWhitespaceAsSuffix = false;
    std::string unkSurface = " \xe2\x81\x87 ";  // " ⁇ "
};

void parseSentencePiece(std::string_view bytes, const std::string &where, SentencePieceEntry *out)
{
    readFields(bytes, where, [out](WireReader &r, std::uint32_t field, int type) {
        switch (field) {
        case 1:  // optional string piece = 1;
            out->piece = r.readString(type, field);
            break;
        case 2:  // optional float score = 2;
            r.expect(type, WireReader::Fixed32, field);
            out->score = r.readFloat();
            break;
        case 3: {  // optional Type type = 3 [default = NORMAL];
            r.expect(type, WireReader::Varint, field);
            const std::uint64_t t = r.readVarint();
            if (t < 1 || t > 6)
                r.fail("unknown piece type " + std::to_string(t));
            out->type = PieceType(int(t));
            break;
        }
        default: r.skip(type);
        }
    });
}

void parseTrainerSpec(std::string_view bytes, const std::string &where, TrainerFields *out)
{
    readFields(bytes, where, [out](WireReader &r, std::uint32_t field, int type) {
        switch (field) {
        case 3:  // optional ModelType model_type = 3 [default = UNIGRAM];
            r.expect(type, WireReader::Varint, field);
            out->modelType = int(r.readVarint() & 0xFF);
            break;
        case 24:  // optional bool treat_whitespace_as_suffix = 24;
            out->treatWhitespaceAsSuffix = r.readBool(type, field);
            break;
        case 35:  // optional bool byte_fallback = 35;
            out->byteFallback = r.readBool(type, field);
            break;
        case 44:  // optional string unk_surface = 44;
            out->unkSurface = r.readString(type, field);
            break;
        default: r.skip(type);
        }
    });
}

void parseNormalizerSpec(std::string_view bytes, const std::string &where, NormalizerSpec *out)
{
    readFields(bytes, where, [out](WireReader &r, std::uint32_t field, int type) {
        switch (field) {
        case 1:  // optional string name = 1;
            out->name = r.readString(type, field);
            break;
        case 2:  // optional bytes precompiled_charsmap = 2;
            out->precompiledCharsmap = r.readString(type, field);
            break;
        case 3:  // optional bool add_dummy_prefix = 3 [default = true];
            out->addDummyPrefix = r.readBool(type, field);
            break;
        case 4:  // optional bool remove_extra_whitespaces = 4 [default = true];
            out->removeExtraWhitespaces = r.readBool(type, field);
            break;
        case 5:  // optional bool escape_whitespaces = 5 [default = true];
            out->escapeWhitespaces = r.readBool(type, field);
            break;
        default: r.skip(type);
        }
    });
}

}  // namespace

// --- loaders --------------------------------------------------------------------------------------

std::shared_ptr<const UnigramTokenizer> UnigramTokenizer::fromModelFile(const QString &path, IdLayout layout)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw TokenizerError("cannot read SentencePiece model " + path.toStdString() + ": "
                             + file.errorString().toStdString());
    const QByteArray bytes = file.readAll();
    return fromModelProto(std::string_view(bytes.constData(), std::size_t(bytes.size())), path.toStdString(), layout);
}

std::shared_ptr<const UnigramTokenizer> UnigramTokenizer::fromModelProto(std::string_view bytes, const std::string &where,
                                                                         IdLayout layout)
{
    if (bytes.empty())
        throw TokenizerError(where + ": empty SentencePiece model file");
    std::vector<SentencePieceEntry> pieces;
    TrainerFields trainer;
    NormalizerSpec normalizer;
    bool sawNormalizer = false;
    // message ModelProto { repeated SentencePiece pieces = 1; optional TrainerSpec trainer_spec = 2;
    //                      optional NormalizerSpec normalizer_spec = 3; ... denormalizer_spec = 5; }
    readFields(bytes, where, [&](WireReader &r, std::uint32_t field, int type) {
        if (field == 1 || field == 2 || field == 3) {
            r.expect(type, WireReader::LengthDelimited, field);
            const std::string_view sub = r.readBytes();
            if (field == 1) {
                SentencePieceEntry e;
                parseSentencePiece(sub, where, &e);
                pieces.push_back(std::move(e));
            } else if (field == 2) {
                parseTrainerSpec(sub, where, &trainer);
            } else {
                parseNormalizerSpec(sub, where, &normalizer);
                sawNormalizer = true;
            }
        } else {
            r.skip(type);
        }
    });
    if (pieces.empty())
        throw TokenizerError(where + ": not a SentencePiece model (no pieces)");
    if (!sawNormalizer)
        throw TokenizerError(where + ": SentencePiece model has no normalizer_spec");
    if (trainer.modelType != 1)
        throw TokenizerError(where + ": SentencePiece model_type " + std::to_string(trainer.modelType)
                             + " is not Unigram (1); only Unigram models are supported");
    normalizer.treatWhitespaceAsSuffix = trainer.treatWhitespaceAsSuffix;
    return std::make_shared<UnigramTokenizer>(std::move(pieces), std::move(normalizer), trainer.byteFallback,
                                              trainer.unkSurface, layout, where);
}

std::shared_ptr<const UnigramTokenizer> UnigramTokenizer::fromTokenizerJson(std::string_view jsonText,
                                                                            const std::string &where)
{
    return fromJsonDocument(parseTokenizerJson(jsonText, where), where);
}

std::shared_ptr<const UnigramTokenizer> UnigramTokenizer::fromJsonDocument(const nlohmann::json &doc,
                                                                           const std::string &where)
{
    try {
        const auto &model = tokenizerModel(doc, where);
        if (model.value("type", std::string()) != "Unigram")
            throw TokenizerError(where + ": tokenizer.json model type is not \"Unigram\"");
        const auto &vocab = model.at("vocab");
        if (!vocab.is_array() || vocab.empty())
            throw TokenizerError(where + ": Unigram \"vocab\" must be a non-empty array of [piece, score]");
        const long long unkId = model.contains("unk_id") && !model["unk_id"].is_null() ? model["unk_id"].get<long long>() : -1;
        if (unkId < 0 || unkId >= (long long)vocab.size())
            throw TokenizerError(where + ": Unigram \"unk_id\" missing or outside the vocabulary");

        std::vector<SentencePieceEntry> pieces;
        pieces.reserve(vocab.size());
        for (const auto &entry : vocab) {
            if (!entry.is_array() || entry.size() != 2 || !entry[0].is_string() || !entry[1].is_number())
                throw TokenizerError(where + ": Unigram vocab entry " + std::to_string(pieces.size())
                                     + " is not [piece, score]");
            pieces.push_back({entry[0].get<std::string>(), entry[1].get<float>(), PieceType::Normal});
        }
        pieces[std::size_t(unkId)].type = PieceType::Unknown;
        // added_tokens: special ones are control symbols (<s>, </s>, <pad>, <mask>), others user-defined.
        if (doc.contains("added_tokens") && doc["added_tokens"].is_array()) {
            for (const auto &t : doc["added_tokens"]) {
                const long long id = t.at("id").get<long long>();
                if (id < 0 || id >= (long long)pieces.size())
                    throw TokenizerError(where + ": added token id " + std::to_string(id) + " outside the vocabulary");
                if (id == unkId)
                    continue;
                pieces[std::size_t(id)].type = t.value("special", false) ? PieceType::Control : PieceType::UserDefined;
            }
        }

        NormalizerSpec spec;
        spec.name = "tokenizer.json";
        // The Precompiled normalizer, alone or inside a Sequence.
        std::function<void(const nlohmann::json &)> findCharsmap = [&](const nlohmann::json &n) {
            if (!n.is_object())
                return;
            const std::string type = n.value("type", std::string());
            if (type == "Precompiled") {
                const std::string b64 = n.at("precompiled_charsmap").get<std::string>();
                const auto decoded = QByteArray::fromBase64Encoding(QByteArray::fromStdString(b64),
                                                                    QByteArray::AbortOnBase64DecodingErrors);
                if (!decoded)
                    throw TokenizerError(where + ": precompiled_charsmap is not valid base64");
                spec.precompiledCharsmap = decoded.decoded.toStdString();
            } else if (type == "Sequence" && n.contains("normalizers")) {
                for (const auto &child : n["normalizers"])
                    findCharsmap(child);
            }
        };
        if (doc.contains("normalizer"))
            findCharsmap(doc["normalizer"]);
        // Metaspace: add_prefix_space (old) or prepend_scheme "always"/"first"/"never" (new).
        std::function<void(const nlohmann::json &)> findMetaspace = [&](const nlohmann::json &p) {
            if (!p.is_object())
                return;
            const std::string type = p.value("type", std::string());
            if (type == "Metaspace") {
                if (p.contains("prepend_scheme") && p["prepend_scheme"].is_string())
                    spec.addDummyPrefix = p["prepend_scheme"].get<std::string>() != "never";
                else
                    spec.addDummyPrefix = p.value("add_prefix_space", true);
            } else if (type == "Sequence" && p.contains("pretokenizers")) {
                for (const auto &child : p["pretokenizers"])
                    findMetaspace(child);
            }
        };
        if (doc.contains("pre_tokenizer"))
            findMetaspace(doc["pre_tokenizer"]);
        const bool byteFallback = model.value("byte_fallback", false);
        return std::make_shared<UnigramTokenizer>(std::move(pieces), std::move(spec), byteFallback,
                                                  std::string(" \xe2\x81\x87 "), IdLayout::Native, where);
    } catch (const nlohmann::json::exception &e) {
        throw TokenizerError(where + ": invalid tokenizer.json: " + e.what());
    }
}

// --- construction ---------------------------------------------------------------------------------

namespace {
std::vector<std::string> userSymbols(const std::vector<SentencePieceEntry> &pieces)
{
    std::vector<std::string> out;
    for (const auto &p : pieces) {
        if (p.type == PieceType::UserDefined)
            out.push_back(p.piece);
    }
    return out;
}
}  // namespace

UnigramTokenizer::UnigramTokenizer(std::vector<SentencePieceEntry> pieces, NormalizerSpec normalizer, bool byteFallback,
                                   std::string unkSurface, IdLayout layout, const std::string &where, UnigramScoring scoring)
    : m_pieces(std::move(pieces)),
      m_normalizer(std::move(normalizer), userSymbols(m_pieces), where),
      m_byteFallback(byteFallback),
      m_unkSurface(std::move(unkSurface)),
      m_layout(layout),
      m_scoring(scoring)
{
    if (m_pieces.empty() || m_pieces.size() > 0x7FFFFFF0u)
        throw TokenizerError(where + ": vocabulary size " + std::to_string(m_pieces.size()) + " is out of range");
    // ModelInterface::InitializePieces: pieces must be non-empty and unique; exactly one unknown.
    std::unordered_set<std::string_view> seen;
    seen.reserve(m_pieces.size());
    m_byteIds.assign(256, -1);
    for (std::size_t i = 0; i < m_pieces.size(); ++i) {
        const auto &p = m_pieces[i];
        if (p.piece.empty())
            throw TokenizerError(where + ": piece " + std::to_string(i) + " is empty");
        if (!seen.insert(p.piece).second)
            throw TokenizerError(where + ": piece \"" + p.piece + "\" (id " + std::to_string(i) + ") is already defined");
        if (p.type == PieceType::Unknown) {
            if (m_unkId >= 0)
                throw TokenizerError(where + ": unk is already defined (ids " + std::to_string(m_unkId) + " and "
                                     + std::to_string(i) + ")");
            m_unkId = int(i);
        }
        if (p.type == PieceType::Byte) {
            if (!m_byteFallback)
                throw TokenizerError(where + ": byte piece \"" + p.piece + "\" but byte_fallback is false");
            unsigned value = 0;
            if (p.piece.size() == 6 && startsWith(p.piece, "<0x") && p.piece[5] == '>'
                && std::sscanf(p.piece.c_str() + 3, "%2X", &value) == 1 && value < 256)
                m_byteIds[value] = int(i);
        }
        if (p.type == PieceType::Control && p.piece == "<s>")
            m_bosId = int(i);
        if (p.type == PieceType::Control && p.piece == "</s>")
            m_eosId = int(i);
    }
    if (m_unkId < 0)
        throw TokenizerError(where + ": unk is not defined (no piece of type UNKNOWN)");
    if (m_layout == IdLayout::XlmR) {
        if (m_pieces.size() < 3 || m_unkId != 0 || m_pieces[1].type != PieceType::Control
            || m_pieces[2].type != PieceType::Control)
            throw TokenizerError(where + ": the XLM-R id layout needs SentencePiece ids 0, 1, 2 to be <unk>, <s>, </s>");
    }
    // unigram_model.cc Model::Model: min/max over NORMAL pieces; max starts at FLT_MIN (sic).
    m_minScore = FLT_MAX;
    m_maxScore = FLT_MIN;
    for (const auto &p : m_pieces) {
        if (p.type == PieceType::Normal) {
            m_minScore = std::min(m_minScore, p.score);
            m_maxScore = std::max(m_maxScore, p.score);
        }
    }
    buildTrie();
}

// The pieces of type NORMAL, USER_DEFINED and UNUSED in a byte trie with sorted edges (SentencePiece
// uses a Darts double array; lookups return the same (length, id) pairs in the same order).
void UnigramTokenizer::buildTrie()
{
    std::vector<int> keys;
    for (std::size_t i = 0; i < m_pieces.size(); ++i) {
        const PieceType t = m_pieces[i].type;
        if (t == PieceType::Normal || t == PieceType::UserDefined || t == PieceType::Unused)
            keys.push_back(int(i));
    }
    std::sort(keys.begin(), keys.end(), [this](int a, int b) { return m_pieces[a].piece < m_pieces[b].piece; });
    struct Task {
        std::uint32_t node;
        std::size_t lo, hi, depth;
    };
    m_nodes.assign(1, TrieNode{});
    std::deque<Task> queue{{0, 0, keys.size(), 0}};
    while (!queue.empty()) {
        Task t = queue.front();
        queue.pop_front();
        if (t.lo < t.hi && m_pieces[keys[t.lo]].piece.size() == t.depth) {
            m_nodes[t.node].value = keys[t.lo];
            ++t.lo;
        }
        m_nodes[t.node].childBegin = std::uint32_t(m_edgeLabels.size());
        std::size_t i = t.lo;
        while (i < t.hi) {
            const auto c = static_cast<unsigned char>(m_pieces[keys[i]].piece[t.depth]);
            std::size_t j = i + 1;
            while (j < t.hi && static_cast<unsigned char>(m_pieces[keys[j]].piece[t.depth]) == c)
                ++j;
            const auto child = std::uint32_t(m_nodes.size());
            m_nodes.push_back(TrieNode{});
            m_edgeLabels.push_back(c);
            m_edgeTargets.push_back(child);
            ++m_nodes[t.node].childCount;
            queue.push_back({child, i, j, t.depth + 1});
            i = j;
        }
    }
}

// --- encoding -------------------------------------------------------------------------------------

std::vector<std::pair<std::string, int>> UnigramTokenizer::encodeNative(std::string_view utf8) const
{
    const std::string normalized = m_normalizer.normalize(utf8);
    const std::size_t size = normalized.size();
    std::vector<std::pair<std::string, int>> out;
    if (size == 0)
        return out;

    // unigram_model.cc Model::EncodeOptimized:
    //   struct BestPathNode { int id = -1; float best_path_score = 0; int starts_at = -1; };
    //   unk_score = min_score() - kUnkPenalty;
    //   for each character start `starts_at`: walk the trie over normalized[starts_at..];
    //     for each piece id ending at key_pos (skipping UNUSED):
    //       score = IsUserDefined(id) ? (length * max_score_ - 0.1) : GetScore(id);   // double
    //       candidate = score + best_path_ends_at[starts_at].best_path_score;
    //       if (target.starts_at == -1 || candidate > target.best_path_score) update target;
    //     if no piece covers exactly one character: an <unk> node over that character with unk_score.
    //   backtrack from the end.
    // With UnigramScoring::LlamaCpp (llm_tokenizer_ugm_session::tokenize): path scores stay double,
    // a user-defined piece scores 0, unused pieces are matched too.
    struct BestPathNode {
        int id = -1;
        double bestPathScore = 0.0;  ///< a float value under SentencePiece097
        long startsAt = -1;
    };
    const bool llamaCpp = m_scoring == UnigramScoring::LlamaCpp;
    const float unkScore = m_minScore - kUnkPenalty;
    std::vector<BestPathNode> best(size + 1);
    std::size_t startsAt = 0;
    while (startsAt < size) {
        const double bestTillHere = best[startsAt].bestPathScore;
        bool hasSingleNode = false;
        const std::size_t mblen = std::min<std::size_t>(
            std::size_t(utf8::oneCharLen(static_cast<unsigned char>(normalized[startsAt]))), size - startsAt);
        std::uint32_t node = 0;
        for (std::size_t keyPos = startsAt; keyPos < size;) {
            const auto c = static_cast<unsigned char>(normalized[keyPos]);
            const TrieNode &n = m_nodes[node];
            const unsigned char *labels = m_edgeLabels.data() + n.childBegin;
            const unsigned char *hit = std::lower_bound(labels, labels + n.childCount, c);
            if (hit == labels + n.childCount || *hit != c)
                break;  // traverse() == -2
            node = m_edgeTargets[n.childBegin + std::uint32_t(hit - labels)];
            ++keyPos;
            const int ret = m_nodes[node].value;
            if (ret < 0)
                continue;
            const PieceType type = m_pieces[std::size_t(ret)].type;
            if (type == PieceType::Unused && !llamaCpp)
                continue;
            BestPathNode &target = best[keyPos];
            const std::size_t length = keyPos - startsAt;
            const double score = type != PieceType::UserDefined ? double(m_pieces[std::size_t(ret)].score)
                                 : llamaCpp                     ? 0.0
                                                                : double(float(length) * m_maxScore) - 0.1;
            const double candidate = score + bestTillHere;
            if (target.startsAt == -1 || candidate > target.bestPathScore) {
                target.bestPathScore = llamaCpp ? candidate : double(float(candidate));
                target.startsAt = long(startsAt);
                target.id = ret;
            }
            if (!hasSingleNode && length == mblen)
                hasSingleNode = true;
        }
        if (!hasSingleNode) {
            BestPathNode &target = best[startsAt + mblen];
            const double candidate = llamaCpp ? double(unkScore) + bestTillHere : double(unkScore + float(bestTillHere));
            if (target.startsAt == -1 || candidate > target.bestPathScore) {
                target.bestPathScore = candidate;
                target.startsAt = long(startsAt);
                target.id = m_unkId;
            }
        }
        startsAt += mblen;
    }
    std::vector<std::pair<std::string_view, int>> path;
    for (std::size_t endsAt = size; endsAt > 0;) {
        const BestPathNode &n = best[endsAt];
        const auto start = std::size_t(n.startsAt);
        path.emplace_back(std::string_view(normalized).substr(start, endsAt - start), n.id);
        endsAt = start;
    }
    std::reverse(path.begin(), path.end());

    // sentencepiece_processor.cc SentencePieceProcessor::Encode: byte fallback splits an unknown piece
    // into <0xXX> pieces; otherwise "Merge continuous run of unknown pieces so that decoder can copy or
    // generate unknown tokens easily."
    bool isPrevUnk = false;
    for (const auto &[piece, id] : path) {
        const bool isUnk = id == m_unkId;
        if (isUnk && m_byteFallback) {
            for (const char b : piece) {
                const int byteId = m_byteIds[static_cast<unsigned char>(b)];
                if (byteId >= 0)
                    out.emplace_back(m_pieces[std::size_t(byteId)].piece, byteId);
                else
                    out.emplace_back(std::string(piece), m_unkId);
            }
            isPrevUnk = false;
            continue;
        }
        if (isUnk && isPrevUnk)
            out.back().first.append(piece);
        else
            out.emplace_back(std::string(piece), id);
        isPrevUnk = isUnk;
    }
    return out;
}

int UnigramTokenizer::toLayoutId(int spmId) const
{
    if (m_layout == IdLayout::Native)
        return spmId;
    // fairseq dictionary of XLM-R: <s>=0 <pad>=1 </s>=2 <unk>=3, then SentencePiece id + 1.
    if (spmId == m_unkId)
        return 3;
    if (spmId == 1)
        return 0;
    if (spmId == 2)
        return 2;
    return spmId + 1;
}

int UnigramTokenizer::toNativeId(int id) const
{
    if (m_layout == IdLayout::Native)
        return id;
    switch (id) {
    case 0: return 1;
    case 1: return -1;  // <pad>
    case 2: return 2;
    case 3: return m_unkId;
    default: return id == int(m_pieces.size()) + 1 ? -1 /* <mask> */ : id - 1;
    }
}

std::vector<std::pair<std::string, int>> UnigramTokenizer::encodeWithPieces(std::string_view utf8) const
{
    auto out = encodeNative(utf8);
    for (auto &p : out)
        p.second = toLayoutId(p.second);
    return out;
}

std::vector<int> UnigramTokenizer::encode(std::string_view utf8) const
{
    const auto pieces = encodeNative(utf8);
    std::vector<int> ids;
    ids.reserve(pieces.size());
    for (const auto &p : pieces)
        ids.push_back(toLayoutId(p.second));
    return ids;
}

std::vector<std::string> UnigramTokenizer::encodeToPieces(std::string_view utf8) const
{
    auto pieces = encodeNative(utf8);
    std::vector<std::string> out;
    out.reserve(pieces.size());
    for (auto &p : pieces)
        out.push_back(std::move(p.first));
    return out;
}

int UnigramTokenizer::vocabSize() const
{
    return m_layout == IdLayout::XlmR ? int(m_pieces.size()) + 2 : int(m_pieces.size());
}

std::string UnigramTokenizer::pieceText(int id) const
{
    if (id < 0 || id >= vocabSize())
        throw TokenizerError("token id " + std::to_string(id) + " is outside the vocabulary of "
                             + std::to_string(vocabSize()));
    if (m_layout == IdLayout::XlmR) {
        if (id == 1)
            return "<pad>";
        if (id == vocabSize() - 1)
            return "<mask>";
    }
    return m_pieces[std::size_t(toNativeId(id))].piece;
}

bool UnigramTokenizer::isSpecial(int id) const
{
    if (id < 0 || id >= vocabSize())
        return false;
    const int native = toNativeId(id);
    if (native < 0)
        return true;
    const PieceType t = m_pieces[std::size_t(native)].type;
    return t == PieceType::Control || t == PieceType::Unknown;
}

bool UnigramTokenizer::isWordStart(int id) const
{
    if (id < 0 || id >= vocabSize() || isSpecial(id))
        return false;
    return startsWith(m_pieces[std::size_t(toNativeId(id))].piece, kSpaceSymbol);
}

bool UnigramTokenizer::isPunctuation(int id) const
{
    if (id < 0 || id >= vocabSize() || isSpecial(id))
        return false;
    std::string_view text = m_pieces[std::size_t(toNativeId(id))].piece;
    if (startsWith(text, kSpaceSymbol))
        text.remove_prefix(kSpaceSymbol.size());
    return textIsPunctuation(text);
}

std::vector<int> UnigramTokenizer::withSequenceSpecials(const std::vector<int> &ids) const
{
    std::vector<int> out;
    out.reserve(ids.size() + 2);
    const int bos = m_layout == IdLayout::XlmR ? 0 : m_bosId;
    const int eos = m_layout == IdLayout::XlmR ? 2 : m_eosId;
    if (bos >= 0)
        out.push_back(bos);
    out.insert(out.end(), ids.begin(), ids.end());
    if (eos >= 0)
        out.push_back(eos);
    return out;
}

// sentencepiece_processor.cc SentencePieceProcessor::Decode (0.1.97):
//   control pieces decode to ""; an unknown id to unk_surface (" ⁇ "); runs of byte pieces to their
//   bytes (invalid UTF-8 -> U+FFFD per byte); the first piece loses a leading U+2581 when
//   add_dummy_prefix; every U+2581 becomes a space.
std::string UnigramTokenizer::decode(const std::vector<int> &ids) const
{
    std::string out;
    bool isBosWs = m_normalizer.spec().addDummyPrefix && !m_normalizer.spec().treatWhitespaceAsSuffix;
    std::string pendingBytes;
    auto flushBytes = [&] {
        std::string_view rest = pendingBytes;
        std::string valid;
        while (!rest.empty()) {
            std::size_t len = 0;
            if (utf8::isValidDecode(rest, &len)) {
                valid.append(rest.substr(0, len));
            } else {
                valid.append("\xef\xbf\xbd");
                len = 1;
            }
            rest.remove_prefix(len);
        }
        pendingBytes.clear();
        if (!valid.empty())
            isBosWs = false;
        out += valid;
    };
    for (const int id : ids) {
        if (id < 0 || id >= vocabSize())
            throw TokenizerError("token id " + std::to_string(id) + " is outside the vocabulary of "
                                 + std::to_string(vocabSize()));
        const int native = toNativeId(id);
        if (native < 0)
            continue;  // <pad>, <mask> of the XLM-R layout
        const SentencePieceEntry &p = m_pieces[std::size_t(native)];
        if (p.type == PieceType::Byte) {
            unsigned value = 0;
            if (std::sscanf(p.piece.c_str() + 3, "%2X", &value) == 1)
                pendingBytes += char(value);
            continue;
        }
        flushBytes();
        std::string surface;
        if (p.type == PieceType::Control) {
            surface.clear();
        } else if (p.type == PieceType::Unknown) {
            surface = m_unkSurface;
        } else {
            std::string_view piece = p.piece;
            if (isBosWs && startsWith(piece, kSpaceSymbol))
                piece.remove_prefix(kSpaceSymbol.size());
            surface = spacesForMarks(piece);
        }
        if (!surface.empty())
            isBosWs = false;
        out += surface;
    }
    flushBytes();
    return out;
}

}  // namespace gauntlet::text
