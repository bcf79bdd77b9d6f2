// The seed's own text for its unknown tokens, so that the search can rewrite a seed that holds
// characters its tokenizer does not know (a small vocabulary such as the default pack's maps "ğ"
// in "Erdoğan" to <unk>). Decoding turns <unk> into the tokenizer's unknown surface (" ⁇ ", as
// SentencePiece's DecodeIds), which would change the text and fail the decode -> re-encode check
// (papers.md, GCG practice) for every candidate of such a seed. Putting the seed's text back at
// each <unk> the search kept makes those candidates round-trip, and keeps the output's text
// faithful to the seed where the search did not touch it.
#pragma once

#include "engine/ato/values.h"
#include "engine/text/tokenizer.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace gauntlet::ato {

class UnknownText {
public:
    UnknownText() = default;

    /// The unknown runs of `seedText` under `tokenizer`: for each position of `seedIds` (the
    /// model input, specials included, as encodeSeed builds it) that holds an unknown token, the
    /// text the tokenizer read there (Tokenizer::encodeToPieces gives a run of unknown characters
    /// as one piece holding that text). Empty when the seed has no unknown token, when the
    /// tokenizer is byte-level (no <unk>), or when the pieces do not line up with `seedIds`
    /// (then candidates keep the plain decode and the re-encode check decides, as before).
    static UnknownText ofSeed(const text::Tokenizer &tokenizer, std::string_view seedText, const TokenIds &seedIds);

    bool empty() const { return m_surfaces.empty(); }
    /// Number of unknown runs recorded.
    std::size_t size() const { return m_surfaces.size(); }

    /// tokenizer.decode(ids without its leading/trailing specials), with the k-th unknown surface
    /// of the decoded text replaced by the seed's text of the k-th <unk> in `ids`, when that
    /// position held this <unk> in the seed. A <unk> elsewhere keeps the unknown surface (the
    /// re-encode check then drops the candidate). `ids` must have the seed's length (substitutions
    /// replace one token by one token). Throws what Tokenizer::decode throws.
    std::string decode(const text::Tokenizer &tokenizer, const TokenIds &ids) const;

private:
    int m_unknownId = -1;
    std::string m_marker;                           ///< the decoded surface of m_unknownId
    std::map<std::int64_t, std::string> m_surfaces; ///< position in the seed ids -> seed text there
};

}  // namespace gauntlet::ato
