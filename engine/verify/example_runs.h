// Which challenge examples were made from which augmentation run (issue 21, item 4): their
// "run:N" tags (engine/augment/example_from_run.h writes them), read without loading the examples.
#pragma once

#include <QHash>
#include <QVector>

namespace gauntlet::storage { class Database; }

namespace gauntlet::verify {

/// The examples made from augmentation runs, by run id, each list by example id. Throws StoreError.
QHash<qint64, QVector<qint64>> examplesByRun(storage::Database &db);

}  // namespace gauntlet::verify
