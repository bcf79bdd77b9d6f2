// Parsing a Hugging Face tokenizer.json document, shared by the Unigram and BPE loaders.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace gauntlet::text {

/// Parses `jsonText` as JSON; throws TokenizerError "<where>: invalid tokenizer.json: ..." when it
/// is not. Checks nothing about the document's shape (each loader does).
nlohmann::json parseTokenizerJson(std::string_view jsonText, const std::string &where);

/// Checks the document's "added_tokens" (absent or null: none): a list of objects, each with an
/// integer "id", a string "content" and, if given, a boolean "special". Throws TokenizerError
/// naming `where` and the entry (issue 39: [[...]] was read as no added tokens).
void checkAddedTokens(const nlohmann::json &doc, const std::string &where);

}  // namespace gauntlet::text
