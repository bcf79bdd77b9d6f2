// Inside CoverageStore (coverage_store.cpp, coverage_store_corpora.cpp, corpus_import.cpp): writing
// a corpus' rows, shared by addCorpus (a corpus in memory) and importCorpusFile (streamed from a file).
#pragma once

#include "engine/sampling/corpus.h"
#include "engine/store/database.h"

namespace gauntlet {

/// The first column of `sql`'s first row as an int, with `id` bound to its one placeholder (0
/// when there is no row).
int countRows(Database &db, const QString &sql, qint64 id);

/// Inserts the `corpora` row; returns its id. Throws StoreError.
qint64 insertCorpusRow(Database &db, const QString &name, const QString &sourceFile, bool postEditIsReference, bool hasDocuments);

/// Inserts segments of one corpus (corpus_segments and segment_translations) with two prepared
/// statements. Throws StoreError.
class SegmentInserter {
public:
    SegmentInserter(Database &db, qint64 corpusId);
    /// `position`: 0-based, corpus order.
    void insert(int position, const sampling::CorpusSegment &segment);

private:
    qint64 m_corpusId;
    SqlQuery m_segments;
    SqlQuery m_translations;
};

}  // namespace gauntlet
