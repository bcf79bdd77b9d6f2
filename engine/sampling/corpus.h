// Corpora for coverage and sampling (papers.md, TACTICS section 3.1): segments with a document
// id, a source, one or more MT outputs and a post-edit (or a human reference standing in for
// one), and a post-edit score e(s) = TER(MT, post-edit) with sacrebleu 2.6's defaults
// (engine/metrics/ter.h: case-insensitive, whitespace split), which reproduces MLQE-PE's `hter`.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace gauntlet::sampling {

/// One MT system's output for a segment.
struct SystemTranslation {
    QString system;  ///< "" when the file names no system
    QString mt;
};

/// A gold label read with the corpus (e.g. the MQM error categories of WMT21 TED).
struct GoldLabel {
    QString category;        ///< a taxonomy path, e.g. "Accuracy/Mistranslation"
    double confidence = 1.0; ///< share of the segment's rows that carry it, in (0, 1]
};

/// One segment of a corpus.
struct CorpusSegment {
    QString documentId;
    QString segmentKey;       ///< unique in the corpus (the file's key column, or the row number)
    int positionInDocument = 0;  ///< 0-based, in file order within the document
    QString source;
    QString postEdit;         ///< the post-edit, or the reference when the corpus has none
    QVector<SystemTranslation> translations;  ///< at least one; translations[0] is the primary MT
    double postEditScore = 0.0;  ///< TER(translations[0].mt, postEdit) / 100: 0 = unedited; may exceed 1
    QVector<GoldLabel> goldLabels;  ///< highest confidence first
};

/// A whole corpus, segments in file order (documents contiguous or not).
struct Corpus {
    QString name;
    QString sourceFile;
    bool postEditIsReference = false;  ///< true when "post-edit" holds a human reference
    /// false when the file had no document column: every segment is then its own document, so
    /// segments per document, Gini and TACTICS' coherence level do not apply.
    bool hasDocuments = true;
    QVector<CorpusSegment> segments;

    QStringList systems() const;    ///< every system name, in first-seen order
    QStringList documents() const;  ///< every document id, in first-seen order
};

enum class CorpusFormat { Auto, Tsv, Jsonl };

/// How to read a corpus file. Column names are matched case-insensitively; empty means "detect"
/// from the aliases listed (first present wins).
struct CorpusFileOptions {
    CorpusFormat format = CorpusFormat::Auto;  ///< Auto: ".jsonl"/".json" -> Jsonl, else Tsv
    QString documentColumn;   ///< doc_id, document, doc, docid (absent: every segment its own document)
    QString keyColumn;        ///< seg_id, segment_id, idx, id (absent: the row number); rows with the
                              ///< same key and document are one segment with several systems
    QString sourceColumn;     ///< source, src, src_tok, src_detok
    QString mtColumn;         ///< mt, mt_tok, mt_detok, target, translation, hyp
    QString postEditColumn;   ///< post_edit, postedit, pe, pe_tok, reference, ref (reference-like
                              ///< names set postEditIsReference)
    QString systemColumn;     ///< system, sys (absent: one unnamed system)
    QString labelsColumn;     ///< gold labels: "" = none; for TED "mqm_errors"
    QString labelSeparator = QStringLiteral(";");  ///< between labels in labelsColumn
    QString labelFieldSeparator = QStringLiteral("|");  ///< the category is the text before it
    QStringList ignoredLabels = {QStringLiteral("No-error")};  ///< labels that are not categories
    QStringList systems;      ///< keep only these systems (empty: all), primary first
    bool removeSpanMarkers = true;  ///< drop MQM's error-span markers <v> and </v> from every text
                                    ///< (WMT21 TED marks spans in the source of some rows)
    /// Called while segments are scored, with (segments scored, total), every 64 segments and at
    /// the end; returning false stops the read with a SamplingError ("... cancelled").
    std::function<bool(int done, int total)> progress;
};

/// Reads a corpus from TSV (header row, tab-separated, no quoting) or JSONL (one object per
/// line, the same field names), groups rows into segments, and computes every segment's
/// post-edit score. Throws SamplingError naming the file and line for a missing file, non-UTF-8
/// bytes, a missing required column (source, mt, post-edit), a row with the wrong number of
/// fields, malformed JSON, an empty source, a segment that lacks one of the kept systems' rows
/// or repeats one, or an empty result.
Corpus readCorpusFile(const QString &path, const CorpusFileOptions &options = {});
/// The same over bytes in memory; `name` stands for the file in messages.
Corpus parseCorpus(const QByteArray &bytes, const QString &name, const CorpusFileOptions &options = {});

/// TER(mt, postEdit) / 100 with sacrebleu's defaults (engine/metrics/ter.h), i.e. MLQE-PE's
/// hter: edits / reference words; 0 when both are empty, 1 when only the reference is empty.
double postEditScore(const QString &mt, const QString &postEdit);

}  // namespace gauntlet::sampling
