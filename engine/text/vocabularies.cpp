#include "engine/text/vocabularies.h"
#include "engine/core/save_file.h"
#include "engine/core/json_input.h"
#include "engine/text/space_mark.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>
#include <zip.h>

#include <algorithm>
#include <memory>
#include <set>

namespace gauntlet::text {

namespace {

constexpr int kCacheVersion = 1;

std::vector<std::string> splitWords(const QByteArray &bytes)
{
    std::vector<std::string> words;
    for (QByteArray line : bytes.split('\n')) {
        line = line.trimmed();
        if (!line.isEmpty())
            words.push_back(line.toStdString());
    }
    return words;
}

QByteArray readZipText(const QString &path)
{
    int error = 0;
    const QByteArray native = QFile::encodeName(path);
    std::unique_ptr<zip_t, decltype(&zip_discard)> archive(zip_open(native.constData(), ZIP_RDONLY, &error),
                                                            &zip_discard);
    if (!archive) {
        zip_error_t ze;
        zip_error_init_with_code(&ze, error);
        const std::string why = zip_error_strerror(&ze);
        zip_error_fini(&ze);
        throw TokenizerError("cannot open word list archive " + path.toStdString() + ": " + why);
    }
    const zip_int64_t n = zip_get_num_entries(archive.get(), 0);
    for (zip_int64_t i = 0; i < n; ++i) {
        zip_stat_t st;
        if (zip_stat_index(archive.get(), zip_uint64_t(i), 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
            continue;
        const QString name = QString::fromUtf8(st.name);
        if (!name.endsWith(QLatin1String(".txt"), Qt::CaseInsensitive))
            continue;
        if (st.size > (zip_uint64_t(1) << 31))
            throw TokenizerError("word list " + name.toStdString() + " in " + path.toStdString() + " is too large");
        std::unique_ptr<zip_file_t, decltype(&zip_fclose)> file(zip_fopen_index(archive.get(), zip_uint64_t(i), 0),
                                                                &zip_fclose);
        if (!file)
            throw TokenizerError("cannot read " + name.toStdString() + " in " + path.toStdString() + ": "
                                 + zip_strerror(archive.get()));
        QByteArray data(qsizetype(st.size), Qt::Uninitialized);
        const zip_int64_t got = zip_fread(file.get(), data.data(), st.size);
        if (got < 0 || zip_uint64_t(got) != st.size)
            throw TokenizerError("cannot read " + name.toStdString() + " in " + path.toStdString()
                                 + ": damaged archive");
        return data;
    }
    throw TokenizerError("word list archive " + path.toStdString() + " holds no .txt file");
}

std::vector<int> sortedUnique(std::vector<int> ids)
{
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

bool isAsciiVocabularyByte(unsigned char c)
{
    // Letters, digits, space and the ASCII punctuation of Python's string.punctuation.
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' '
        || (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60)
        || (c >= 0x7B && c <= 0x7E);
}

}  // namespace

std::vector<std::string> readWordList(const QString &path)
{
    if (path.endsWith(QLatin1String(".zip"), Qt::CaseInsensitive))
        return splitWords(readZipText(path));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw TokenizerError("cannot read word list " + path.toStdString() + ": " + file.errorString().toStdString());
    return splitWords(file.readAll());
}

std::vector<int> encodeListedWord(const Tokenizer &tokenizer, const std::string &word)
{
    if (tokenizer.kind() == TokenizerKind::ByteLevelBpe)
        return tokenizer.encode(" " + word);
    return tokenizer.encode(word);
}

std::vector<int> wholeWordVocabulary(const Tokenizer &tokenizer, const std::vector<std::string> &words)
{
    std::vector<int> ids;
    for (const auto &w : words) {
        const std::vector<int> enc = encodeListedWord(tokenizer, w);
        if (enc.size() == 1 && tokenizer.isWordStart(enc[0]))
            ids.push_back(enc[0]);
    }
    return sortedUnique(std::move(ids));
}

std::vector<int> subwordVocabulary(const Tokenizer &tokenizer, const std::vector<std::string> &words)
{
    std::vector<int> ids;
    for (const auto &w : words) {
        for (const int id : encodeListedWord(tokenizer, w)) {
            if (!tokenizer.isSpecial(id))
                ids.push_back(id);
        }
    }
    return sortedUnique(std::move(ids));
}

std::vector<int> asciiVocabulary(const Tokenizer &tokenizer)
{
    std::vector<int> ids;
    const int n = tokenizer.vocabSize();
    for (int id = 0; id < n; ++id) {
        if (tokenizer.isSpecial(id) || tokenizer.isAddedToken(id))
            continue;
        std::string text = tokenizer.decode({id});
        if (tokenizer.kind() == TokenizerKind::SentencePieceUnigram) {
            // decode() drops the leading U+2581 of a first piece; the piece itself keeps it.
            text = spacesForMarks(tokenizer.pieceText(id));
        }
        if (!text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
                return isAsciiVocabularyByte(static_cast<unsigned char>(c));
            }))
            ids.push_back(id);
    }
    return ids;
}

std::string tokenizerFingerprint(const QString &path)
{
    return readTokenizerFiles(path).digest();
}

SearchVocabularies loadOrBuildVocabularies(const QString &tokenizerPath, const LoadOptions &options,
                                           const QString &wordListPath, const QString &cacheDir, bool *fromCache)
{
    const TokenizerFiles files = readTokenizerFiles(tokenizerPath);
    return loadOrBuildVocabularies(*loadTokenizer(files, options), files.digest(), options, wordListPath, cacheDir, fromCache);
}

SearchVocabularies loadOrBuildVocabularies(const Tokenizer &tokenizer, const std::string &tokenizerDigest, const LoadOptions &options,
                                           const QString &wordListPath, const QString &cacheDir, bool *fromCache)
{
    if (fromCache)
        *fromCache = false;
    QString cacheFile;
    if (!cacheDir.isEmpty()) {
        QCryptographicHash key(QCryptographicHash::Sha256);
        key.addData(QByteArray::number(kCacheVersion));
        key.addData(QByteArray::fromStdString(tokenizerDigest));
        key.addData(options.xlmrIds ? "xlmr" : "native");
        QFile words(wordListPath);
        if (!words.open(QIODevice::ReadOnly))
            throw TokenizerError("cannot read word list " + wordListPath.toStdString());
        key.addData(&words);
        cacheFile = QDir(cacheDir).filePath(QStringLiteral("vocabularies-%1.json")
                                                .arg(QString::fromLatin1(key.result().toHex().left(24))));
        QFile cached(cacheFile);
        if (cached.open(QIODevice::ReadOnly)) {
            try {
                const QByteArray bytes = cached.readAll();
                const auto doc = core::parseJson(bytes.constData(), bytes.constData() + bytes.size());
                if (doc.at("version").get<int>() == kCacheVersion) {
                    SearchVocabularies v;
                    v.wholeWords = doc.at("whole_words").get<std::vector<int>>();
                    v.subwords = doc.at("subwords").get<std::vector<int>>();
                    v.ascii = doc.at("ascii").get<std::vector<int>>();
                    if (fromCache)
                        *fromCache = true;
                    return v;
                }
            } catch (const nlohmann::json::exception &) {
                // A damaged cache file is rebuilt below.
            }
        }
    }
    const std::vector<std::string> words = readWordList(wordListPath);
    SearchVocabularies v;
    v.wholeWords = wholeWordVocabulary(tokenizer, words);
    v.subwords = subwordVocabulary(tokenizer, words);
    v.ascii = asciiVocabulary(tokenizer);
    if (!cacheFile.isEmpty()) {
        QDir().mkpath(cacheDir);
        const nlohmann::json doc = {{"version", kCacheVersion},
                                    {"tokenizer", tokenizerDigest},
                                    {"word_list", wordListPath.toStdString()},
                                    {"whole_words", v.wholeWords},
                                    {"subwords", v.subwords},
                                    {"ascii", v.ascii}};
        if (const QString why = core::saveFile(cacheFile, QByteArray::fromStdString(doc.dump())); !why.isEmpty())
            throw TokenizerError("cannot write vocabulary cache " + cacheFile.toStdString() + ": " + why.toStdString());
    }
    return v;
}

}  // namespace gauntlet::text
