-- Schema version 2: augmentation runs, their per-step beam snapshots, the candidate archive and
-- results (the ATO engine writes these as a run goes, so a killed run keeps its finished steps).

CREATE TABLE runs (
    id           INTEGER PRIMARY KEY,
    seed_id      INTEGER REFERENCES seeds(id) ON DELETE SET NULL,
    seed_text    TEXT NOT NULL,             -- kept even if the seed set is removed later
    method       TEXT NOT NULL,             -- direct | two-phase | random-words | random-subwords
    config_json  TEXT NOT NULL,             -- the full run config: any run can be repeated exactly
    models_json  TEXT NOT NULL DEFAULT '{}',-- model identifiers per role (folder, content hash)
    status       TEXT NOT NULL DEFAULT 'queued'
                 CHECK (status IN ('queued', 'running', 'finished', 'cancelled', 'failed')),
    error        TEXT,
    created_at   TEXT NOT NULL,
    started_at   TEXT,
    finished_at  TEXT
);
CREATE INDEX runs_by_seed ON runs(seed_id);

CREATE TABLE run_steps (
    run_id             INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    step               INTEGER NOT NULL,    -- 0 = the seed itself, then 1..T
    phase              INTEGER NOT NULL DEFAULT 1,
    best_loss          REAL,
    mean_loss          REAL,
    candidates_scored  INTEGER NOT NULL DEFAULT 0,
    elapsed_ms         INTEGER NOT NULL DEFAULT 0,
    finished_at        TEXT NOT NULL,
    PRIMARY KEY (run_id, step)
);

-- The whole beam after each step.
CREATE TABLE beam_members (
    run_id         INTEGER NOT NULL,
    step           INTEGER NOT NULL,
    rank           INTEGER NOT NULL,        -- 0 = best
    text           TEXT NOT NULL,
    token_ids      TEXT NOT NULL,           -- JSON array of ids in the optimised tokenizer
    loss           REAL,                    -- total objective L
    difficulty     REAL,                    -- D
    fluency_loss   REAL,                    -- L_CoLA
    cohesion_loss  REAL,                    -- L_cos
    perplexity     REAL,
    injected       INTEGER NOT NULL DEFAULT 0,  -- 1 when added by diversity injection
    parent_rank    INTEGER,
    changes_json   TEXT NOT NULL DEFAULT '[]',  -- substituted positions against the seed and the parent
    PRIMARY KEY (run_id, step, rank),
    FOREIGN KEY (run_id, step) REFERENCES run_steps(run_id, step) ON DELETE CASCADE
);

-- Every candidate scored during the run (ATO-Direct selects its output from here).
CREATE TABLE archive_candidates (
    id             INTEGER PRIMARY KEY,
    run_id         INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    step           INTEGER NOT NULL,
    phase          INTEGER NOT NULL DEFAULT 1,
    text           TEXT NOT NULL,
    token_ids      TEXT NOT NULL,
    loss           REAL,
    difficulty     REAL,
    fluency_loss   REAL,
    cohesion_loss  REAL,
    perplexity     REAL,
    UNIQUE (run_id, phase, text)
);

CREATE TABLE run_results (
    run_id                INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    output_text           TEXT NOT NULL,
    selected_by           TEXT NOT NULL,    -- lowest-perplexity | lowest-difficulty | random
    archive_candidate_id  INTEGER REFERENCES archive_candidates(id) ON DELETE SET NULL,
    difficulty            REAL,
    fluency_loss          REAL,
    cohesion_loss         REAL,
    perplexity            REAL
);
