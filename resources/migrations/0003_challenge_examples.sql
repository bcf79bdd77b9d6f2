-- Schema version 3: challenge examples authored the way the Last Translation Benchmark does
-- (papers.md, LTB section): MT systems and LLM verifiers configured per project, examples with
-- their MT outputs, verification rules and verdicts, and the review history.
-- API keys are never stored: settings_json holds only the NAME of the environment variable.

CREATE TABLE mt_systems (
    id             INTEGER PRIMARY KEY,
    name           TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
    kind           TEXT NOT NULL CHECK (kind IN ('apertium', 'chat', 'manual')),
    settings_json  TEXT NOT NULL DEFAULT '{}',  -- Apertium pair and timeout, or endpoint and prompt
    enabled        INTEGER NOT NULL DEFAULT 1,
    created_at     TEXT NOT NULL
);

CREATE TABLE verifiers (
    id             INTEGER PRIMARY KEY,
    name           TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
    settings_json  TEXT NOT NULL DEFAULT '{}',  -- endpoint and verifier prompt
    enabled        INTEGER NOT NULL DEFAULT 1,
    created_at     TEXT NOT NULL
);

CREATE TABLE examples (
    id                INTEGER PRIMARY KEY,
    ltb_id            TEXT NOT NULL DEFAULT '',   -- the id in an imported LTB release
    status            TEXT NOT NULL DEFAULT 'draft'
                      CHECK (status IN ('draft', 'submitted', 'accepted', 'returned')),
    author            TEXT NOT NULL DEFAULT '',   -- the contributor's local profile name
    source_lang       TEXT NOT NULL DEFAULT '',   -- free names, e.g. 'Serbian (Cyrillic)'
    source_lang_iso   TEXT NOT NULL DEFAULT '',
    target_lang       TEXT NOT NULL DEFAULT '',
    target_lang_iso   TEXT NOT NULL DEFAULT '',
    source_text       TEXT NOT NULL DEFAULT '' CHECK (length(source_text) <= 5000),
    instructions      TEXT NOT NULL DEFAULT '',   -- LTB source_instructions
    context_note      TEXT NOT NULL DEFAULT '',   -- LTB source_media, as text
    attribution       TEXT NOT NULL DEFAULT '',
    reference         TEXT NOT NULL DEFAULT '',   -- the human translation (LTB model "human")
    linguistics_json  TEXT NOT NULL DEFAULT '[]', -- LTB taxonomy tags
    tags_json         TEXT NOT NULL DEFAULT '[]',
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL
);
CREATE INDEX examples_by_status ON examples(status);

CREATE TABLE example_rules (
    id            INTEGER PRIMARY KEY,
    example_id    INTEGER NOT NULL REFERENCES examples(id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,               -- 0-based column order
    kind          TEXT NOT NULL CHECK (kind IN ('llm', 'contains', 'not_contains', 'regex')),
    text          TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
    options_json  TEXT NOT NULL DEFAULT '{}'      -- string rules: case_sensitive, normalization
);
CREATE INDEX example_rules_by_example ON example_rules(example_id, position);

-- One MT output per system per example (the reference lives in examples.reference).
CREATE TABLE example_translations (
    id           INTEGER PRIMARY KEY,
    example_id   INTEGER NOT NULL REFERENCES examples(id) ON DELETE CASCADE,
    system_name  TEXT NOT NULL,
    system_kind  TEXT NOT NULL DEFAULT 'manual',
    text         TEXT NOT NULL DEFAULT '',
    error        TEXT NOT NULL DEFAULT '',         -- why the system gave no output
    created_at   TEXT NOT NULL,
    UNIQUE (example_id, system_name)
);

-- Verdicts per unique (rule, verifier, translation text): identical outputs share one verdict.
-- verifier is '' for string rules (checked locally). Deleting or editing a rule drops them.
CREATE TABLE verdicts (
    rule_id      INTEGER NOT NULL REFERENCES example_rules(id) ON DELETE CASCADE,
    verifier     TEXT NOT NULL DEFAULT '',
    translation  TEXT NOT NULL,
    verdict      TEXT NOT NULL CHECK (verdict IN ('pass', 'fail', 'unknown')),
    raw_reply    TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    PRIMARY KEY (rule_id, verifier, translation)
);

-- Review history and the comment thread of each example.
CREATE TABLE example_events (
    id           INTEGER PRIMARY KEY,
    example_id   INTEGER NOT NULL REFERENCES examples(id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('created', 'status', 'comment')),
    from_status  TEXT NOT NULL DEFAULT '',
    to_status    TEXT NOT NULL DEFAULT '',
    author       TEXT NOT NULL DEFAULT '',
    comment      TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL
);
CREATE INDEX example_events_by_example ON example_events(example_id, id);
