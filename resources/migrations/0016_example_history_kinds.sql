-- Schema version 16 (issue 32, item 12): an example's history also records rule changes
-- ('rules': from/to hold the rule counts, the comment what was added and removed) and verdicts
-- set or removed by hand ('verdict': from/to hold the verdicts, the comment the rule, the text
-- and the reason). SQLite cannot widen a CHECK constraint in place, so the table is rebuilt with
-- its rows and index.
CREATE TABLE example_events_v16 (
    id           INTEGER PRIMARY KEY,
    example_id   INTEGER NOT NULL REFERENCES examples(id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('created', 'status', 'comment', 'rules', 'verdict')),
    from_status  TEXT NOT NULL DEFAULT '',
    to_status    TEXT NOT NULL DEFAULT '',
    author       TEXT NOT NULL DEFAULT '',
    comment      TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL
);
INSERT INTO example_events_v16(id, example_id, kind, from_status, to_status, author, comment, created_at)
    SELECT id, example_id, kind, from_status, to_status, author, comment, created_at FROM example_events;
DROP TABLE example_events;
ALTER TABLE example_events_v16 RENAME TO example_events;
CREATE INDEX example_events_by_example ON example_events(example_id, id);
