// Reading seed texts from user files: TSV with a header, plain text (one seed per line), or JSONL.
#pragma once

#include <QString>
#include <QVector>

namespace gauntlet::storage {

/// One seed text with the metadata a file may carry.
struct SeedRecord {
    QString text;
    QString corpus;
    QString documentId;
    QString domain;
    QString segmentKey;
    int sourceLine = 0;  ///< 1-based line in the file it came from (0 when not from a file)
};

enum class SeedFileFormat { Auto, Tsv, Text, Jsonl };

/// Parses "auto", "tsv", "text"/"txt" or "jsonl"; throws std::invalid_argument otherwise.
SeedFileFormat parseSeedFileFormat(const QString &name);

/// The longest seed accepted, in UTF-16 code units (seeds are sentences or short paragraphs).
constexpr int MaxSeedLength = 10000;

/// Index (UTF-16 units) of the first control character of `text` (C0 other than tab, DEL, C1), or
/// -1 when there is none. Such characters are no part of a sentence, and a NUL cuts the text
/// short in the C libraries that judge it (issue 39); seed files and `augment --text` refuse them.
qsizetype controlCharacterIndex(const QString &text);

/// Reads seeds from `path`.
///
/// - Tsv: the first line is a header. The text column is the first of `text`, `source`, `src`,
///   `sentence`, `first_sentence`, `segment` present; optional columns `corpus`, `doc_id` /
///   `document_id` / `docid`, `domain`, `seg_key` / `segment_id` / `id`. Fields are split at tabs
///   with no quoting (quotes are part of the text).
/// - Text: every non-empty line is one seed.
/// - Jsonl: every non-empty line is an object with a string `text` and optional `corpus`,
///   `doc_id`/`document_id`, `domain`, `seg_key`/`id` (strings or numbers).
/// - Auto: by extension (.tsv, .jsonl/.ndjson, .txt), else by content (a first line starting with
///   '{' is JSONL, one containing a tab is TSV, anything else text).
///
/// A UTF-8 byte-order mark and CRLF line ends are accepted; blank lines are skipped; seed text is
/// trimmed. Throws gauntlet::core::InputFileError naming the file and line for invalid UTF-8, a malformed
/// row or JSON value, a missing or empty text, a seed longer than MaxSeedLength, and for a file
/// with no seeds at all.
QVector<SeedRecord> readSeedFile(const QString &path, SeedFileFormat format = SeedFileFormat::Auto);

/// The same over file contents already in memory; `name` stands for the file in error messages
/// and its extension guides SeedFileFormat::Auto.
QVector<SeedRecord> readSeedBytes(const QByteArray &bytes, const QString &name, SeedFileFormat format = SeedFileFormat::Auto);

}  // namespace gauntlet::storage
