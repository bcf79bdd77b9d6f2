// Merging shard projects (issue 25): the project files of `gauntlet augment --shard i/n` tasks (one
// per Slurm array task) copied into one project, so the GUI can replay and compare a sharded data
// set as one. Every run-related table is copied (runs, run_steps, beam_members, archive_candidates,
// run_results with the judges, and any table a later migration ties to runs with ON DELETE CASCADE:
// found from the schema's foreign keys) with new run ids and new ids for every table's own INTEGER
// PRIMARY KEY id, each foreign key following; each copied run gets a
// run_origins row (migration 0013: shard file, the run's id there, when merged); runs.host and
// runs.process_id keep the machine and process that ran it.
#pragma once

#include <QString>
#include <QStringList>

namespace gauntlet::ato {

/// What mergeProjects copied into the target, summed over the shards.
struct ProjectMergeSummary {
    int shards = 0;
    qint64 runs = 0, steps = 0, beamMembers = 0, candidates = 0, results = 0;
    qint64 seedSetsAdded = 0;    ///< seed sets a shard's runs start from that the target lacked (copied whole)
    qint64 seedsUnmatched = 0;   ///< runs whose seed is in a same-named target set at another position or text: seed_id NULL, seed_text kept
};

/// Copies the runs of every project in `shardPaths` into the project at `targetPath` (created when
/// missing; an older target schema is migrated as Project::open does).
///
/// Seeds: a run's seed_id is mapped to the target seed with the same seed-set name, position and
/// text; a seed set the target lacks is copied whole; otherwise seed_id becomes NULL (seed_text is
/// always kept).
///
/// All or nothing: every shard is checked before the target is opened, shards are copied
/// (VACUUM INTO, never written) into a staging file next to the target, and the staged runs go into
/// the target in ONE transaction; on any error the target is left as it was (a target this call
/// created is removed again). Memory is bounded: rows move with INSERT ... SELECT inside SQLite.
///
/// Throws StoreError naming the file when: no shard is given; a shard is missing, empty, not an
/// SQLite database, another program's database, corrupt, or written by a newer schema; a shard is
/// the target itself; or a run of a shard is already in the target or in an earlier shard of the
/// same call (a run is identified by host, process id, created_at, method and seed text, so merging
/// a shard twice is refused, not repeated). A shard with an older schema is migrated on its copy.
ProjectMergeSummary mergeProjects(const QString &targetPath, const QStringList &shardPaths);

}  // namespace gauntlet::ato
