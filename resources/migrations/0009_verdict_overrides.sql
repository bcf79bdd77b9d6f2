-- Schema version 9 (issue 19, item 11): a reviewer's verdict set by hand on one (rule, translation)
-- pair, with why, who and when. It replaces the verifiers' verdict in the matrix, the gate and the
-- LTB release; removing it brings the machine verdict back. Like verdicts, it belongs to the source
-- text it was given for (an edited source makes it stale) and goes with its rule.

CREATE TABLE verdict_overrides (
    rule_id      INTEGER NOT NULL REFERENCES example_rules(id) ON DELETE CASCADE,
    translation  TEXT NOT NULL,
    verdict      TEXT NOT NULL CHECK (verdict IN ('pass', 'fail')),
    reason       TEXT NOT NULL CHECK (length(reason) >= 1),
    reviewer     TEXT NOT NULL CHECK (length(reviewer) >= 1),
    created_at   TEXT NOT NULL,
    source_text  TEXT,
    PRIMARY KEY (rule_id, translation)
);
