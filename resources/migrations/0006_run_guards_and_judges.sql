-- Schema version 6 (issue 16): what the search's guards refused at each step, and the independent
-- judges' verdicts on a run's seed and output (link-grammar, Hunspell, Apertium round trip).

ALTER TABLE run_steps ADD COLUMN vocabulary_rejected INTEGER NOT NULL DEFAULT 0;  -- candidates dropped by the vocabulary guard
ALTER TABLE run_steps ADD COLUMN grammar_rejected INTEGER NOT NULL DEFAULT 0;     -- candidates the grammar guard kept out of the beam

-- {"seed": {...}, "output": {...}} as engine/judge/judges.h toJson writes each; NULL when not judged.
ALTER TABLE run_results ADD COLUMN judges_json TEXT;
