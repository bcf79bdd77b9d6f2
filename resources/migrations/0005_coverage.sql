-- Schema version 5: the Coverage workspace (papers.md, TACTICS): taxonomies with their categories
-- and matchers, corpora of segments with MT outputs and post-edits, segment labels (primary and
-- secondary categories with confidence) and samples drawn under a budget with their settings.

CREATE TABLE taxonomies (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
    description  TEXT NOT NULL DEFAULT '',
    source       TEXT NOT NULL DEFAULT '',
    licence      TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL
);

CREATE TABLE taxonomy_categories (
    id             INTEGER PRIMARY KEY,
    taxonomy_id    INTEGER NOT NULL REFERENCES taxonomies(id) ON DELETE CASCADE,
    position       INTEGER NOT NULL,
    path           TEXT NOT NULL CHECK (length(path) BETWEEN 1 AND 500),
    kind           TEXT NOT NULL CHECK (kind IN ('deterministic', 'semantic')),
    description    TEXT NOT NULL DEFAULT '',
    require_all    INTEGER NOT NULL DEFAULT 0,
    examples_json  TEXT NOT NULL DEFAULT '[]',
    UNIQUE (taxonomy_id, path),
    UNIQUE (taxonomy_id, position)
);

CREATE TABLE category_matchers (
    id           INTEGER PRIMARY KEY,
    category_id  INTEGER NOT NULL REFERENCES taxonomy_categories(id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    field        TEXT NOT NULL CHECK (field IN ('source', 'target', 'either', 'both')),
    pattern      TEXT NOT NULL CHECK (length(pattern) >= 1),
    flags        TEXT NOT NULL DEFAULT '',
    UNIQUE (category_id, position)
);

CREATE TABLE corpora (
    id                      INTEGER PRIMARY KEY,
    name                    TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
    source_file             TEXT NOT NULL DEFAULT '',
    post_edit_is_reference  INTEGER NOT NULL DEFAULT 0,
    created_at              TEXT NOT NULL
);

CREATE TABLE corpus_segments (
    id                    INTEGER PRIMARY KEY,
    corpus_id             INTEGER NOT NULL REFERENCES corpora(id) ON DELETE CASCADE,
    position              INTEGER NOT NULL,           -- 0-based, file order
    document_id           TEXT NOT NULL,
    segment_key           TEXT NOT NULL,
    position_in_document  INTEGER NOT NULL,
    source                TEXT NOT NULL,
    post_edit             TEXT NOT NULL,
    post_edit_score       REAL NOT NULL,              -- TER(primary MT, post-edit) / 100
    gold_labels_json      TEXT NOT NULL DEFAULT '[]', -- [{"category": ..., "confidence": ...}]
    UNIQUE (corpus_id, position),
    UNIQUE (corpus_id, segment_key)
);

CREATE TABLE segment_translations (
    id          INTEGER PRIMARY KEY,
    segment_id  INTEGER NOT NULL REFERENCES corpus_segments(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,                     -- 0 = the primary MT
    system      TEXT NOT NULL DEFAULT '',
    mt          TEXT NOT NULL,
    UNIQUE (segment_id, position)
);

-- One labelling of a corpus with a taxonomy (classify run); labels belong to it.
CREATE TABLE corpus_labellings (
    id            INTEGER PRIMARY KEY,
    corpus_id     INTEGER NOT NULL REFERENCES corpora(id) ON DELETE CASCADE,
    taxonomy_id   INTEGER NOT NULL REFERENCES taxonomies(id) ON DELETE CASCADE,
    classifier    TEXT NOT NULL DEFAULT '',
    settings_json TEXT NOT NULL DEFAULT '{}',
    created_at    TEXT NOT NULL,
    UNIQUE (corpus_id, taxonomy_id)
);

CREATE TABLE segment_labels (
    id            INTEGER PRIMARY KEY,
    labelling_id  INTEGER NOT NULL REFERENCES corpus_labellings(id) ON DELETE CASCADE,
    segment_id    INTEGER NOT NULL REFERENCES corpus_segments(id) ON DELETE CASCADE,
    rank          INTEGER NOT NULL,                   -- 0 = primary category
    category      TEXT NOT NULL,
    confidence    REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
    origin        TEXT NOT NULL CHECK (origin IN ('matcher', 'classifier', 'gold')),
    UNIQUE (labelling_id, segment_id, rank)
);
CREATE INDEX segment_labels_segment ON segment_labels(segment_id);

CREATE TABLE samples (
    id             INTEGER PRIMARY KEY,
    name           TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
    labelling_id   INTEGER NOT NULL REFERENCES corpus_labellings(id) ON DELETE CASCADE,
    method         TEXT NOT NULL,
    budget         INTEGER NOT NULL CHECK (budget >= 1),
    seed           INTEGER NOT NULL,
    settings_json  TEXT NOT NULL,                     -- SamplerSettings::toJson, enough to redraw it
    measures_json  TEXT NOT NULL DEFAULT '{}',
    created_at     TEXT NOT NULL
);

CREATE TABLE sample_segments (
    sample_id   INTEGER NOT NULL REFERENCES samples(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,                     -- order of selection
    segment_id  INTEGER NOT NULL REFERENCES corpus_segments(id) ON DELETE CASCADE,
    PRIMARY KEY (sample_id, position)
);
