-- Schema version 20 (issue 33, item 7): each corpus's summary (segments, documents, mean post-edit
-- score, systems in order) stored with the corpus when it is imported. Computing it on every
-- project open took seconds on a 560,000-segment corpus before the window could paint. Corpora
-- stored before get theirs here, once.
ALTER TABLE corpora ADD COLUMN segment_count INTEGER;
ALTER TABLE corpora ADD COLUMN document_count INTEGER;
ALTER TABLE corpora ADD COLUMN mean_post_edit_score REAL;
ALTER TABLE corpora ADD COLUMN systems_json TEXT;
UPDATE corpora SET
    segment_count = (SELECT COUNT(*) FROM corpus_segments s WHERE s.corpus_id = corpora.id),
    document_count = (SELECT COUNT(DISTINCT s.document_id) FROM corpus_segments s WHERE s.corpus_id = corpora.id),
    mean_post_edit_score = (SELECT COALESCE(AVG(s.post_edit_score), 0) FROM corpus_segments s WHERE s.corpus_id = corpora.id),
    systems_json = (SELECT json_group_array(system) FROM (SELECT t.system AS system FROM segment_translations t
                        JOIN corpus_segments s ON s.id = t.segment_id WHERE s.corpus_id = corpora.id
                        GROUP BY t.system ORDER BY MIN(t.position), MIN(t.id)));
