// Deleting stored runs with undo (issue 34 item 9): the rows of every table that belongs to the
// runs (each has a run_id column: steps, beams, archive, pools, results, translations, origins)
// are read before the runs are deleted, so the same rows, with the same ids, can be put back.
#pragma once

#include "engine/store/database.h"

#include <QString>
#include <QStringList>
#include <QVariantList>

#include <vector>

namespace gauntlet::ato {

/// What deleteRuns removed: per table, its columns and rows, in the order they were read.
struct DeletedRuns {
    struct Table {
        QString name;
        QStringList columns;
        std::vector<QVariantList> rows;
    };
    std::vector<qint64> runIds;
    std::vector<Table> tables;  ///< `runs` first
    bool empty() const { return runIds.empty(); }
};

/// Deletes runs `runIds` (ids that do not exist are skipped) and everything that belongs to them,
/// in one transaction, and returns their rows. Throws StoreError (nothing is deleted then).
DeletedRuns deleteRuns(storage::Database &db, const std::vector<qint64> &runIds);

/// Puts back what deleteRuns removed, with the same ids, in one transaction. Throws StoreError
/// when a row cannot go back (an id taken since, e.g. a run stored after the deletion took the
/// same id); nothing is restored then.
void restoreRuns(storage::Database &db, const DeletedRuns &deleted);

}  // namespace gauntlet::ato
