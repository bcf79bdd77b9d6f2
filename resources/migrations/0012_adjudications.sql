-- Schema version 10 (issue 20, item 14): adjudication. The adjudicated judgement itself is an
-- ordinary row of campaign_answers under the annotator "adjudicated" (system_order_json lists the
-- translations adjudicated so far); this table keeps its provenance per translation: where every
-- final span came from, whose score it is, who adjudicated and when (engine/evaluate/adjudication.h).

CREATE TABLE campaign_adjudications (
    campaign_id      INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    item_key         TEXT NOT NULL,
    stage            INTEGER NOT NULL CHECK (stage IN (1, 2)),
    system           TEXT NOT NULL,
    adjudicator      TEXT NOT NULL CHECK (length(adjudicator) BETWEEN 1 AND 100),
    provenance_json  TEXT NOT NULL,  -- adjudicationToJson()
    adjudicated_at   TEXT NOT NULL,
    PRIMARY KEY (campaign_id, item_key, stage, system)
);
