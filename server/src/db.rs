//! The database: SQLite or PostgreSQL through sqlx's Any driver, with parameterized queries
//! only (`$1`, `$2`... read the same by both). A game is its row in `games` (setup and a summary
//! for listings), its `seats` and its append-only `actions` log; the state is the replay of
//! the log, from the game's periodic `snapshots` row (a cache of the session) when it has one.

use serde::{Deserialize, Serialize};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};

/// The log row that takes back the previous action (its `seat` column).
pub const UNDO_SEAT: i64 = -1;

#[derive(Clone)]
pub struct Db {
    pub pool: AnyPool,
    /// PostgreSQL: several server processes may share the database, so each change is
    /// announced (NOTIFY on [`CHANNEL`]) and a game kept in memory is checked against its
    /// stored [`Stamp`] before use. SQLite is one process's database.
    pub shared: bool,
    /// The URL connected to (the listener of announcements opens its own connection).
    pub url: String,
}

/// The PostgreSQL channel on which every change of a game is announced, its id as payload.
pub const CHANNEL: &str = "bivouac_games";

/// What tells whether a game kept in memory is the stored one: its version (the log's
/// length), whether it is over, the undo request, and how many seats have a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stamp {
    pub version: i64,
    pub finished: bool,
    pub undo_by: Option<i64>,
    pub undo_at: Option<i64>,
    pub players: i64,
}

/// A database error as a message (the routes turn it into a 500 or a 503).
pub type DbResult<T> = Result<T, String>;

fn e(err: sqlx::Error) -> String {
    format!("database: {err}")
}

/// What `--db` accepts: a `sqlite:` or `postgres:` URL, or a plain file name for SQLite
/// (created if missing).
pub fn normalize_url(url: &str) -> String {
    if url.starts_with("sqlite:") || url.starts_with("postgres:") || url.starts_with("postgresql:") {
        url.to_string()
    } else {
        format!("sqlite://{url}?mode=rwc")
    }
}

/// One seat of a stored game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct SeatRow {
    pub seat: i64,
    pub name: String,
    pub user: Option<String>,
    pub ai: Option<String>,
}

/// A stored game's row.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: String,
    pub game: String,
    pub content_hash: String,
    pub setup: String,
    pub created_by: String,
    pub version: i64,
    pub finished: bool,
    pub result: String,
    pub undo_by: Option<i64>,
    pub undo_at: Option<i64>,
}

/// One row of the action log.
#[derive(Clone, Debug)]
pub struct LogRow {
    pub seat: i64,
    pub action: String,
}

/// The summary a listing shows, written with every change of the game.
#[derive(Clone, Debug)]
pub struct Summary {
    pub version: i64,
    pub moves: i64,
    pub to_act: String,
    pub finished: bool,
    pub result: String,
    /// The state hash at `version` (`Session::state_hash`); never sent to a client, since it
    /// is computed from hidden information too.
    pub hash: String,
}

/// A line of `GET /api/games`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Listing {
    pub id: String,
    pub game: String,
    pub setup: serde_json::Value,
    pub seat: String,
    pub to_act: Vec<String>,
    pub your_turn: bool,
    pub finished: bool,
    pub result: String,
    pub version: i64,
    pub moves: i64,
    pub updated: i64,
}

pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

impl Db {
    /// Connect and bring the schema up to date.
    pub async fn open(url: &str) -> DbResult<Db> {
        sqlx::any::install_default_drivers();
        let url = normalize_url(url);
        let sqlite = url.starts_with("sqlite:");
        // SQLite takes one writer at a time; a few connections serve the readers.
        let max = if sqlite { 4 } else { 16 };
        let pool = AnyPoolOptions::new().max_connections(max).connect(&url).await.map_err(e)?;
        if sqlite {
            // Readers do not wait for the writer; a commit is on disk before it returns
            // (WAL with synchronous FULL, the default sqlx keeps).
            sqlx::query("PRAGMA journal_mode=WAL").execute(&pool).await.map_err(e)?;
        }
        sqlx::migrate!("./migrations").run(&pool).await.map_err(|err| format!("database migration: {err}"))?;
        Ok(Db { pool, shared: !sqlite, url })
    }

    /// Tell the other server processes on this database that game `id` changed (PostgreSQL;
    /// nothing on SQLite). A lost announcement costs only a live push: every process checks
    /// a game's [`Stamp`] before it uses its copy.
    pub async fn announce(&self, id: &str) {
        if self.shared {
            let _ = sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(id).execute(&self.pool).await;
        }
    }

    /// The stored game's [`Stamp`], if the game exists.
    pub async fn stamp(&self, id: &str) -> DbResult<Option<Stamp>> {
        let r = sqlx::query(
            "SELECT g.version, g.finished, g.undo_by, g.undo_at,              (SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id AND s.user_name IS NOT NULL) FROM games g WHERE g.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(e)?;
        Ok(r.map(|r| Stamp { version: r.get(0), finished: r.get::<i64, _>(1) != 0, undo_by: r.get(2), undo_at: r.get(3), players: r.get(4) }))
    }

    pub async fn create_user(&self, name: &str, password_hash: &str) -> DbResult<bool> {
        let r = sqlx::query("INSERT INTO users (name, password_hash, created) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
            .bind(name)
            .bind(password_hash)
            .bind(now())
            .execute(&self.pool)
            .await
            .map_err(e)?;
        Ok(r.rows_affected() == 1)
    }

    pub async fn password_hash(&self, name: &str) -> DbResult<Option<String>> {
        let row = sqlx::query("SELECT password_hash FROM users WHERE name = $1").bind(name).fetch_optional(&self.pool).await.map_err(e)?;
        Ok(row.map(|r| r.get::<String, _>(0)))
    }

    pub async fn insert_token(&self, token_hash: &str, user: &str, expires: i64) -> DbResult<()> {
        sqlx::query("INSERT INTO tokens (token_hash, user_name, expires) VALUES ($1, $2, $3)")
            .bind(token_hash)
            .bind(user)
            .bind(expires)
            .execute(&self.pool)
            .await
            .map_err(e)?;
        Ok(())
    }

    /// The user a token belongs to, if it exists and has not expired.
    pub async fn token_user(&self, token_hash: &str) -> DbResult<Option<String>> {
        let row = sqlx::query("SELECT user_name FROM tokens WHERE token_hash = $1 AND expires > $2")
            .bind(token_hash)
            .bind(now())
            .fetch_optional(&self.pool)
            .await
            .map_err(e)?;
        Ok(row.map(|r| r.get::<String, _>(0)))
    }

    pub async fn delete_token(&self, token_hash: &str) -> DbResult<()> {
        sqlx::query("DELETE FROM tokens WHERE token_hash = $1").bind(token_hash).execute(&self.pool).await.map_err(e)?;
        Ok(())
    }

    /// Store a new game with its seats and its first log rows (the AI's opening moves), in one
    /// transaction.
    pub async fn insert_game(&self, g: &GameRow, seats: &[SeatRow], log: &[LogRow], s: &Summary, rematch_of: Option<&str>) -> DbResult<()> {
        let mut tx = self.pool.begin().await.map_err(e)?;
        let t = now();
        sqlx::query(
            "INSERT INTO games (id, game, content_hash, setup, created_by, created, updated, version, moves, to_act, finished, result, rematch_of, state_hash) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        )
        .bind(&g.id)
        .bind(&g.game)
        .bind(&g.content_hash)
        .bind(&g.setup)
        .bind(&g.created_by)
        .bind(t)
        .bind(t)
        .bind(s.version)
        .bind(s.moves)
        .bind(&s.to_act)
        .bind(s.finished as i64)
        .bind(&s.result)
        .bind(rematch_of)
        .bind(&s.hash)
        .execute(&mut *tx)
        .await
        .map_err(e)?;
        for seat in seats {
            sqlx::query("INSERT INTO seats (game_id, seat, name, user_name, ai) VALUES ($1, $2, $3, $4, $5)")
                .bind(&g.id)
                .bind(seat.seat)
                .bind(&seat.name)
                .bind(seat.user.as_deref())
                .bind(seat.ai.as_deref())
                .execute(&mut *tx)
                .await
                .map_err(e)?;
        }
        insert_log(&mut tx, &g.id, 0, log).await?;
        tx.commit().await.map_err(e)
    }

    /// A game's row, seats and log; `None` when there is no such game.
    pub async fn load_game(&self, id: &str) -> DbResult<Option<(GameRow, Vec<SeatRow>, Vec<LogRow>)>> {
        let Some((row, seats)) = self.game_and_seats(id).await? else { return Ok(None) };
        let log = self.log_after(id, 0).await?;
        Ok(Some((row, seats, log)))
    }

    /// Game `id`'s row and seats.
    pub async fn game_and_seats(&self, id: &str) -> DbResult<Option<(GameRow, Vec<SeatRow>)>> {
        let Some(r) = sqlx::query("SELECT id, game, content_hash, setup, created_by, version, finished, result, undo_by, undo_at FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(e)?
        else {
            return Ok(None);
        };
        let row = GameRow {
            id: r.get(0),
            game: r.get(1),
            content_hash: r.get(2),
            setup: r.get(3),
            created_by: r.get(4),
            version: r.get(5),
            finished: r.get::<i64, _>(6) != 0,
            result: r.get(7),
            undo_by: r.get(8),
            undo_at: r.get(9),
        };
        let seats = sqlx::query("SELECT seat, name, user_name, ai FROM seats WHERE game_id = $1 ORDER BY seat")
            .bind(id)
            .fetch_all(&self.pool)
            .await
            .map_err(e)?
            .iter()
            .map(seat_row)
            .collect();
        Ok(Some((row, seats)))
    }

    /// Keep `data` as game `id`'s snapshot at `version`, unless a later one is kept.
    pub async fn save_snapshot(&self, id: &str, version: i64, data: &str) -> DbResult<()> {
        sqlx::query(
            "INSERT INTO snapshots (game_id, version, data) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, data = excluded.data WHERE snapshots.version < excluded.version",
        )
        .bind(id)
        .bind(version)
        .bind(data)
        .execute(&self.pool)
        .await
        .map_err(e)?;
        Ok(())
    }

    /// Game `id`'s snapshot: its version and data.
    pub async fn snapshot(&self, id: &str) -> DbResult<Option<(i64, String)>> {
        let r = sqlx::query("SELECT version, data FROM snapshots WHERE game_id = $1").bind(id).fetch_optional(&self.pool).await.map_err(e)?;
        Ok(r.map(|r| (r.get(0), r.get(1))))
    }

    /// The rows of game `id`'s log after row `version`.
    pub async fn log_after(&self, id: &str, version: i64) -> DbResult<Vec<LogRow>> {
        let rows = sqlx::query("SELECT seat, action FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq").bind(id).bind(version).fetch_all(&self.pool).await.map_err(e)?;
        Ok(rows.iter().map(|r| LogRow { seat: r.get(0), action: r.get(1) }).collect())
    }

    /// Append `log` to the game's log after row `version`, and write its new summary, in one
    /// transaction. `Ok(false)`: another writer changed the game first, nothing was written.
    pub async fn append(&self, id: &str, version: i64, log: &[LogRow], s: &Summary) -> DbResult<bool> {
        let mut tx = self.pool.begin().await.map_err(e)?;
        // The guarded update first: it takes the write lock, and a stale version writes nothing.
        let r = sqlx::query(
            "UPDATE games SET version = $1, moves = $2, to_act = $3, finished = $4, result = $5, updated = $6, undo_by = NULL, undo_at = NULL, state_hash = $7 \
             WHERE id = $8 AND version = $9 AND finished = 0",
        )
        .bind(s.version)
        .bind(s.moves)
        .bind(&s.to_act)
        .bind(s.finished as i64)
        .bind(&s.result)
        .bind(now())
        .bind(&s.hash)
        .bind(id)
        .bind(version)
        .execute(&mut *tx)
        .await
        .map_err(e)?;
        if r.rows_affected() != 1 {
            tx.rollback().await.map_err(e)?;
            return Ok(false);
        }
        if let Err(err) = insert_log(&mut tx, id, version, log).await {
            // A duplicate row number: another server process wrote this game.
            let _ = tx.rollback().await;
            return if err.contains("UNIQUE") || err.contains("unique") || err.contains("duplicate") { Ok(false) } else { Err(err) };
        }
        tx.commit().await.map_err(e)?;
        self.announce(id).await;
        Ok(true)
    }

    /// Store the invitations to a game's open seats: (seat, the code's SHA-256).
    pub async fn insert_invites(&self, id: &str, invites: &[(i64, String)]) -> DbResult<()> {
        for (seat, code_hash) in invites {
            sqlx::query("INSERT INTO invites (code_hash, game_id, seat) VALUES ($1, $2, $3)").bind(code_hash).bind(id).bind(seat).execute(&self.pool).await.map_err(e)?;
        }
        Ok(())
    }

    /// The invitation with this code hash: its game, its seat, and who took it.
    pub async fn invite(&self, code_hash: &str) -> DbResult<Option<(String, i64, Option<String>)>> {
        let row = sqlx::query("SELECT game_id, seat, taken_by FROM invites WHERE code_hash = $1").bind(code_hash).fetch_optional(&self.pool).await.map_err(e)?;
        Ok(row.map(|r| (r.get(0), r.get(1), r.get(2))))
    }

    /// `user` takes the invitation and its seat, in one transaction. `Ok(false)`: the
    /// invitation was used or the seat taken meanwhile; nothing was written.
    pub async fn take_invite(&self, code_hash: &str, id: &str, seat: i64, user: &str) -> DbResult<bool> {
        let mut tx = self.pool.begin().await.map_err(e)?;
        let r = sqlx::query("UPDATE invites SET taken_by = $1 WHERE code_hash = $2 AND taken_by IS NULL").bind(user).bind(code_hash).execute(&mut *tx).await.map_err(e)?;
        let s = sqlx::query("UPDATE seats SET user_name = $1 WHERE game_id = $2 AND seat = $3 AND user_name IS NULL AND ai IS NULL")
            .bind(user)
            .bind(id)
            .bind(seat)
            .execute(&mut *tx)
            .await
            .map_err(e)?;
        if r.rows_affected() != 1 || s.rows_affected() != 1 {
            tx.rollback().await.map_err(e)?;
            return Ok(false);
        }
        tx.commit().await.map_err(e)?;
        self.announce(id).await;
        Ok(true)
    }

    /// Give an open seat to `user`. `Ok(false)`: the seat is taken (or not open).
    pub async fn take_seat(&self, id: &str, seat: i64, user: &str) -> DbResult<bool> {
        let r = sqlx::query("UPDATE seats SET user_name = $1 WHERE game_id = $2 AND seat = $3 AND user_name IS NULL AND ai IS NULL")
            .bind(user)
            .bind(id)
            .bind(seat)
            .execute(&self.pool)
            .await
            .map_err(e)?;
        self.announce(id).await;
        Ok(r.rows_affected() == 1)
    }

    /// End the game by resignation. `Ok(false)`: it had already ended.
    pub async fn finish(&self, id: &str, result: &str) -> DbResult<bool> {
        let r = sqlx::query("UPDATE games SET finished = 1, result = $1, to_act = '', updated = $2, undo_by = NULL, undo_at = NULL WHERE id = $3 AND finished = 0")
            .bind(result)
            .bind(now())
            .bind(id)
            .execute(&self.pool)
            .await
            .map_err(e)?;
        self.announce(id).await;
        Ok(r.rows_affected() == 1)
    }

    /// Record (or, with `None`, clear) a seat's request to take back the action at `version`.
    pub async fn set_undo_request(&self, id: &str, request: Option<(i64, i64)>) -> DbResult<()> {
        sqlx::query("UPDATE games SET undo_by = $1, undo_at = $2 WHERE id = $3")
            .bind(request.map(|r| r.0))
            .bind(request.map(|r| r.1))
            .bind(id)
            .execute(&self.pool)
            .await
            .map_err(e)?;
        self.announce(id).await;
        Ok(())
    }

    /// The game started as a rematch of `id`, if any.
    pub async fn rematch_of(&self, id: &str) -> DbResult<Option<String>> {
        let row = sqlx::query("SELECT id FROM games WHERE rematch_of = $1").bind(id).fetch_optional(&self.pool).await.map_err(e)?;
        Ok(row.map(|r| r.get::<String, _>(0)))
    }

    /// The games `user` plays a seat in, most recently changed first.
    pub async fn my_games(&self, user: &str) -> DbResult<Vec<Listing>> {
        let rows = sqlx::query(
            "SELECT g.id, g.game, g.setup, s.name, g.to_act, g.finished, g.result, g.version, g.moves, g.updated \
             FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_name = $1 ORDER BY g.updated DESC, g.id LIMIT 500",
        )
        .bind(user)
        .fetch_all(&self.pool)
        .await
        .map_err(e)?;
        Ok(rows
            .iter()
            .map(|r| {
                let seat: String = r.get(3);
                let to_act: Vec<String> = r.get::<String, _>(4).split(',').filter(|s| !s.is_empty()).map(String::from).collect();
                Listing {
                    id: r.get(0),
                    game: r.get(1),
                    setup: serde_json::from_str(&r.get::<String, _>(2)).unwrap_or_default(),
                    your_turn: to_act.contains(&seat),
                    seat,
                    to_act,
                    finished: r.get::<i64, _>(5) != 0,
                    result: r.get(6),
                    version: r.get(7),
                    moves: r.get(8),
                    updated: r.get(9),
                }
            })
            .collect())
    }

    /// Unfinished games with a seat nobody plays yet: (id, game, setup, open seat names).
    pub async fn open_games(&self) -> DbResult<Vec<(String, String, String, String)>> {
        let rows = sqlx::query(
            "SELECT g.id, g.game, g.setup, s.name FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE s.user_name IS NULL AND s.ai IS NULL AND g.finished = 0 ORDER BY g.created DESC, g.id, s.seat LIMIT 200",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(e)?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))).collect())
    }

    /// Every game's id (the fault test replays them all).
    /// The stored version of game `id` and the state hash written with it.
    pub async fn stored_hash(&self, id: &str) -> DbResult<Option<(i64, String)>> {
        let row = sqlx::query("SELECT version, state_hash FROM games WHERE id = $1").bind(id).fetch_optional(&self.pool).await.map_err(e)?;
        Ok(row.map(|r| (r.get(0), r.get(1))))
    }

    pub async fn game_ids(&self) -> DbResult<Vec<String>> {
        let rows = sqlx::query("SELECT id FROM games ORDER BY id").fetch_all(&self.pool).await.map_err(e)?;
        Ok(rows.iter().map(|r| r.get::<String, _>(0)).collect())
    }
}

fn seat_row(r: &AnyRow) -> SeatRow {
    SeatRow { seat: r.get(0), name: r.get(1), user: r.get(2), ai: r.get(3) }
}

async fn insert_log(tx: &mut sqlx::Transaction<'_, sqlx::Any>, id: &str, version: i64, log: &[LogRow]) -> DbResult<()> {
    let t = now();
    for (i, row) in log.iter().enumerate() {
        sqlx::query("INSERT INTO actions (game_id, seq, seat, action, at) VALUES ($1, $2, $3, $4, $5)")
            .bind(id)
            .bind(version + 1 + i as i64)
            .bind(row.seat)
            .bind(&row.action)
            .bind(t)
            .execute(&mut **tx)
            .await
            .map_err(e)?;
    }
    Ok(())
}
