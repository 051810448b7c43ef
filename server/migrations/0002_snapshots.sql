-- A periodic snapshot of each game's session (its state and history as JSON) at a version of
-- its log: loading replays only the rows after it. A cache: the log alone is the game.
CREATE TABLE snapshots (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    version BIGINT NOT NULL,
    data TEXT NOT NULL
);
