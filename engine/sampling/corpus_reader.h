// Reading a corpus file one row at a time (issue 23: a 73 MB file must not be held in memory as a
// whole), and building a segment from its rows. parseCorpus (corpus.h) groups the rows in memory;
// CoverageStore::importCorpusFile groups them in SQLite and stores each segment as it is built.
// Both use these two pieces, so a file reads the same either way.
#pragma once

#include "engine/sampling/corpus.h"

#include <QIODevice>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

namespace gauntlet::sampling {

/// One data row of a corpus file, its fields taken from the columns CorpusRowReader picked.
struct CorpusRow {
    int line = 0;          ///< 1-based line in the file
    QString documentId;    ///< "segment-<key>" when the file has no document column
    QString key;           ///< the key column, or the line number
    QString system;        ///< "" without a system column
    QString source;        ///< span markers removed when CorpusFileOptions::removeSpanMarkers
    QString mt;
    QString postEdit;
    QStringList labels;    ///< the row's gold-label categories, each once, sorted
};

/// Streams the rows of a TSV or JSONL corpus file (format, columns and aliases as
/// CorpusFileOptions describes). Reads one line at a time; a JSONL file is read twice (its header
/// is the union of every object's keys). Rows of systems outside CorpusFileOptions::systems are
/// skipped. Throws SamplingError naming `name` and the line for non-UTF-8 bytes, a missing
/// required column, a row with the wrong number of fields, malformed JSON, an empty source or an
/// empty document id.
class CorpusRowReader {
public:
    /// `device` must be open for reading and outlive the reader; `name` stands for the file in
    /// messages and picks the format when options.format is Auto. Reads the header (TSV) or the
    /// keys (JSONL) and picks the columns; throws SamplingError for an empty file or a missing
    /// required column.
    CorpusRowReader(QIODevice *device, const QString &name, const CorpusFileOptions &options);

    /// The next row of a kept system into `row`; false at the end of the file.
    bool next(CorpusRow *row);

    bool hasDocumentColumn() const { return !m_docColumn.isEmpty(); }
    QString documentColumnAliases() const;
    bool postEditIsReference() const { return m_peColumn.startsWith(QLatin1String("ref")); }
    /// Data rows read so far, kept or not (0 after the header means an empty corpus).
    int rowsRead() const { return m_rowsRead; }

private:
    bool readLine(QString *line);
    int column(const QString &name) const { return int(m_header.indexOf(name)); }

    QIODevice *m_device;
    QString m_name;
    CorpusFileOptions m_options;
    bool m_jsonl = false;
    int m_line = 0;
    int m_rowsRead = 0;
    QStringList m_header;
    QString m_docColumn, m_keyColumn, m_srcColumn, m_mtColumn, m_peColumn, m_systemColumn, m_labelsColumn;
};

/// Builds segments from their rows: checks that every row of a segment has the same source and
/// post-edit and names each system once (and every kept system when CorpusFileOptions::systems
/// is given), orders the translations by `systemOrder`, scores the post-edit (postEditScore) and
/// turns the rows' labels into gold labels (share of rows carrying each, highest first).
class SegmentBuilder {
public:
    SegmentBuilder(const QString &name, const CorpusFileOptions &options) : m_name(name), m_options(options) {}
    /// `rows` in file order (at least one); `systemOrder`: options.systems, then every other
    /// system in first-seen order. Throws SamplingError naming the file and line.
    CorpusSegment build(const QVector<CorpusRow> &rows, const QStringList &systemOrder, int positionInDocument,
                        bool prefixKeyWithDocument) const;

private:
    QString m_name;
    CorpusFileOptions m_options;
};

}  // namespace gauntlet::sampling
