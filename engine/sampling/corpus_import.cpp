// CoverageStore::importCorpusFile (coverage_store.h): a corpus file streamed into the project
// (issue 23: 200,000 segments, 73 MB, used to peak at 1.49 GB). The rows go into two temporary
// tables in batches as they are read (import_segments: one row per document + key, in order of
// first appearance, with the position in its document; import_rows: every row with its segment),
// then the rows are read back segment by segment (an index scan, no sort in memory), built into
// segments by the same SegmentBuilder as parseCorpus, scored and stored. One transaction: an
// error or a cancel leaves the project as it was.
#include "engine/sampling/coverage_store.h"

#include "engine/sampling/corpus_reader.h"
#include "engine/sampling/coverage_store_rows.h"
#include "engine/sampling/sampling_error.h"
#include "engine/store/database.h"

#include <QFile>
#include <QFileInfo>

namespace gauntlet::sampling {

using namespace sampling;

namespace {

/// Temporary tables live in a file (not in memory) while the import runs, whatever the
/// connection's temp_store was; restored and dropped afterwards.
class StagingTables {
public:
    explicit StagingTables(storage::Database &db) : m_db(db)
    {
        m_tempStore = m_db.scalar(QStringLiteral("PRAGMA temp_store")).toInt();
        m_db.exec(QStringLiteral("PRAGMA temp_store = FILE"));
        drop();
        m_db.exec(QStringLiteral("CREATE TEMP TABLE import_segments (id INTEGER PRIMARY KEY, doc TEXT NOT NULL, key TEXT NOT NULL, "
                                 "position_in_document INTEGER NOT NULL, UNIQUE (doc, key))"));
        m_db.exec(QStringLiteral("CREATE TEMP TABLE import_rows (segment INTEGER NOT NULL, line INTEGER NOT NULL, system TEXT NOT NULL, "
                                 "source TEXT NOT NULL, mt TEXT NOT NULL, post_edit TEXT NOT NULL, labels TEXT NOT NULL, "
                                 "PRIMARY KEY (segment, line)) WITHOUT ROWID"));
    }
    ~StagingTables()
    {
        try {
            drop();
            m_db.exec(QStringLiteral("PRAGMA temp_store = %1").arg(m_tempStore));
        } catch (const storage::StoreError &) {
            // The connection is closing or broken; the temporary tables go with it.
        }
    }

private:
    void drop()
    {
        m_db.exec(QStringLiteral("DROP TABLE IF EXISTS temp.import_rows"));
        m_db.exec(QStringLiteral("DROP TABLE IF EXISTS temp.import_segments"));
    }
    storage::Database &m_db;
    int m_tempStore = 0;
};

}  // namespace

CorpusSummary CoverageStore::importCorpusFile(const QString &path, const CorpusFileOptions &options, const QString &name, bool replace)
{
    if (!QFileInfo(path).isFile())
        throw SamplingError(QStringLiteral("%1: no such file").arg(path));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw SamplingError(QStringLiteral("%1: cannot read: %2").arg(path, file.errorString()));
    const QString corpusName = name.trimmed().isEmpty() ? QFileInfo(path).completeBaseName() : name.trimmed();
    if (corpusName.isEmpty())
        throw storage::StoreError(QStringLiteral("a corpus needs a name"));
    CorpusRowReader reader(&file, path, options);

    StagingTables staging(m_db);
    storage::Transaction transaction(m_db);
    if (const auto existing = corpusId(corpusName)) {
        if (!replace)
            throw storage::StoreError(QStringLiteral("a corpus named '%1' already exists (replace it explicitly)").arg(corpusName));
        storage::SqlQuery(m_db, QStringLiteral("DELETE FROM corpora WHERE id = ?")).bind(0, *existing).exec();
    }

    // 1. Rows into the staging tables, segments numbered in order of their first row.
    storage::SqlQuery findSegment(m_db, QStringLiteral("SELECT id FROM import_segments WHERE doc = ? AND key = ?"));
    storage::SqlQuery addSegment(m_db, QStringLiteral("INSERT INTO import_segments (doc, key, position_in_document) "
                                             "SELECT ?, ?, COUNT(*) FROM import_segments WHERE doc = ?"));
    storage::SqlQuery addRow(m_db, QStringLiteral("INSERT INTO import_rows (segment, line, system, source, mt, post_edit, labels) VALUES (?, ?, ?, ?, ?, ?, ?)"));
    QStringList systemOrder = options.systems;
    int segmentCount = 0;
    CorpusRow row;
    while (reader.next(&row)) {
        if (!systemOrder.contains(row.system))
            systemOrder.append(row.system);
        findSegment.bind(0, row.documentId).bind(1, row.key).exec();
        qint64 segment = 0;
        if (findSegment.next()) {
            segment = findSegment.value(0).toLongLong();
        } else {
            addSegment.bind(0, row.documentId).bind(1, row.key).bind(2, row.documentId).exec();
            segment = addSegment.lastInsertId();
            ++segmentCount;
        }
        addRow.bind(0, segment).bind(1, row.line).bind(2, row.system).bind(3, row.source).bind(4, row.mt).bind(5, row.postEdit)
            .bind(6, row.labels.join(QChar(0x1f))).exec();
    }
    if (reader.rowsRead() == 0)
        throw SamplingError(QStringLiteral("%1: no segments (only a header)").arg(path));
    if (segmentCount == 0)
        throw SamplingError(QStringLiteral("%1: no segments of the systems %2").arg(path, options.systems.join(QStringLiteral(", "))));
    // Keys unique over the corpus stay as they are; keys that restart in every document become
    // "<document>:<key>" (as parseCorpus does).
    const bool keysRepeat = m_db.scalar(QStringLiteral("SELECT 1 FROM import_segments GROUP BY key HAVING COUNT(*) > 1 LIMIT 1")).isValid();

    // 2. Segment by segment: build, score, store.
    const qint64 id = insertCorpusRow(m_db, corpusName, QFileInfo(path).absoluteFilePath(), reader.postEditIsReference(), reader.hasDocumentColumn());
    SegmentInserter inserter(m_db, id);
    const SegmentBuilder builder(path, options);
    storage::SqlQuery rows(m_db, QStringLiteral("SELECT r.segment, r.line, r.system, r.source, r.mt, r.post_edit, r.labels, s.doc, s.key, s.position_in_document "
                                       "FROM import_rows r JOIN import_segments s ON s.id = r.segment ORDER BY r.segment, r.line"));
    rows.exec();
    QVector<CorpusRow> group;
    qint64 groupSegment = -1;
    int groupPosition = 0, stored = 0;
    double scoreSum = 0.0;
    const auto flush = [&] {
        if (options.progress && stored % 64 == 0 && !options.progress(stored, segmentCount))
            throw SamplingError(QStringLiteral("%1: reading cancelled").arg(path));
        const CorpusSegment segment = builder.build(group, systemOrder, groupPosition, keysRepeat);
        scoreSum += segment.postEditScore;
        inserter.insert(stored++, segment);
        group.clear();
    };
    while (rows.next()) {
        const qint64 segment = rows.value(0).toLongLong();
        if (segment != groupSegment && !group.isEmpty())
            flush();
        groupSegment = segment;
        CorpusRow r;
        r.line = rows.value(1).toInt();
        r.system = rows.value(2).toString();
        r.source = rows.value(3).toString();
        r.mt = rows.value(4).toString();
        r.postEdit = rows.value(5).toString();
        const QString labels = rows.value(6).toString();
        if (!labels.isEmpty())
            r.labels = labels.split(QChar(0x1f));
        r.documentId = rows.value(7).toString();
        r.key = rows.value(8).toString();
        groupPosition = rows.value(9).toInt();
        group.append(r);
    }
    if (!group.isEmpty())
        flush();
    if (options.progress && !options.progress(stored, segmentCount))
        throw SamplingError(QStringLiteral("%1: reading cancelled").arg(path));
    storeCorpusSummary(id);
    transaction.commit();

    CorpusSummary summary;
    summary.id = id;
    summary.name = corpusName;
    summary.segments = stored;
    summary.documents = int(m_db.scalar(QStringLiteral("SELECT COUNT(DISTINCT doc) FROM import_segments")).toLongLong());
    summary.systems = systemOrder;
    summary.meanPostEditScore = scoreSum / stored;
    summary.hasDocuments = reader.hasDocumentColumn();
    return summary;
}

}  // namespace gauntlet::sampling
