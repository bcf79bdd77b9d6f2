-- Schema version 15 (issue 21, items 1 and 2): reference-free MT signals.
-- run_translations gains the round trip of a stored translation where the pair allows it: through
-- the reverse Apertium mode when it is installed (round_trip_via = that mode, e.g. 'spa-eng'), or
-- back through the same chat system (round_trip_via = the system's name; its requests count
-- against the run's budget). round_trip_chrf: sacrebleu chrF2 of back_translation against the
-- text, 0-100. NULL where no round trip was made.
ALTER TABLE run_translations ADD COLUMN back_translation TEXT;
ALTER TABLE run_translations ADD COLUMN round_trip_chrf REAL CHECK (round_trip_chrf IS NULL OR (round_trip_chrf >= 0 AND round_trip_chrf <= 100));
ALTER TABLE run_translations ADD COLUMN round_trip_via TEXT;
-- The black-box MT term's cost per step (AtoConfig::mtTermSystem, where = beam): texts measured
-- (cache hits not counted), endpoint requests, milliseconds.
ALTER TABLE run_steps ADD COLUMN mt_term_texts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE run_steps ADD COLUMN mt_term_requests INTEGER NOT NULL DEFAULT 0;
ALTER TABLE run_steps ADD COLUMN mt_term_ms INTEGER NOT NULL DEFAULT 0;
