-- Schema version 19 (issue 34, item 9): a researcher's tags (comma-separated) and a free note per
-- run, shown, edited and filtered in History's run table.
ALTER TABLE runs ADD COLUMN tags TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN note TEXT NOT NULL DEFAULT '';
