-- Schema version 8 (issue 19): the source text each MT output and each verdict was made for, so an
-- edited source makes them stale (the gate says so; verify asks the verdicts again) instead of
-- passing old outputs and verdicts off as the new text's. NULL (rows from before): taken as current.

ALTER TABLE example_translations ADD COLUMN source_text TEXT;
ALTER TABLE verdicts ADD COLUMN source_text TEXT;
