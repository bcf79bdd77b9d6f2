#include "engine/text/tokenizer.h"
#include "engine/core/json_input.h"
#include "engine/core/enum_names.h"

#include "engine/text/byte_level_bpe.h"
#include "engine/text/sentencepiece_bpe.h"
#include "engine/text/tokenizer_json.h"
#include "engine/text/unigram_tokenizer.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

namespace gauntlet::text {

bool Tokenizer::roundTrips(const std::vector<int> &ids) const
{
    const int n = vocabSize();
    for (const int id : ids) {
        if (id < 0 || id >= n)
            return false;
    }
    return encode(decode(ids)) == ids;
}

QByteArray readTokenizerFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw TokenizerError("cannot read tokenizer file " + path.toStdString() + ": " + file.errorString().toStdString());
    return file.readAll();
}

const nlohmann::json &tokenizerModel(const nlohmann::json &doc, const std::string &where)
{
    if (!doc.is_object() || !doc.contains("model") || !doc["model"].is_object())
        throw TokenizerError(where + ": tokenizer.json has no \"model\" object");
    return doc["model"];
}

nlohmann::json parseTokenizerJson(std::string_view jsonText, const std::string &where)
{
    try {
        return core::parseJson(jsonText.data(), jsonText.data() + jsonText.size());
    } catch (const nlohmann::json::exception &e) {
        throw TokenizerError(where + ": invalid tokenizer.json: " + e.what());
    }
}

void checkAddedTokens(const nlohmann::json &doc, const std::string &where)
{
    const auto it = doc.find("added_tokens");
    if (it == doc.end() || it->is_null())
        return;
    if (!it->is_array())
        throw TokenizerError(where + ": \"added_tokens\" is not a list");
    for (std::size_t k = 0; k < it->size(); ++k) {
        const nlohmann::json &t = (*it)[k];
        const std::string entry = where + ": added_tokens[" + std::to_string(k) + "]";
        if (!t.is_object())
            throw TokenizerError(entry + " is not an object");
        if (!t.contains("id") || !t["id"].is_number_integer())
            throw TokenizerError(entry + " has no integer \"id\"");
        if (!t.contains("content") || !t["content"].is_string())
            throw TokenizerError(entry + " has no string \"content\"");
        if (t.contains("special") && !t["special"].is_boolean())
            throw TokenizerError(entry + ": \"special\" is not true or false");
    }
}

std::string tokenizerKindName(TokenizerKind kind)
{
    static const core::EnumName<TokenizerKind> Names[] = {{TokenizerKind::SentencePieceUnigram, "SentencePiece Unigram"},
                                                          {TokenizerKind::ByteLevelBpe, "byte-level BPE"},
                                                          {TokenizerKind::SentencePieceBpe, "SentencePiece BPE"}};
    return core::enumName(Names, kind, "unknown");
}

namespace {

std::shared_ptr<const Tokenizer> loadTokenizerJson(const QByteArray &bytes, const QString &path)
{
    const std::string where = path.toStdString();
    const nlohmann::json doc = parseTokenizerJson(std::string_view(bytes.constData(), size_t(bytes.size())), where);
    checkAddedTokens(doc, where);
    std::string type;
    if (doc.is_object() && doc.contains("model") && doc["model"].is_object() && doc["model"].contains("type")
        && doc["model"]["type"].is_string())
        type = doc["model"]["type"].get<std::string>();
    else if (doc.is_object() && doc.contains("model") && doc["model"].is_object() && doc["model"].contains("merges"))
        type = "BPE";  // older files omit the type
    if (type == "Unigram")
        return UnigramTokenizer::fromJsonDocument(doc, where);
    const bool byteFallback = type == "BPE" && doc["model"].contains("byte_fallback") && doc["model"]["byte_fallback"].is_boolean()
                              && doc["model"]["byte_fallback"].get<bool>();
    if (byteFallback)
        return SentencePieceBpeTokenizer::fromJsonDocument(doc, where);
    if (type == "BPE")
        return ByteLevelBpeTokenizer::fromJsonDocument(doc, where);
    throw TokenizerError(where + ": tokenizer.json model type \"" + type
                         + "\" is not supported (Unigram, byte-level BPE or SentencePiece BPE expected)");
}

}  // namespace

std::string TokenizerFiles::digest() const
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QFileInfo(path).fileName().toUtf8());
    hash.addData(bytes);
    if (format == Format::Gpt2) {
        hash.addData(QFileInfo(mergesPath).fileName().toUtf8());
        hash.addData(mergesBytes);
    }
    return hash.result().toHex().toStdString();
}

TokenizerFiles readTokenizerFiles(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        throw TokenizerError("tokenizer path " + path.toStdString() + " does not exist");
    TokenizerFiles files;
    const auto gpt2 = [&](const QString &vocab, const QString &merges) {
        files.format = TokenizerFiles::Format::Gpt2;
        files.path = vocab;
        files.bytes = readTokenizerFile(vocab);
        files.mergesPath = merges;
        files.mergesBytes = readTokenizerFile(merges);
        return files;
    };
    const auto single = [&](TokenizerFiles::Format format, const QString &file) {
        files.format = format;
        files.path = file;
        files.bytes = readTokenizerFile(file);
        return files;
    };
    if (info.isDir()) {
        const QDir dir(path);
        if (dir.exists(QStringLiteral("tokenizer.json")))
            return single(TokenizerFiles::Format::TokenizerJson, dir.filePath(QStringLiteral("tokenizer.json")));
        for (const char *name : {"sentencepiece.bpe.model", "spiece.model", "tokenizer.model"}) {
            if (dir.exists(QLatin1String(name)))
                return single(TokenizerFiles::Format::SentencePieceModel, dir.filePath(QLatin1String(name)));
        }
        const QStringList models = dir.entryList({QStringLiteral("*.model")}, QDir::Files);
        if (models.size() == 1)
            return single(TokenizerFiles::Format::SentencePieceModel, dir.filePath(models.first()));
        if (dir.exists(QStringLiteral("encoder.json")) && dir.exists(QStringLiteral("vocab.bpe")))
            return gpt2(dir.filePath(QStringLiteral("encoder.json")), dir.filePath(QStringLiteral("vocab.bpe")));
        if (dir.exists(QStringLiteral("vocab.json")) && dir.exists(QStringLiteral("merges.txt")))
            return gpt2(dir.filePath(QStringLiteral("vocab.json")), dir.filePath(QStringLiteral("merges.txt")));
        throw TokenizerError("no tokenizer in folder " + path.toStdString()
                             + " (expected tokenizer.json, one *.model file, encoder.json + vocab.bpe, or"
                               " vocab.json + merges.txt)"
                             + (models.size() > 1 ? "; it holds several *.model files" : ""));
    }
    if (info.fileName().endsWith(QLatin1String(".json"))) {
        for (const auto &[vocab, merges] : {std::pair{"encoder.json", "vocab.bpe"}, std::pair{"vocab.json", "merges.txt"}}) {
            const QString mergesPath = info.dir().filePath(QLatin1String(merges));
            if (info.fileName() == QLatin1String(vocab) && QFileInfo::exists(mergesPath))
                return gpt2(path, mergesPath);
        }
        return single(TokenizerFiles::Format::TokenizerJson, path);
    }
    if (info.fileName() == QLatin1String("vocab.bpe"))
        return gpt2(info.dir().filePath(QStringLiteral("encoder.json")), path);
    // Anything else is tried as a SentencePiece model (its own errors name the file).
    return single(TokenizerFiles::Format::SentencePieceModel, path);
}

std::shared_ptr<const Tokenizer> loadTokenizer(const TokenizerFiles &files, const LoadOptions &options)
{
    switch (files.format) {
    case TokenizerFiles::Format::TokenizerJson:
        return loadTokenizerJson(files.bytes, files.path);
    case TokenizerFiles::Format::SentencePieceModel:
        return UnigramTokenizer::fromModelProto(std::string_view(files.bytes.constData(), std::size_t(files.bytes.size())),
                                                files.path.toStdString(), options.xlmrIds ? IdLayout::XlmR : IdLayout::Native);
    case TokenizerFiles::Format::Gpt2:
        return ByteLevelBpeTokenizer::fromGpt2Bytes(files.bytes, files.path, files.mergesBytes, files.mergesPath);
    }
    throw TokenizerError("tokenizer " + files.path.toStdString() + ": unknown format");
}

std::shared_ptr<const Tokenizer> loadTokenizer(const QString &path, const LoadOptions &options)
{
    return loadTokenizer(readTokenizerFiles(path), options);
}

}  // namespace gauntlet::text
