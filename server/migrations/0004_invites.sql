-- An invitation to one open seat of a game, made with the game: whoever opens it signed in
-- takes that seat, once. The code is stored as its SHA-256, as session tokens are; only the
-- game's creator is given the codes themselves.
CREATE TABLE invites (
    code_hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    taken_by TEXT REFERENCES users (name)
);
