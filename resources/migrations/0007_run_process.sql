-- Schema version 7 (issue 18): which process runs a run, so a run whose process is gone (killed
-- with SIGKILL, a power cut) is marked interrupted when the project is next opened instead of
-- staying 'running' forever. runs.status keeps its CHECK list: such a run becomes 'cancelled'
-- with an error that starts with "interrupted:".

ALTER TABLE runs ADD COLUMN process_id INTEGER;  -- the operating system's process id while running
ALTER TABLE runs ADD COLUMN host TEXT;           -- the machine it ran on (QSysInfo::machineHostName)
