-- The state hash of the game at its stored version, written in the same transaction as the log
-- rows it follows from: what the server acknowledged, for an audit to hold the replay against.
ALTER TABLE games ADD COLUMN state_hash TEXT NOT NULL DEFAULT '';
