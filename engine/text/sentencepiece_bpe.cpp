#include "engine/text/sentencepiece_bpe.h"
#include "engine/core/json_input.h"
#include "engine/text/space_mark.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <limits>

namespace gauntlet::text {

namespace {

enum Flag : unsigned char { Special = 1, WordStart = 2, Punctuation = 4, Byte = 8 };
const std::string kSpaceMark = "\xe2\x96\x81";  // U+2581

[[noreturn]] void fail(const std::string &where, const std::string &what)
{
    throw TokenizerError(where + ": " + what);
}

std::uint64_t pairKey(int left, int right)
{
    return (std::uint64_t(std::uint32_t(left)) << 32) | std::uint32_t(right);
}

/// Length of the UTF-8 character at s[i], or 1 for an invalid byte.
size_t charLength(std::string_view s, size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size())
        return 1;
    for (size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80)
            return 1;
    return n;
}

/// Reads the normaliser and pre-tokenizer: whether a U+2581 is prepended. Throws for others.
bool readSpaceHandling(const nlohmann::json &doc, const std::string &where)
{
    bool prepend = false, replaces = false;
    std::vector<nlohmann::json> normalizers;
    if (doc.contains("normalizer") && doc["normalizer"].is_object()) {
        const auto &n = doc["normalizer"];
        if (n.value("type", "") == "Sequence" && n.contains("normalizers") && n["normalizers"].is_array())
            normalizers.assign(n["normalizers"].begin(), n["normalizers"].end());
        else
            normalizers.push_back(n);
    }
    for (const auto &n : normalizers) {
        const std::string type = n.is_object() ? n.value("type", "") : "";
        if (type == "Prepend" && n.value("prepend", "") == kSpaceMark)
            prepend = true;
        else if (type == "Replace" && n.contains("pattern") && n["pattern"].is_object()
                 && n["pattern"].value("String", "") == " " && n.value("content", "") == kSpaceMark)
            replaces = true;
        else
            fail(where, "normalizer " + core::jsonExcerpt(n) + " is not supported for a SentencePiece BPE tokenizer");
    }
    if (doc.contains("pre_tokenizer") && !doc["pre_tokenizer"].is_null()) {
        const auto &p = doc["pre_tokenizer"];
        if (!p.is_object() || p.value("type", "") != "Metaspace" || p.value("replacement", "") != kSpaceMark
            || p.value("split", false))
            fail(where, "pre_tokenizer " + core::jsonExcerpt(p) + " is not supported (only Metaspace with split false)");
        replaces = true;
        const std::string scheme = p.value("prepend_scheme", p.value("add_prefix_space", true) ? "always" : "never");
        prepend = prepend || scheme != "never";
    }
    if (!replaces)
        fail(where, "neither the normalizer nor the pre_tokenizer maps spaces to U+2581");
    return prepend;
}

}  // namespace

std::shared_ptr<const SentencePieceBpeTokenizer> SentencePieceBpeTokenizer::fromJsonDocument(const nlohmann::json &doc,
                                                                                             const std::string &where)
{
    if (!doc.is_object() || !doc.contains("model") || !doc["model"].is_object())
        fail(where, "no \"model\" object");
    try {
        return parse(doc, where);
    } catch (const nlohmann::json::exception &e) {  // a field of the wrong JSON type
        throw TokenizerError(where + ": malformed tokenizer.json: " + e.what());
    }
}

std::shared_ptr<const SentencePieceBpeTokenizer> SentencePieceBpeTokenizer::parse(const nlohmann::json &doc, const std::string &where)
{
    std::shared_ptr<SentencePieceBpeTokenizer> t(new SentencePieceBpeTokenizer());
    const auto &model = doc["model"];
    if (!model.contains("vocab") || !model["vocab"].is_object())
        fail(where, "model has no \"vocab\" object");
    const size_t n = model["vocab"].size();
    if (n == 0 || n > size_t(std::numeric_limits<int>::max()))
        fail(where, "vocabulary size " + std::to_string(n) + " is out of range");
    t->m_pieces.assign(n, std::string());
    std::vector<bool> seen(n, false);
    for (const auto &[piece, idValue] : model["vocab"].items()) {
        if (!idValue.is_number_integer() || idValue.get<int64_t>() < 0 || idValue.get<int64_t>() >= int64_t(n))
            fail(where, "vocab id of \"" + piece + "\" is not an integer in [0, " + std::to_string(n) + ")");
        const auto id = idValue.get<size_t>();
        if (seen[id])
            fail(where, "vocab id " + std::to_string(id) + " is used twice");
        seen[id] = true;
        t->m_pieces[id] = piece;
        t->m_vocab.emplace(piece, int(id));
    }
    t->m_flags.assign(n, 0);
    t->m_byteIds.fill(-1);
    for (int b = 0; b < 256; ++b) {
        char name[8];
        std::snprintf(name, sizeof name, "<0x%02X>", b);
        if (const auto it = t->m_vocab.find(name); it != t->m_vocab.end()) {
            t->m_byteIds[size_t(b)] = it->second;
            t->m_flags[size_t(it->second)] |= Byte;
        }
    }
    if (!model.contains("merges") || !model["merges"].is_array())
        fail(where, "model has no \"merges\" array");
    std::uint64_t rank = 0;
    for (const auto &m : model["merges"]) {
        std::string left, right;
        if (m.is_string()) {
            const std::string s = m.get<std::string>();
            const size_t space = s.find(' ');
            if (space == std::string::npos || s.find(' ', space + 1) != std::string::npos)
                fail(where, "merge \"" + s + "\" is not two pieces separated by one space");
            left = s.substr(0, space);
            right = s.substr(space + 1);
        } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
            left = m[0].get<std::string>();
            right = m[1].get<std::string>();
        } else {
            fail(where, "merge " + core::jsonExcerpt(m) + " is neither \"a b\" nor [\"a\", \"b\"]");
        }
        const auto l = t->m_vocab.find(left), r = t->m_vocab.find(right), merged = t->m_vocab.find(left + right);
        if (l == t->m_vocab.end() || r == t->m_vocab.end() || merged == t->m_vocab.end())
            fail(where, "merge \"" + left + "\" + \"" + right + "\": a part or the result is not in the vocabulary");
        t->m_merges.emplace(pairKey(l->second, r->second), (rank++ << 32) | std::uint32_t(merged->second));
    }
    const std::string unk = model.contains("unk_token") && model["unk_token"].is_string() ? model["unk_token"].get<std::string>() : "";
    if (const auto it = t->m_vocab.find(unk); it != t->m_vocab.end())
        t->m_unkId = it->second;
    else
        fail(where, "unk_token \"" + unk + "\" is not in the vocabulary");
    t->m_flags[size_t(t->m_unkId)] |= Special;
    if (doc.contains("added_tokens") && doc["added_tokens"].is_array())
        for (const auto &a : doc["added_tokens"])
            if (a.is_object() && a.contains("id") && a["id"].is_number_integer() && a.value("special", false)) {
                const auto id = a["id"].get<int64_t>();
                if (id < 0 || id >= int64_t(n))
                    fail(where, "added token id " + std::to_string(id) + " is outside the vocabulary");
                t->m_flags[size_t(id)] |= Special;
            }
    t->markWordsAndPunctuation();
    t->m_prepend = readSpaceHandling(doc, where);
    // Post-processor (TemplateProcessing): the specials before and after $A in "single".
    if (doc.contains("post_processor") && doc["post_processor"].is_object()
        && doc["post_processor"].value("type", "") == "TemplateProcessing" && doc["post_processor"].contains("single")) {
        bool after = false;
        for (const auto &item : doc["post_processor"]["single"]) {
            if (!item.is_object())
                fail(where, "post_processor item " + core::jsonExcerpt(item) + " is not an object");
            if (item.contains("Sequence")) {
                after = true;
            } else if (item.contains("SpecialToken") && item["SpecialToken"].is_object() && item["SpecialToken"].contains("id")) {
                const std::string name = item["SpecialToken"]["id"].is_string() ? item["SpecialToken"]["id"].get<std::string>() : "";
                const auto it = t->m_vocab.find(name);
                if (it == t->m_vocab.end())
                    fail(where, "post_processor special token \"" + name + "\" is not in the vocabulary");
                (after ? t->m_suffix : t->m_prefix).push_back(it->second);
            }
        }
    }
    return t;
}

void SentencePieceBpeTokenizer::markWordsAndPunctuation()
{
    for (size_t id = 0; id < m_pieces.size(); ++id) {
        if (m_flags[id] & (Special | Byte))
            continue;
        const std::string &p = m_pieces[id];
        const bool marked = p.compare(0, kSpaceMark.size(), kSpaceMark) == 0;
        if (marked)
            m_flags[id] |= WordStart;
        const QString rest = QString::fromStdString(marked ? p.substr(kSpaceMark.size()) : p);
        bool punct = !rest.isEmpty();
        for (const QChar c : rest)
            punct = punct && c.isPunct();
        if (punct)
            m_flags[id] |= Punctuation;
    }
}

std::shared_ptr<const SentencePieceBpeTokenizer> SentencePieceBpeTokenizer::fromScores(const ScoredVocabulary &v, const std::string &where)
{
    const size_t n = v.pieces.size();
    if (n == 0 || n > size_t(std::numeric_limits<int>::max()) || v.scores.size() != n || v.types.size() != n)
        fail(where, std::to_string(n) + " pieces, " + std::to_string(v.scores.size()) + " scores and " + std::to_string(v.types.size())
                        + " token types: they must be equal and non-zero");
    const auto checkId = [&](int id, const char *what, bool required) {
        if ((required || id != -1) && (id < 0 || size_t(id) >= n))
            fail(where, std::string(what) + " id " + std::to_string(id) + " is outside the vocabulary of " + std::to_string(n));
    };
    checkId(v.unkId, "unknown-token", true);
    checkId(v.bosId, "bos", v.addBos);
    checkId(v.eosId, "eos", v.addEos);
    std::shared_ptr<SentencePieceBpeTokenizer> t(new SentencePieceBpeTokenizer());
    t->m_pieces = v.pieces;
    t->m_flags.assign(n, 0);
    t->m_byteIds.fill(-1);
    t->m_vocab.reserve(n);
    for (size_t id = 0; id < n; ++id) {
        const std::string &p = v.pieces[id];
        if (p.empty() || !t->m_vocab.emplace(p, int(id)).second)
            fail(where, "piece " + std::to_string(id) + " \"" + p + "\" is empty or appears twice");
        const int type = v.types[id];
        if (type == 2 || type == 3)
            t->m_flags[id] |= Special;
        unsigned value = 0;
        if (type == 6 && p.size() == 6 && p.compare(0, 3, "<0x") == 0 && p[5] == '>' && std::sscanf(p.c_str() + 3, "%2X", &value) == 1) {
            t->m_flags[id] |= Byte;
            t->m_byteIds[value] = int(id);
        } else if (type == 6) {
            fail(where, "byte piece " + std::to_string(id) + " \"" + p + "\" is not <0xXX>");
        }
    }
    t->m_unkId = v.unkId;
    t->m_flags[size_t(v.unkId)] |= Special;
    // Dense ranks of the scores, highest first: equal scores share a rank, so the leftmost pair
    // merges first among them, as in llama.cpp's priority queue (llm_bigram_spm::comparator).
    std::vector<float> distinct(v.scores);
    std::sort(distinct.begin(), distinct.end(), std::greater<float>());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    const auto mergeable = [&](int id) { return v.types[size_t(id)] == 1 || v.types[size_t(id)] == 4; };
    for (size_t id = 0; id < n; ++id) {
        if (!mergeable(int(id)))
            continue;
        const std::string &p = v.pieces[id];
        const std::uint64_t rank = std::uint64_t(std::lower_bound(distinct.begin(), distinct.end(), v.scores[id], std::greater<float>()) - distinct.begin());
        for (size_t cut = charLength(p, 0); cut < p.size(); cut += charLength(p, cut)) {
            const auto l = t->m_vocab.find(p.substr(0, cut)), r = t->m_vocab.find(p.substr(cut));
            if (l != t->m_vocab.end() && r != t->m_vocab.end() && mergeable(l->second) && mergeable(r->second))
                t->m_merges.emplace(pairKey(l->second, r->second), (rank << 32) | std::uint32_t(id));
        }
    }
    t->markWordsAndPunctuation();
    t->m_prepend = v.addSpacePrefix;
    if (v.addBos)
        t->m_prefix.push_back(v.bosId);
    if (v.addEos)
        t->m_suffix.push_back(v.eosId);
    return t;
}

std::vector<int> SentencePieceBpeTokenizer::encode(std::string_view utf8) const
{
    std::string text;
    if (m_prepend && !utf8.empty())
        text = kSpaceMark;
    for (const char c : utf8)
        text += c == ' ' ? kSpaceMark : std::string(1, c);
    std::vector<int> ids;
    for (size_t i = 0; i < text.size();) {
        const size_t len = charLength(text, i);
        if (const auto it = m_vocab.find(text.substr(i, len)); it != m_vocab.end() && !(m_flags[size_t(it->second)] & Special)) {
            ids.push_back(it->second);
        } else {
            for (size_t k = 0; k < len; ++k) {
                const int b = m_byteIds[static_cast<unsigned char>(text[i + k])];
                if (b < 0) {
                    ids.push_back(m_unkId);
                    break;
                }
                ids.push_back(b);
            }
        }
        i += len;
    }
    // Merge the adjacent pair of lowest rank (leftmost on ties) until none merges.
    for (;;) {
        std::uint64_t best = std::numeric_limits<std::uint64_t>::max();
        size_t at = 0;
        for (size_t i = 0; i + 1 < ids.size(); ++i)
            if (const auto it = m_merges.find(pairKey(ids[i], ids[i + 1])); it != m_merges.end() && (it->second >> 32) < (best >> 32)) {
                best = it->second;
                at = i;
            }
        if (best == std::numeric_limits<std::uint64_t>::max())
            break;
        ids[at] = int(best & 0xFFFFFFFFu);
        ids.erase(ids.begin() + std::ptrdiff_t(at) + 1);
    }
    return ids;
}

std::vector<std::string> SentencePieceBpeTokenizer::encodeToPieces(std::string_view utf8) const
{
    std::vector<std::string> out;
    for (const int id : encode(utf8))
        out.push_back(m_pieces[size_t(id)]);
    return out;
}

std::string SentencePieceBpeTokenizer::decode(const std::vector<int> &ids) const
{
    std::string out;
    for (const int id : ids) {
        const std::string &p = pieceText(id);
        if (m_flags[size_t(id)] & Special)
            continue;
        if (m_flags[size_t(id)] & Byte) {
            out += char(std::stoi(p.substr(3, 2), nullptr, 16));  // "<0xXX>", checked on load
            continue;
        }
        appendSpacesForMarks(out, p);
    }
    if (m_prepend && !out.empty() && out.front() == ' ')
        out.erase(0, 1);
    return out;
}

std::string SentencePieceBpeTokenizer::pieceText(int id) const
{
    if (id < 0 || id >= vocabSize())
        throw TokenizerError("token id " + std::to_string(id) + " is outside [0, " + std::to_string(vocabSize()) + ")");
    return m_pieces[size_t(id)];
}

bool SentencePieceBpeTokenizer::isWordStart(int id) const
{
    return id >= 0 && id < vocabSize() && (m_flags[size_t(id)] & WordStart);
}

bool SentencePieceBpeTokenizer::isPunctuation(int id) const
{
    return id >= 0 && id < vocabSize() && (m_flags[size_t(id)] & Punctuation);
}

bool SentencePieceBpeTokenizer::isSpecial(int id) const
{
    return id >= 0 && id < vocabSize() && (m_flags[size_t(id)] & Special);
}

std::vector<int> SentencePieceBpeTokenizer::withSequenceSpecials(const std::vector<int> &ids) const
{
    std::vector<int> out = m_prefix;
    out.insert(out.end(), ids.begin(), ids.end());
    out.insert(out.end(), m_suffix.begin(), m_suffix.end());
    return out;
}

}  // namespace gauntlet::text
