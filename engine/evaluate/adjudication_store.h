// Storing adjudications (engine/evaluate/adjudication.h) in a project (migration 0012): the
// adjudicated judgement as an answer of the annotator "adjudicated" in campaign_answers (so every
// export carries it as one more annotator) and its provenance in campaign_adjudications, both in
// one transaction. Bad input throws StoreError naming the item before anything is written.
#pragma once

#include "engine/evaluate/adjudication.h"
#include "engine/store/store_error.h"

#include <QVector>

namespace gauntlet::storage { class Database; }

namespace gauntlet::evaluate {

class AdjudicationStore {
public:
    explicit AdjudicationStore(storage::Database &db) : m_db(db) {}

    /// The case of (item, system, stage) from the stored answers (evaluate::adjudicationCase).
    /// Throws StoreError when the campaign does not exist or the case cannot be built.
    evaluate::AdjudicationCase adjudicationCase(qint64 campaignId, const QString &itemKey, const QString &system, int stage);
    /// Translations that two or more annotators judged (evaluate::adjudicationUnits).
    QVector<evaluate::AdjudicationUnit> units(qint64 campaignId);

    /// Validates `adjudication` against the stored answers (evaluate::validateAdjudication) and
    /// stores it, replacing an earlier adjudication of the same translation: the judgement goes
    /// into the "adjudicated" answer of (item, stage) and the provenance row is written with the
    /// current UTC time. Returns the stored adjudication (adjudicatedAt set). Throws StoreError.
    evaluate::Adjudication save(qint64 campaignId, evaluate::Adjudication adjudication);
    /// Every stored adjudication of the campaign, by item key, stage and system.
    QVector<evaluate::Adjudication> adjudications(qint64 campaignId);

private:
    storage::Database &m_db;
};

}  // namespace gauntlet::evaluate
