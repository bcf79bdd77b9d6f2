#include "engine/ato/unknown_text.h"

#include "engine/text/space_mark.h"

#include <vector>

namespace gauntlet::ato {

namespace {

// [begin, end) of the ids between leading and trailing specials.
std::pair<size_t, size_t> innerRange(const text::Tokenizer &tokenizer, const TokenIds &ids)
{
    size_t begin = 0, end = ids.size();
    while (begin < end && tokenizer.isSpecial(int(ids[begin])))
        ++begin;
    while (end > begin && tokenizer.isSpecial(int(ids[end - 1])))
        --end;
    return {begin, end};
}

}  // namespace

UnknownText UnknownText::ofSeed(const text::Tokenizer &tokenizer, std::string_view seedText, const TokenIds &seedIds)
{
    UnknownText out;
    if (tokenizer.kind() != text::TokenizerKind::SentencePieceUnigram)
        return out;
    const std::vector<int> inner = tokenizer.encode(seedText);
    const std::vector<std::string> pieces = tokenizer.encodeToPieces(seedText);
    const auto [begin, end] = innerRange(tokenizer, seedIds);
    if (pieces.size() != inner.size() || end - begin != inner.size())
        return out;
    for (size_t i = 0; i < inner.size(); ++i) {
        if (std::int64_t(inner[i]) != seedIds[begin + i])
            return {};
        if (tokenizer.pieceText(inner[i]) == pieces[i])
            continue;
        // An unknown run: the piece holds the text read there, not the vocabulary string.
        if (out.m_unknownId >= 0 && out.m_unknownId != inner[i])
            return {};
        out.m_unknownId = inner[i];
        std::string surface = text::spacesForMarks(pieces[i]);
        if (i == 0 && !surface.empty() && surface.front() == ' ')
            surface.erase(0, 1);  // the dummy prefix SentencePiece added, not the seed's text
        out.m_surfaces[std::int64_t(begin + i)] = surface;
    }
    if (out.m_unknownId >= 0)
        out.m_marker = tokenizer.decode({out.m_unknownId});
    if (out.m_marker.empty())
        return {};
    return out;
}

std::string UnknownText::decode(const text::Tokenizer &tokenizer, const TokenIds &ids) const
{
    const auto [begin, end] = innerRange(tokenizer, ids);
    std::vector<int> inner(ids.begin() + std::ptrdiff_t(begin), ids.begin() + std::ptrdiff_t(end));
    std::string text = tokenizer.decode(inner);
    if (m_surfaces.empty())
        return text;
    size_t cursor = 0;
    for (size_t i = begin; i < end; ++i) {
        if (ids[i] != m_unknownId)
            continue;
        const size_t at = text.find(m_marker, cursor);
        if (at == std::string::npos)
            break;
        const auto it = m_surfaces.find(std::int64_t(i));
        if (it == m_surfaces.end()) {
            cursor = at + m_marker.size();
            continue;
        }
        text.replace(at, m_marker.size(), it->second);
        cursor = at + it->second.size();
    }
    return text;
}

}  // namespace gauntlet::ato
