// Inside CoverageStore (coverage_store.cpp, corpus_import.cpp): writing a corpus' rows, shared by
// addCorpus (a corpus in memory) and importCorpusFile (streamed from a file).
#pragma once

#include "engine/sampling/corpus.h"
#include "engine/store/database.h"

namespace gauntlet {

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
