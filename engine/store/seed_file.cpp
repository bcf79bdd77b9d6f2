#include "engine/store/seed_file.h"
#include "engine/core/arg_text.h"
#include "engine/core/json_input.h"

#include "engine/core/text_file.h"

#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace gauntlet::storage {

namespace {

int findColumn(const QStringList &header, std::initializer_list<const char *> names)
{
    for (const char *name : names) {
        const int i = header.indexOf(QLatin1String(name));
        if (i >= 0)
            return i;
    }
    return -1;
}

void checkText(const QString &path, int line, const QString &text)
{
    if (text.isEmpty())
        throw core::InputFileError(path, line, QStringLiteral("the seed text is empty"));
    if (const qsizetype i = controlCharacterIndex(text); i >= 0)
        throw core::InputFileError(path, line, QStringLiteral("the seed text holds the control character U+%1 at character %2")
                                             .arg(QStringLiteral("%1").arg(int(text[i].unicode()), 4, 16, QLatin1Char('0')).toUpper(), QString::number(i + 1)));
    if (text.size() > MaxSeedLength)
        throw core::InputFileError(path, line, QStringLiteral("the seed text is %1 characters long; the limit is %2")
                                             .arg(core::argText(text.size()), core::argText(MaxSeedLength)));
}

QVector<SeedRecord> readTsv(const QString &path, const QStringList &lines)
{
    int headerLine = 0;
    while (headerLine < lines.size() && lines[headerLine].trimmed().isEmpty())
        ++headerLine;
    if (headerLine == lines.size())
        return {};
    QStringList header = lines[headerLine].split(u'\t');
    for (QString &name : header)
        name = name.trimmed().toLower();
    const int textColumn = findColumn(header, {"text", "source", "src", "sentence", "first_sentence", "segment"});
    if (textColumn < 0)
        throw core::InputFileError(path, headerLine + 1,
                             QStringLiteral("the TSV header has no text column (one of text, source, src, sentence, "
                                            "first_sentence, segment); found: %1")
                                 .arg(header.join(QStringLiteral(", "))));
    const int corpus = findColumn(header, {"corpus"});
    const int document = findColumn(header, {"doc_id", "document_id", "docid"});
    const int domain = findColumn(header, {"domain"});
    const int segment = findColumn(header, {"seg_key", "segment_id", "id"});

    QVector<SeedRecord> seeds;
    for (int i = headerLine + 1; i < lines.size(); ++i) {
        if (lines[i].trimmed().isEmpty())
            continue;
        const QStringList fields = lines[i].split(u'\t');
        if (fields.size() != header.size())
            throw core::InputFileError(path, i + 1, QStringLiteral("expected %1 tab-separated fields as in the header, found %2")
                                                  .arg(header.size())
                                                  .arg(fields.size()));
        SeedRecord seed;
        seed.text = fields[textColumn].trimmed();
        checkText(path, i + 1, seed.text);
        auto field = [&](int column) { return column >= 0 ? fields[column].trimmed() : QString(); };
        seed.corpus = field(corpus);
        seed.documentId = field(document);
        seed.domain = field(domain);
        seed.segmentKey = field(segment);
        seed.sourceLine = i + 1;
        seeds.append(seed);
    }
    return seeds;
}

QVector<SeedRecord> readText(const QString &path, const QStringList &lines)
{
    QVector<SeedRecord> seeds;
    for (int i = 0; i < lines.size(); ++i) {
        const QString text = lines[i].trimmed();
        if (text.isEmpty())
            continue;
        checkText(path, i + 1, text);
        SeedRecord seed;
        seed.text = text;
        seed.sourceLine = i + 1;
        seeds.append(seed);
    }
    return seeds;
}

/// The first of `names` present as a string or number; a value of another type is refused with
/// the file, line and field (issue 39: "id": [[...]] gave an empty key).
QString jsonField(const nlohmann::json &object, std::initializer_list<const char *> names, const QString &path, int line)
{
    for (const char *name : names) {
        const auto it = object.find(name);
        if (it == object.end() || it->is_null())
            continue;
        if (it->is_string())
            return QString::fromStdString(it->get<std::string>()).trimmed();
        if (it->is_number())
            return QString::fromStdString(it->dump());
        throw core::InputFileError(path, line, QStringLiteral("the field \"%1\" must be a string or a number").arg(QLatin1String(name)));
    }
    return {};
}

QVector<SeedRecord> readJsonl(const QString &path, const QStringList &lines)
{
    QVector<SeedRecord> seeds;
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].trimmed().isEmpty())
            continue;
        nlohmann::json value;
        try {
            value = core::parseJson(lines[i].toStdString());
        } catch (const nlohmann::json::parse_error &e) {
            throw core::InputFileError(path, i + 1, QStringLiteral("not valid JSON (%1)").arg(QString::fromUtf8(e.what())));
        }
        if (!value.is_object())
            throw core::InputFileError(path, i + 1, QStringLiteral("expected a JSON object with a \"text\" field"));
        const auto text = value.find("text");
        if (text == value.end() || !text->is_string())
            throw core::InputFileError(path, i + 1, QStringLiteral("the object has no string field \"text\""));
        SeedRecord seed;
        seed.text = QString::fromStdString(text->get<std::string>()).trimmed();
        checkText(path, i + 1, seed.text);
        seed.corpus = jsonField(value, {"corpus"}, path, i + 1);
        seed.documentId = jsonField(value, {"doc_id", "document_id", "docid"}, path, i + 1);
        seed.domain = jsonField(value, {"domain"}, path, i + 1);
        seed.segmentKey = jsonField(value, {"seg_key", "segment_id", "id"}, path, i + 1);
        seed.sourceLine = i + 1;
        seeds.append(seed);
    }
    return seeds;
}

SeedFileFormat detectFormat(const QString &path, const QStringList &lines)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("tsv"))
        return SeedFileFormat::Tsv;
    if (suffix == QLatin1String("jsonl") || suffix == QLatin1String("ndjson"))
        return SeedFileFormat::Jsonl;
    if (suffix == QLatin1String("txt"))
        return SeedFileFormat::Text;
    for (const QString &line : lines) {
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        if (trimmed.startsWith(u'{'))
            return SeedFileFormat::Jsonl;
        return line.contains(u'\t') ? SeedFileFormat::Tsv : SeedFileFormat::Text;
    }
    return SeedFileFormat::Text;
}

}  // namespace

static QVector<SeedRecord> parseSeedLines(const QStringList &lines, const QString &path, SeedFileFormat format);

SeedFileFormat parseSeedFileFormat(const QString &name)
{
    const QString n = name.toLower();
    if (n == QLatin1String("auto"))
        return SeedFileFormat::Auto;
    if (n == QLatin1String("tsv"))
        return SeedFileFormat::Tsv;
    if (n == QLatin1String("text") || n == QLatin1String("txt"))
        return SeedFileFormat::Text;
    if (n == QLatin1String("jsonl"))
        return SeedFileFormat::Jsonl;
    throw std::invalid_argument("unknown seed file format '" + name.toStdString() + "' (auto, tsv, text or jsonl)");
}

QVector<SeedRecord> readSeedFile(const QString &path, SeedFileFormat format)
{
    return parseSeedLines(core::readUtf8Lines(path), path, format);
}

QVector<SeedRecord> readSeedBytes(const QByteArray &bytes, const QString &name, SeedFileFormat format)
{
    return parseSeedLines(core::splitUtf8Lines(bytes, name), name, format);
}

static QVector<SeedRecord> parseSeedLines(const QStringList &lines, const QString &path, SeedFileFormat format)
{
    if (format == SeedFileFormat::Auto)
        format = detectFormat(path, lines);
    QVector<SeedRecord> seeds;
    switch (format) {
    case SeedFileFormat::Tsv:
        seeds = readTsv(path, lines);
        break;
    case SeedFileFormat::Jsonl:
        seeds = readJsonl(path, lines);
        break;
    case SeedFileFormat::Text:
    case SeedFileFormat::Auto:
        seeds = readText(path, lines);
        break;
    }
    if (seeds.isEmpty())
        throw core::InputFileError(path, 0, QStringLiteral("contains no seed texts"));
    return seeds;
}

qsizetype controlCharacterIndex(const QString &text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if ((c < 0x20 && c != u'\t') || (c >= 0x7f && c <= 0x9f))  // tabs separate fields
            return i;
    }
    return -1;
}

}  // namespace gauntlet::storage
