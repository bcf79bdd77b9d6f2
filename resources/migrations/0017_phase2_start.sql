-- Schema version 17 (issue 34, item 4): the text ATO-TwoPhase's phase 2 starts from, as the search
-- chose it (the lowest-D phase-1 candidate that passes the guards, else the seed). Replay showed
-- another start, rebuilt without the guards. NULL for other methods and for runs stored before.
ALTER TABLE runs ADD COLUMN phase2_seed_text TEXT;
