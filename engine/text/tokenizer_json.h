// Parsing a Hugging Face tokenizer.json document, shared by the Unigram and BPE loaders.
#pragma once

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace gauntlet::text {

/// Parses `jsonText` as JSON; throws TokenizerError "<where>: invalid tokenizer.json: ..." when it
/// is not. Checks nothing about the document's shape (each loader does).
nlohmann::json parseTokenizerJson(std::string_view jsonText, const std::string &where);

/// The document's "model" object. Throws TokenizerError "<where>: tokenizer.json has no \"model\"
/// object" when the document is not an object or its "model" is missing or not an object.
const nlohmann::json &tokenizerModel(const nlohmann::json &doc, const std::string &where);

/// The whole of a tokenizer file (tokenizer.json, encoder.json, vocab.bpe, a .model, ...). Throws
/// TokenizerError "cannot read tokenizer file <path>: <reason>" when it cannot be opened.
QByteArray readTokenizerFile(const QString &path);

/// Checks the document's "added_tokens" (absent or null: none): a list of objects, each with an
/// integer "id", a string "content" and, if given, a boolean "special". Throws TokenizerError
/// naming `where` and the entry (issue 39: [[...]] was read as no added tokens).
void checkAddedTokens(const nlohmann::json &doc, const std::string &where);

}  // namespace gauntlet::text
