-- One schema for SQLite and PostgreSQL: only types and statements both read the same way.
-- Identifiers are text chosen by the server (user names, random game ids), so no table needs
-- an auto-increment column, whose syntax differs between the two.

CREATE TABLE users (
    name TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    created BIGINT NOT NULL
);

-- A session token is stored as its SHA-256, never as itself.
CREATE TABLE tokens (
    token_hash TEXT PRIMARY KEY,
    user_name TEXT NOT NULL REFERENCES users (name),
    expires BIGINT NOT NULL
);

-- A game: its setup (the save format's fields) plus the action log in `actions`.
-- `version` counts the log's rows: the number a client names to act on what it saw.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    setup TEXT NOT NULL,
    created_by TEXT NOT NULL REFERENCES users (name),
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL,
    version BIGINT NOT NULL,
    moves BIGINT NOT NULL,
    to_act TEXT NOT NULL,
    finished BIGINT NOT NULL,
    result TEXT NOT NULL,
    undo_by BIGINT,
    undo_at BIGINT,
    rematch_of TEXT
);

-- Who plays each seat: a user, the server's AI (`ai` names the agent), or nobody yet (open).
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    name TEXT NOT NULL,
    user_name TEXT REFERENCES users (name),
    ai TEXT,
    PRIMARY KEY (game_id, seat)
);

-- The append-only log: one row per action (`seat` >= 0) or undo of the last action (`seat` = -1).
-- The primary key makes two writers of the same row number impossible.
CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE INDEX seats_by_user ON seats (user_name);
CREATE INDEX games_by_rematch ON games (rematch_of);
