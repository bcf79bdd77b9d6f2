// Inside CoverageStore (coverage_store.cpp, coverage_store_corpora.cpp, corpus_import.cpp): writing
// a corpus' rows, shared by addCorpus (a corpus in memory) and importCorpusFile (streamed from a file).
#pragma once

#include "engine/sampling/corpus.h"
#include "engine/store/database.h"

#include <optional>

namespace gauntlet::sampling {

/// The first column of `sql`'s first row as an int, with `id` bound to its one placeholder (0
/// when there is no row).
int countRows(storage::Database &db, const QString &sql, qint64 id);

/// The id of the row of `table` (taxonomies, corpora, samples) whose name is `name`; none when there
/// is no such row. Throws StoreError.
std::optional<qint64> idByName(storage::Database &db, const QString &table, const QString &name);

/// Runs `q`, a SELECT whose one placeholder is a row id, for `id` and moves to its row. Throws
/// StoreError "no <what> with id <id> in <database path>" when there is none.
void selectById(storage::Database &db, storage::SqlQuery &q, qint64 id, const QString &what);

/// Inserts the `corpora` row; returns its id. Throws StoreError.
qint64 insertCorpusRow(storage::Database &db, const QString &name, const QString &sourceFile, bool postEditIsReference, bool hasDocuments);

/// Inserts segments of one corpus (corpus_segments and segment_translations) with two prepared
/// statements. Throws StoreError.
class SegmentInserter {
public:
    SegmentInserter(storage::Database &db, qint64 corpusId);
    /// `position`: 0-based, corpus order.
    void insert(int position, const sampling::CorpusSegment &segment);

private:
    qint64 m_corpusId;
    storage::SqlQuery m_segments;
    storage::SqlQuery m_translations;
};

}  // namespace gauntlet::sampling
