// Shard projects for the merge tests (tests/store/tst_project_merge.cpp, tests/app/tst_merge_command.cpp):
// runs written through RunStore into a project with the bundled FLORES-200 seed set.
#pragma once

#include "engine/ato/run_store.h"
#include "engine/store/project.h"
#include "tests/support/file_hash.h"

#include <QCryptographicHash>
#include <QFile>
#include <QtTest>

namespace gauntlet::testing {

/// One run through RunStore: steps 0..2, each with a beam of 2 and 3 archived candidates; finished
/// runs end with the step-2 candidate "<seed> c2-1" as output.
inline void storeRun(storage::Database &db, qint64 seedId, const QString &seedText, bool finished)
{
    ato::AtoConfig config;
    config.beamWidth = 2;
    config.steps = 2;
    ato::RunStore store(db, seedId);
    const std::string seed = seedText.toStdString();
    store.runStarted({seed, config, nlohmann::json::object()});
    for (int step = 0; step <= 2; ++step) {
        ato::StepFinishedEvent e;
        e.step = step;
        e.bestLoss = 1.0 - 0.1 * step;
        for (int rank = 0; rank < 2; ++rank) {
            ato::BeamMemberRecord m;
            m.rank = rank;
            m.text = seed + " b" + std::to_string(step) + "-" + std::to_string(rank);
            e.beam.push_back(m);
        }
        for (int c = 0; c < 3; ++c)
            e.candidates.push_back({seed + " c" + std::to_string(step) + "-" + std::to_string(c), {}, {}});
        store.stepFinished(e);
    }
    ato::RunEndedEvent ended;
    if (finished) {
        ato::RunResult result;
        result.outputText = seed + " c2-1";
        result.selectedBy = "lowest-perplexity";
        ended.result = result;
    } else {
        ended.status = ato::RunStatus::Cancelled;
    }
    store.runEnded(ended);
}

inline qint64 floresSeed(storage::Database &db, int position, QString *text)
{
    storage::SqlQuery q(db, QStringLiteral("SELECT s.id, s.text FROM seeds s JOIN seed_sets ss ON ss.id = s.seed_set_id WHERE ss.name = ? AND s.position = ?"));
    q.bind(0, QLatin1String(storage::BundledSeedSet::Name)).bind(1, position).exec();
    if (!q.next())
        return 0;
    *text = q.value(1).toString();
    return q.value(0).toLongLong();
}

/// A shard project at `path` with one run per seed position (finished unless listed in `cancelled`),
/// closed and checkpointed so its bytes are stable.
inline void makeShard(const QString &path, const QList<int> &positions, const QList<int> &cancelled = {})
{
    auto project = storage::Project::open(path);
    for (const int p : positions) {
        QString text;
        const qint64 id = floresSeed(project->database(), p, &text);
        QVERIFY(id > 0);
        storeRun(project->database(), id, text, !cancelled.contains(p));
    }
    project->database().scalar(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
}

}  // namespace gauntlet::testing
