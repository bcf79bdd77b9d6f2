-- Schema version 13 (issue 25): where a merged run came from. `gauntlet merge --project` copies the
-- runs of shard project files (one per Slurm array task) into one project with new run ids; each
-- copied run gets one row here. The machine that ran it stays in runs.host, its process in
-- runs.process_id. Runs made in this project itself have no row.

CREATE TABLE run_origins (
    run_id        INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    shard_file    TEXT NOT NULL,      -- absolute path of the shard project the run was merged from
    shard_run_id  INTEGER NOT NULL,   -- the run's id in that file
    merged_at     TEXT NOT NULL       -- ISO 8601, UTC
);

-- A merge looks a run up by when it was created (with host, process, method and seed text) to
-- refuse copying the same run twice.
CREATE INDEX runs_by_created ON runs(created_at);
