-- Schema version 4: human evaluation campaigns (papers.md: cESA as run in Pearmut for LTB, ESA,
-- ATO's Likert study, the LTB rule form). The campaign's settings and each item are stored as the
-- JSON of engine/evaluate/campaign_package.h (campaignToJson), so the exact texts that spans point
-- into are kept verbatim. Every answer is its own row, written in its own transaction.

CREATE TABLE campaigns (
    id               INTEGER PRIMARY KEY,
    uid              TEXT NOT NULL UNIQUE CHECK (length(uid) BETWEEN 1 AND 100),
    name             TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
    protocol         TEXT NOT NULL CHECK (protocol IN ('esa', 'cesa', 'likert', 'rule_form')),
    settings_json    TEXT NOT NULL DEFAULT '{}',  -- the campaign JSON without its items
    origin           TEXT NOT NULL DEFAULT 'local' CHECK (origin IN ('local', 'package', 'import')),
    created_at       TEXT NOT NULL
);

CREATE TABLE campaign_items (
    id           INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    item_key     TEXT NOT NULL CHECK (length(item_key) BETWEEN 1 AND 200),
    item_json    TEXT NOT NULL,
    UNIQUE (campaign_id, item_key),
    UNIQUE (campaign_id, position)
);

CREATE TABLE annotator_profiles (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
    created_at  TEXT NOT NULL
);

-- One row per item in an annotator's queue, in order; package_id ties a hand-out to its results.
CREATE TABLE campaign_assignments (
    id                 INTEGER PRIMARY KEY,
    campaign_id        INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    annotator          TEXT NOT NULL CHECK (length(annotator) BETWEEN 1 AND 100),
    package_id         TEXT NOT NULL,
    position           INTEGER NOT NULL,
    item_key           TEXT NOT NULL,
    system_order_json  TEXT NOT NULL,  -- shown position -> stored translation index
    UNIQUE (campaign_id, annotator, position),
    UNIQUE (campaign_id, annotator, item_key)
);
CREATE INDEX campaign_assignments_package ON campaign_assignments(package_id);

CREATE TABLE campaign_imports (
    id           INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    package_id   TEXT NOT NULL,
    annotator    TEXT NOT NULL,
    file_name    TEXT NOT NULL DEFAULT '',
    file_sha256  TEXT NOT NULL,
    answers      INTEGER NOT NULL DEFAULT 0,
    imported_at  TEXT NOT NULL,
    UNIQUE (campaign_id, package_id),
    UNIQUE (campaign_id, file_sha256)
);

CREATE TABLE campaign_answers (
    id                 INTEGER PRIMARY KEY,
    campaign_id        INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    annotator          TEXT NOT NULL CHECK (length(annotator) BETWEEN 1 AND 100),
    item_key           TEXT NOT NULL,
    stage              INTEGER NOT NULL CHECK (stage IN (1, 2)),
    system_order_json  TEXT NOT NULL,
    answer_json        TEXT NOT NULL,       -- answerToJson(): scores, spans, Likert, rule form
    elapsed_ms         INTEGER NOT NULL DEFAULT 0 CHECK (elapsed_ms >= 0),
    import_id          INTEGER REFERENCES campaign_imports(id) ON DELETE CASCADE,  -- NULL: answered here
    saved_at           TEXT NOT NULL,
    UNIQUE (campaign_id, annotator, item_key, stage)
);

CREATE TABLE campaign_log (
    id           INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    annotator    TEXT NOT NULL,
    item_key     TEXT NOT NULL DEFAULT '',
    stage        INTEGER NOT NULL DEFAULT 0,
    action       TEXT NOT NULL CHECK (length(action) BETWEEN 1 AND 50),
    detail       TEXT NOT NULL DEFAULT '',
    at           TEXT NOT NULL
);
CREATE INDEX campaign_log_annotator ON campaign_log(campaign_id, annotator);
