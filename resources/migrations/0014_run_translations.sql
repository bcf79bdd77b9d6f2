-- Schema version 13 (issue 21, items 1 and 5): MT outputs of augmentation runs. A text of a run (the
-- best text of a step, the output, an archive candidate) translated by one of the project's MT
-- systems into one target language is stored once and reused (engine/augment/run_translations.h).
-- unknown_words: Apertium's '*' marks in its output (NULL for other systems). The runs gain a
-- request budget for endpoint (chat) systems and the requests spent against it.

CREATE TABLE run_translations (
    id               INTEGER PRIMARY KEY,
    run_id           INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    text             TEXT NOT NULL,
    system           TEXT NOT NULL,
    system_kind      TEXT NOT NULL CHECK (system_kind IN ('apertium', 'chat')),
    target_language  TEXT NOT NULL,
    translation      TEXT NOT NULL,
    unknown_words    INTEGER CHECK (unknown_words IS NULL OR unknown_words >= 0),
    created_at       TEXT NOT NULL,
    UNIQUE (run_id, text, system, target_language)
);

ALTER TABLE runs ADD COLUMN translation_budget INTEGER CHECK (translation_budget IS NULL OR translation_budget >= 0);
ALTER TABLE runs ADD COLUMN translation_requests INTEGER NOT NULL DEFAULT 0;
