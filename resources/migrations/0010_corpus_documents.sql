-- Schema version 9 (issue 23): whether a corpus file had a document column. Without one every
-- segment is its own document, so segments per document, Gini and TACTICS' coherence level do not
-- apply. Corpora stored before: the importer named such a segment's document "segment-<key>", so
-- a corpus whose every segment is named that way had no document column.

ALTER TABLE corpora ADD COLUMN has_documents INTEGER NOT NULL DEFAULT 1;
UPDATE corpora SET has_documents = 0
WHERE NOT EXISTS (SELECT 1 FROM corpus_segments s
                  WHERE s.corpus_id = corpora.id AND s.document_id <> 'segment-' || s.segment_key);
