-- Schema version 18 (issue 34, item 6): each step's candidate pool with what became of every
-- candidate (kept, injected, not taken, or refused by the grammar guard, the vocabulary guard, the
-- trigram sentence test or the re-tokenization check) and why, so replay shows the pool as Live did.
-- A scored candidate points at its archive row (its text and terms are there); one dropped before
-- scoring, or any candidate of a run stored without an archive, carries its text here.
CREATE TABLE step_pool (
    run_id               INTEGER NOT NULL,
    step                 INTEGER NOT NULL,
    ordinal              INTEGER NOT NULL,  -- 0.. in the order the step built its pool
    archive_candidate_id INTEGER REFERENCES archive_candidates(id) ON DELETE SET NULL,
    text                 TEXT,              -- NULL when archive_candidate_id gives it
    parent_rank          INTEGER,           -- the beam member it was made from
    position             INTEGER,           -- the token position substituted
    fate                 TEXT NOT NULL
                         CHECK (fate IN ('kept', 'injected', 'not-taken', 'grammar', 'vocabulary', 'context', 'tokenizer')),
    reason               TEXT,
    loss                 REAL,              -- L when scored (also in the archive row)
    PRIMARY KEY (run_id, step, ordinal),
    FOREIGN KEY (run_id, step) REFERENCES run_steps(run_id, step) ON DELETE CASCADE
);
