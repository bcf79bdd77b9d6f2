// SentencePiece's word-start mark "▁" (U+2581), which a piece carries where the text had a space,
// and the piece's text with the marks turned back into spaces (issue 36: the BPE and Unigram
// decoders, the vocabulary filter and the ATO unknown-text map each had this loop).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gauntlet::text {

inline constexpr std::string_view SpaceMark = "\xe2\x96\x81";  // U+2581, UTF-8

/// Appends `piece` to `out` with every U+2581 replaced by a space; all other bytes as they are.
inline void appendSpacesForMarks(std::string &out, std::string_view piece)
{
    for (std::size_t i = 0; i < piece.size();) {
        if (piece.compare(i, SpaceMark.size(), SpaceMark) == 0) {
            out += ' ';
            i += SpaceMark.size();
        } else {
            out += piece[i++];
        }
    }
}

/// `piece` with every U+2581 replaced by a space.
inline std::string spacesForMarks(std::string_view piece)
{
    std::string out;
    out.reserve(piece.size());
    appendSpacesForMarks(out, piece);
    return out;
}

}  // namespace gauntlet::text
