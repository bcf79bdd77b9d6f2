-- Schema version 10 (issue 23): a label set by hand in the Coverage workspace's label table gets
-- origin 'manual' instead of 'gold', which is kept for labels read with the corpus. SQLite cannot
-- change a CHECK constraint, so segment_labels is rebuilt.
--
-- Rows from before: a relabel stored origin 'gold', confidence 1.0, at rank 0. Such a row is
-- taken as a hand relabel when it cannot be a corpus gold label: its labelling was not made from
-- the gold labels (classifier <> 'gold'; the classifiers never write 'gold'), or its category is
-- not among the segment's gold labels. A relabel to one of the segment's own gold categories in a
-- gold labelling stays 'gold' (it cannot be told apart, and the category is a gold label there).

CREATE TABLE segment_labels_v10 (
    id            INTEGER PRIMARY KEY,
    labelling_id  INTEGER NOT NULL REFERENCES corpus_labellings(id) ON DELETE CASCADE,
    segment_id    INTEGER NOT NULL REFERENCES corpus_segments(id) ON DELETE CASCADE,
    rank          INTEGER NOT NULL,                   -- 0 = primary category
    category      TEXT NOT NULL,
    confidence    REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
    origin        TEXT NOT NULL CHECK (origin IN ('matcher', 'classifier', 'gold', 'manual')),
    UNIQUE (labelling_id, segment_id, rank)
);

INSERT INTO segment_labels_v10 (id, labelling_id, segment_id, rank, category, confidence, origin)
SELECT l.id, l.labelling_id, l.segment_id, l.rank, l.category, l.confidence,
       CASE WHEN l.origin = 'gold'
                 AND ((SELECT c.classifier FROM corpus_labellings c WHERE c.id = l.labelling_id) <> 'gold'
                      OR NOT EXISTS (SELECT 1 FROM corpus_segments s, json_each(s.gold_labels_json) g
                                     WHERE s.id = l.segment_id AND json_extract(g.value, '$.category') = l.category))
            THEN 'manual' ELSE l.origin END
FROM segment_labels l;

DROP TABLE segment_labels;
ALTER TABLE segment_labels_v10 RENAME TO segment_labels;
CREATE INDEX segment_labels_segment ON segment_labels(segment_id);
