-- Schema version 1: seed sets and seeds, the real source texts augmentation starts from.
-- Migrations run in order, each in one transaction (engine/store/migrations.cpp). Statements are
-- split at semicolons outside quotes and comments, so no triggers (BEGIN ... END) here.

CREATE TABLE seed_sets (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    source      TEXT NOT NULL DEFAULT '',   -- where the texts came from: a file path or corpus name
    licence     TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL               -- ISO 8601, UTC
);

CREATE TABLE seeds (
    id           INTEGER PRIMARY KEY,
    seed_set_id  INTEGER NOT NULL REFERENCES seed_sets(id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,          -- 0-based order within the set
    text         TEXT NOT NULL CHECK (length(text) > 0),
    corpus       TEXT NOT NULL DEFAULT '',
    document_id  TEXT NOT NULL DEFAULT '',
    domain       TEXT NOT NULL DEFAULT '',
    segment_key  TEXT NOT NULL DEFAULT '',  -- the segment's id or line in its corpus
    UNIQUE (seed_set_id, position)
);
