//! The HTTP API under `/api`. Every answer is JSON; every error is `{"error": "...", "rule"?: "..."}`
//! with the status that says what went wrong (400 bad input, 401 not logged in, 403 not your
//! seat, 404 no such game, 409 the game moved on or the seat is taken, 413 too large, 422 the
//! rules refuse, 429 too many requests). A player acts only for the seat it plays and reads
//! only that seat's view and the steps as that seat may read them (engine/src/seen.rs).

use crate::auth::{self, User};
use crate::db::{GameRow, Listing, SeatRow};
use crate::play::{Change, engine, run_ai};
use crate::App;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use bivouac_engine::agent::AgentKind;
use bivouac_engine::log::Refusal;
use bivouac_engine::session::{AnySession, Irreversible};
use bivouac_engine::{Seat, Setup};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

/// An error answer.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub rule: Option<String>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError { status, message: message.into(), rule: None }
    }
    pub fn bad(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, message)
    }
    /// The rules refused: the rule and the reason, as the engine gives them.
    pub fn refused(r: Refusal) -> Self {
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message: format!("refused: {r}"), rule: Some(r.rule.to_string()) }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.message });
        if let Some(rule) = self.rule {
            body["rule"] = json!(rule);
        }
        (self.status, Json(body)).into_response()
    }
}

/// A JSON body whose every rejection (not JSON, wrong shape, too large, wrong content type)
/// is one [`ApiError`] with the rejection's status and words.
pub struct Body<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(rej) => Err(rejection(rej)),
        }
    }
}

fn rejection(rej: JsonRejection) -> ApiError {
    ApiError::new(rej.status(), rej.body_text())
}

type ApiResult = Result<Json<Value>, ApiError>;

pub fn router() -> Router<Arc<App>> {
    Router::new()
        .route("/api/catalog", get(catalog))
        .route("/api/register", post(register))
        .route("/api/login", post(login))
        .route("/api/logout", post(logout))
        .route("/api/me", get(me))
        .route("/api/games", get(my_games).post(create))
        .route("/api/games/open", get(open_games))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/actions", get(actions))
        .route("/api/games/{id}/review", get(review))
        .route("/api/games/{id}/act", post(act))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/undo/accept", post(undo_accept))
        .route("/api/games/{id}/undo/decline", post(undo_decline))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/save", get(save))
        .route("/api/games/{id}/live", get(crate::live::live))
        .route("/api/invites/{code}", post(accept_invite))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such endpoint (the API is under /api)") })
}

async fn catalog(State(app): State<Arc<App>>) -> Json<Value> {
    let games: Vec<Value> = app.catalog.games.iter().map(|g| json!({ "id": g.id(), "title": g.title(), "scenarios": g.scenarios() })).collect();
    Json(json!({ "games": games }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

async fn register(State(app): State<Arc<App>>, Body(c): Body<Credentials>) -> Result<(StatusCode, Json<Value>), ApiError> {
    auth::check_name(&c.name)?;
    auth::check_password(&c.password)?;
    let hash = auth::hash_password(c.password).await?;
    if !app.db.create_user(&c.name, &hash).await.map_err(ApiError::internal)? {
        return Err(ApiError::conflict(format!("the name `{}` is taken", c.name)));
    }
    let token = issue_token(&app, &c.name).await?;
    Ok((StatusCode::CREATED, Json(json!({ "name": c.name, "token": token }))))
}

async fn issue_token(app: &App, name: &str) -> Result<String, ApiError> {
    let token = auth::new_token();
    let expires = crate::db::now() + app.config.token_days * 86_400;
    app.db.insert_token(&auth::hash_token(&token), name, expires).await.map_err(ApiError::internal)?;
    Ok(token)
}

async fn login(State(app): State<Arc<App>>, Body(c): Body<Credentials>) -> ApiResult {
    let wrong = || ApiError::new(StatusCode::UNAUTHORIZED, "wrong name or password");
    let hash = app.db.password_hash(&c.name).await.map_err(ApiError::internal)?.ok_or_else(wrong)?;
    if !auth::verify_password(c.password, hash).await {
        return Err(wrong());
    }
    let token = issue_token(&app, &c.name).await?;
    Ok(Json(json!({ "name": c.name, "token": token })))
}

async fn logout(State(app): State<Arc<App>>, user: User) -> ApiResult {
    app.db.delete_token(&user.token_hash).await.map_err(ApiError::internal)?;
    Ok(Json(json!({ "logged_out": user.name })))
}

async fn me(user: User) -> Json<Value> {
    Json(json!({ "name": user.name }))
}

/// A setup as players may read it: the seed (which decides every shuffle and roll to come) only
/// once the game is over.
fn public_setup(setup: &Value, finished: bool) -> Value {
    let mut s = setup.clone();
    if !finished && let Some(m) = s.as_object_mut() {
        m.remove("seed");
    }
    s
}

async fn my_games(State(app): State<Arc<App>>, user: User) -> ApiResult {
    let games: Vec<Listing> = app.db.my_games(&user.name).await.map_err(ApiError::internal)?;
    let games: Vec<Listing> = games.into_iter().map(|g| Listing { setup: public_setup(&g.setup, g.finished), ..g }).collect();
    Ok(Json(json!({ "games": games })))
}

async fn open_games(State(app): State<Arc<App>>, _user: User) -> ApiResult {
    let rows = app.db.open_games().await.map_err(ApiError::internal)?;
    let mut games: Vec<Value> = Vec::new();
    for (id, game, setup, seat) in rows {
        match games.last_mut() {
            Some(g) if g["id"] == json!(id) => g["open_seats"].as_array_mut().expect("array").push(json!(seat)),
            _ => {
                let setup = public_setup(&serde_json::from_str(&setup).unwrap_or_default(), false);
                games.push(json!({ "id": id, "game": game, "setup": setup, "open_seats": [seat] }));
            }
        }
    }
    Ok(Json(json!({ "games": games })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    scenario: Option<String>,
    players: Option<u8>,
    #[serde(default)]
    options: BTreeMap<String, String>,
    /// The seat the creator plays (default: the first).
    seat: Option<String>,
    /// Seats the server's AI plays: seat name -> agent (`random`, `heuristic`, `mcts`...).
    #[serde(default)]
    ai: BTreeMap<String, String>,
}

fn new_id() -> String {
    let bytes: [u8; 9] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

async fn create(State(app): State<Arc<App>>, user: User, Body(req): Body<NewGame>) -> Result<(StatusCode, Json<Value>), ApiError> {
    let game = app.catalog.game(&req.game).ok_or_else(|| {
        let ids: Vec<&str> = app.catalog.games.iter().map(|g| g.id()).collect();
        ApiError::bad(format!("no game `{}`; this server plays {}", req.game, ids.join(", ")))
    })?;
    let scenarios = game.scenarios();
    let scenario = match &req.scenario {
        Some(s) => scenarios.iter().find(|x| &x.id == s).ok_or_else(|| {
            let ids: Vec<&str> = scenarios.iter().map(|x| x.id.as_str()).collect();
            ApiError::bad(format!("no scenario `{s}` in {}; it has {}", game.id(), ids.join(", ")))
        })?,
        None => scenarios.first().ok_or_else(|| ApiError::bad("the game has no scenario"))?,
    };
    let players = req.players.unwrap_or(scenario.default_players);
    let setup = Setup { scenario: scenario.id.clone(), players, options: req.options, seed: new_seed() };
    start_game(&app, game, setup, &user.name, req.seat.as_deref(), &req.ai, None).await
}

/// Create a game of `game` with `setup`: `user` in `seat` (or the first seat without an AI),
/// the AI in `ai`'s seats, the rest open; the AI's opening moves played and stored with it.
async fn start_game(
    app: &App,
    game: &dyn bivouac_engine::session::AnyGame,
    setup: Setup,
    user: &str,
    seat: Option<&str>,
    ai: &BTreeMap<String, String>,
    rematch: Option<(&str, Vec<SeatRow>)>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let seed = setup.seed;
    let mut session = engine(|| game.new_session(setup.clone())).map_err(|r| ApiError::new(StatusCode::BAD_REQUEST, format!("refused: {r}")))?;
    let names = session.seat_names();
    let mut seats: Vec<SeatRow> = names.iter().enumerate().map(|(i, n)| SeatRow { seat: i as i64, name: n.clone(), user: None, ai: None }).collect();
    let seat_index = |name: &str| session.seat_by_name(name).ok_or_else(|| ApiError::bad(format!("no seat `{name}`; seats are {}", names.join(", "))));
    match rematch {
        Some((_, ref old)) => seats.clone_from(old),
        None => {
            for (name, kind) in ai {
                let s = seat_index(name)?;
                let kind = AgentKind::parse(kind).map_err(ApiError::bad)?;
                seats[s as usize].ai = Some(kind.spec());
            }
            let mine = match seat {
                Some(name) => seat_index(name)?,
                None => seats.iter().position(|s| s.ai.is_none()).ok_or_else(|| ApiError::bad("every seat is the AI's: leave one for yourself"))? as Seat,
            };
            if seats[mine as usize].ai.is_some() {
                return Err(ApiError::bad(format!("seat `{}` is the AI's", names[mine as usize])));
            }
            seats[mine as usize].user = Some(user.to_string());
        }
    }
    let steps = engine(|| run_ai(&mut *session, &seats, seed))?;
    let row = GameRow {
        id: new_id(),
        game: game.id().to_string(),
        content_hash: game.content_hash().to_string(),
        setup: serde_json::to_string(&setup).expect("setups serialize"),
        created_by: user.to_string(),
        version: steps.len() as i64,
        finished: false,
        result: String::new(),
        undo_by: None,
        undo_at: None,
    };
    let summary = crate::play::summary(&*session, row.version, &row);
    app.db.insert_game(&row, &seats, &crate::play::log_rows(&steps), &summary, rematch.as_ref().map(|r| r.0)).await.map_err(ApiError::internal)?;
    let id = row.id.clone();
    // One invitation per open seat, its code given to the creator only.
    let codes: Vec<(&SeatRow, String)> = seats.iter().filter(|s| s.user.is_none() && s.ai.is_none()).map(|s| (s, auth::new_token())).collect();
    let hashed: Vec<(i64, String)> = codes.iter().map(|(s, c)| (s.seat, auth::hash_token(c))).collect();
    app.db.insert_invites(&id, &hashed).await.map_err(ApiError::internal)?;
    let invites: Vec<Value> = codes.iter().map(|(s, c)| json!({ "seat": s.name, "code": c, "path": format!("/api/invites/{c}") })).collect();
    let slot = app.games.slot(&id);
    *slot.game.lock().await = Some(crate::play::Loaded { row, seats, session });
    let guard = slot.game.lock().await;
    let l = guard.as_ref().expect("just stored");
    let seat = l.my_seat(user).ok();
    *slot.seen.lock().expect("seen lock") = vec![0; l.seats.len()];
    let mut view = match seat {
        Some(s) => seat_view(&slot, l, s, 0),
        None => json!({ "id": id }),
    };
    view["invites"] = json!(invites);
    Ok((StatusCode::CREATED, Json(view)))
}

/// What seat `seat` receives of game `l`: its view, its text picture, its legal actions when
/// it is to act, and the history from step `since` as it may read it.
pub fn seat_view(slot: &crate::play::Slot, l: &crate::play::Loaded, seat: Seat, since: usize) -> Value {
    let s = &*l.session;
    let names = s.seat_names();
    let history = s.history();
    let over = l.row.finished;
    let to_act: Vec<String> = if over { Vec::new() } else { s.active_seats().iter().map(|&a| names[a as usize].clone()).collect() };
    let your_turn = !over && s.active_seats().contains(&seat);
    let log: Vec<Vec<String>> = history.iter().skip(since).map(|st| st.lines(&names[st.seat as usize], Some(seat))).collect();
    let seats: Vec<Value> = l.seats.iter().map(|r| json!({ "seat": r.name, "player": r.user, "ai": r.ai })).collect();
    let setup: Value = serde_json::from_str(&l.row.setup).unwrap_or_default();
    slot.mark_seen(seat, history.len());
    json!({
        "id": l.row.id,
        "game": l.row.game,
        "setup": public_setup(&setup, over),
        "version": l.row.version,
        "moves": history.len(),
        "seats": seats,
        "seat": names[seat as usize],
        "to_act": to_act,
        "your_turn": your_turn,
        "finished": over,
        "result": if over { l.row.result.clone() } else { String::new() },
        "turn": if over && s.outcome().is_none() { l.row.result.clone() } else { s.turn_line() },
        "show": s.show_text(Some(seat)),
        "view": s.view_json(Some(seat)),
        "actions": if your_turn { s.legal_actions(seat) } else { Vec::new() },
        "since": since.min(history.len()),
        "log": log,
        "undo_request": l.row.undo_by.map(|b| json!({ "by": names.get(b as usize), "at": l.row.undo_at })),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShowQuery {
    /// Only the history from this step on.
    since: Option<usize>,
    /// The seat asked for: must be the caller's own.
    seat: Option<String>,
    /// Add the seat's picture as the app draws it ([`seat_picture`]).
    #[serde(default)]
    picture: bool,
}

/// 403 unless `asked` (a seat name, when given) is `mine`.
fn check_asked_seat(l: &crate::play::Loaded, mine: Seat, asked: Option<&str>) -> Result<(), ApiError> {
    if let Some(name) = asked {
        let s = l.session.seat_by_name(name).ok_or_else(|| ApiError::bad(format!("no seat `{name}`")))?;
        if s != mine {
            return Err(ApiError::new(StatusCode::FORBIDDEN, format!("you play {}, not {name}: a seat sees and acts only for itself", l.seats[mine as usize].name)));
        }
    }
    Ok(())
}

async fn show(State(app): State<Arc<App>>, user: User, Path(id): Path<String>, Query(q): Query<ShowQuery>) -> ApiResult {
    let slot = app.games.slot(&id);
    let guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_ref().expect("loaded");
    let seat = l.my_seat(&user.name)?;
    check_asked_seat(l, seat, q.seat.as_deref())?;
    let since = q.since.unwrap_or(0);
    let mut view = engine(|| seat_view(&slot, l, seat, since));
    if q.picture {
        let picture = engine(|| seat_picture(l, seat, since));
        if let (Some(v), Value::Object(p)) = (view.as_object_mut(), picture) {
            v.extend(p);
        }
    }
    Ok(Json(view))
}

/// What the desktop app draws for `seat`, each part rendered by the engine for that seat alone
/// (the leak check covers every one): the board picture, the text picture, the legal actions
/// with their hints and the prompt (when it is to act), the outcome, and the history from step
/// `since` as structured steps: who played, the action as the seat reads it, the events it may
/// read.
pub fn seat_picture(l: &crate::play::Loaded, seat: Seat, since: usize) -> Value {
    let s = &*l.session;
    let your_turn = !l.row.finished && s.active_seats().contains(&seat);
    // Why a step could not be taken back is given for the seat's own steps only.
    let steps: Vec<Value> = s
        .history()
        .iter()
        .skip(since)
        .map(|st| {
            let events: Vec<&bivouac_engine::log::Event> = st.events.iter().filter(|e| e.visible_to(Some(seat))).collect();
            let irreversible = if st.seat == seat { st.irreversible.clone() } else { None };
            json!({ "seat": st.seat, "action": st.action_for(Some(seat)), "events": events, "irreversible": irreversible })
        })
        .collect();
    let active: Vec<Seat> = if l.row.finished { Vec::new() } else { s.active_seats() };
    let hints = if your_turn { s.hinted_actions(seat) } else { Vec::new() };
    // For each legal action, why undo could not take it back once played (dice, a draw, a
    // reveal, the decision passing on), found as the local app finds it: played on a state
    // determinized for this seat (`Session::irreversible`), so it reads nothing hidden from it.
    let irreversible: Vec<Option<Irreversible>> = hints.iter().map(|(text, _)| s.irreversible(seat, text)).collect();
    json!({
        "seat_index": seat,
        "active": active,
        "board": s.board(Some(seat)),
        "describe": s.describe(Some(seat)),
        "hints": hints,
        "irreversible": irreversible,
        "prompt": if your_turn { s.prompt(seat) } else { None },
        "outcome": s.outcome(),
        "history": steps,
    })
}

async fn actions(State(app): State<Arc<App>>, user: User, Path(id): Path<String>, Query(q): Query<ShowQuery>) -> ApiResult {
    let slot = app.games.slot(&id);
    let guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_ref().expect("loaded");
    let seat = l.my_seat(&user.name)?;
    check_asked_seat(l, seat, q.seat.as_deref())?;
    let legal = if l.row.finished { Vec::new() } else { engine(|| l.session.legal_actions(seat)) };
    Ok(Json(json!({ "version": l.row.version, "seat": l.seats[seat as usize].name, "actions": legal })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewQuery {
    /// The board after this many steps of the game's history.
    steps: usize,
    /// The seat asked for: must be the caller's own.
    seat: Option<String>,
}

/// An earlier board, for the app's review of past steps: the game after its first `steps`
/// steps (the setup and those actions replayed), rendered for the caller's seat alone, as it
/// was shown then: the board picture, the description, the text picture and the view.
async fn review(State(app): State<Arc<App>>, user: User, Path(id): Path<String>, Query(q): Query<ReviewQuery>) -> ApiResult {
    let slot = app.games.slot(&id);
    let guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_ref().expect("loaded");
    let seat = l.my_seat(&user.name)?;
    check_asked_seat(l, seat, q.seat.as_deref())?;
    let moves = l.session.history().len();
    if q.steps > moves {
        return Err(ApiError::bad(format!("the game has {moves} steps, not {}", q.steps)));
    }
    let game = app.catalog.game(&l.row.game).ok_or_else(|| ApiError::internal("the game is no longer served"))?;
    let mut save = l.session.to_save();
    save.actions.truncate(q.steps);
    drop(guard);
    let then = engine(|| game.load(&save)).map_err(|e| ApiError::internal(format!("step {} does not replay: {e}", q.steps)))?;
    Ok(Json(json!({
        "steps": q.steps,
        "board": then.board(Some(seat)),
        "describe": then.describe(Some(seat)),
        "show": then.show_text(Some(seat)),
        "view": then.view_json(Some(seat)),
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Act {
    action: String,
    /// The version the client acts on: refused (409) if the game has moved on since.
    version: Option<i64>,
    /// The seat acting: must be the caller's own (default: it).
    seat: Option<String>,
}

async fn act(State(app): State<Arc<App>>, user: User, Path(id): Path<String>, Body(req): Body<Act>) -> ApiResult {
    if req.action.len() > 1000 {
        return Err(ApiError::bad("an action is at most 1000 characters"));
    }
    let slot = app.games.slot(&id);
    let mut guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_ref().expect("loaded");
    let seat = l.my_seat(&user.name)?;
    check_asked_seat(l, seat, req.seat.as_deref())?;
    if l.row.finished {
        return Err(ApiError::conflict(format!("the game is over: {}", l.row.result)));
    }
    if let Some(v) = req.version
        && v != l.row.version
    {
        return Err(ApiError::conflict(format!("the game is at version {}, not {v}: fetch it again", l.row.version)));
    }
    not_yours(l, seat)?;
    let seed: u64 = serde_json::from_str::<Setup>(&l.row.setup).map(|s| s.seed).unwrap_or(0);
    let (next, steps) = engine(|| -> Result<_, ApiError> {
        let mut next = l.session.clone_box();
        let step = next.apply_text(seat, &req.action).map_err(ApiError::refused)?;
        let mut steps = vec![step];
        steps.extend(run_ai(&mut *next, &l.seats, seed)?);
        Ok((next, steps))
    })?;
    let names = next.seat_names();
    let lines: Vec<Vec<String>> = steps.iter().map(|st| st.lines(&names[st.seat as usize], Some(seat))).collect();
    let version = app.commit_steps(&slot, &mut guard, next, steps).await?;
    let l = guard.as_ref().expect("loaded");
    let s = &*l.session;
    let moves = s.history().len();
    slot.mark_seen(seat, moves);
    let your_turn = !l.row.finished && s.active_seats().contains(&seat);
    Ok(Json(json!({
        "version": version,
        "moves": moves,
        "steps": lines,
        "turn": s.turn_line(),
        "finished": l.row.finished,
        "your_turn": your_turn,
    })))
}

/// Refuse an action of `seat` while other seats are to act, saying which seat the caller
/// plays: "you play usa; csa's move is not yours".
fn not_yours(l: &crate::play::Loaded, seat: Seat) -> Result<(), ApiError> {
    let active = l.session.active_seats();
    if active.is_empty() || active.contains(&seat) {
        return Ok(());
    }
    let names = l.session.seat_names();
    let owed: Vec<&str> = active.iter().map(|&s| names.get(s as usize).map_or("?", String::as_str)).collect();
    let message = format!("you play {}; {}'s move is not yours", names[seat as usize], owed.join(" and "));
    Err(ApiError::refused(Refusal::new("sequence of play", message)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Join {
    seat: Option<String>,
}

async fn join(State(app): State<Arc<App>>, user: User, Path(id): Path<String>, Body(req): Body<Join>) -> ApiResult {
    let slot = app.games.slot(&id);
    let mut guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_mut().expect("loaded");
    if l.seat_of(&user.name).is_some() {
        return Err(ApiError::conflict("you already play a seat in this game"));
    }
    if l.row.finished {
        return Err(ApiError::conflict("the game is over"));
    }
    let open = |r: &SeatRow| r.user.is_none() && r.ai.is_none();
    let seat = match &req.seat {
        Some(name) => {
            let s = l.session.seat_by_name(name).ok_or_else(|| ApiError::bad(format!("no seat `{name}`")))?;
            if !open(&l.seats[s as usize]) {
                return Err(ApiError::conflict(format!("seat `{name}` is taken")));
            }
            s
        }
        None => l.seats.iter().position(open).ok_or_else(|| ApiError::conflict("no seat is open"))? as Seat,
    };
    if !app.db.take_seat(&id, seat as i64, &user.name).await.map_err(ApiError::internal)? {
        *guard = None;
        return Err(ApiError::conflict("the seat was taken meanwhile"));
    }
    l.seats[seat as usize].user = Some(user.name.clone());
    let _ = slot.live.send(Arc::new(Change::Joined { seat, user: user.name.clone() }));
    let l = guard.as_ref().expect("loaded");
    Ok(Json(engine(|| seat_view(&slot, l, seat, 0))))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoFields {}

/// Take the seat an invitation names: 404 for an unknown code, 409 when it was used, the seat
/// is taken, the game is over, or the caller already plays a seat of the game.
async fn accept_invite(State(app): State<Arc<App>>, user: User, Path(code): Path<String>, Body(NoFields {}): Body<NoFields>) -> ApiResult {
    let hash = auth::hash_token(&code);
    let Some((id, seat, taken)) = app.db.invite(&hash).await.map_err(ApiError::internal)? else {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "no such invitation"));
    };
    if taken.is_some() {
        return Err(ApiError::conflict("this invitation has been used"));
    }
    let slot = app.games.slot(&id);
    let mut guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_mut().expect("loaded");
    if l.seat_of(&user.name).is_some() {
        return Err(ApiError::conflict("you already play a seat in this game"));
    }
    if l.row.finished {
        return Err(ApiError::conflict("the game is over"));
    }
    let name = l.seats.get(seat as usize).map_or_else(|| "?".to_string(), |s| s.name.clone());
    if !app.db.take_invite(&hash, &id, seat, &user.name).await.map_err(ApiError::internal)? {
        *guard = None;
        return Err(ApiError::conflict(format!("seat `{name}` is taken")));
    }
    let seat = seat as Seat;
    l.seats[seat as usize].user = Some(user.name.clone());
    let _ = slot.live.send(Arc::new(Change::Joined { seat, user: user.name.clone() }));
    let l = guard.as_ref().expect("loaded");
    Ok(Json(engine(|| seat_view(&slot, l, seat, 0))))
}

async fn resign(State(app): State<Arc<App>>, user: User, Path(id): Path<String>) -> ApiResult {
    let slot = app.games.slot(&id);
    let mut guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_mut().expect("loaded");
    let seat = l.my_seat(&user.name)?;
    if l.row.finished {
        return Err(ApiError::conflict(format!("the game is over: {}", l.row.result)));
    }
    let result = format!("game over: {} resigned", l.seats[seat as usize].name);
    if !app.db.finish(&id, &result).await.map_err(ApiError::internal)? {
        *guard = None;
        return Err(ApiError::conflict("the game ended meanwhile"));
    }
    l.row.finished = true;
    l.row.result = result.clone();
    l.row.undo_by = None;
    let _ = slot.live.send(Arc::new(Change::Resigned { seat, result: result.clone() }));
    Ok(Json(json!({ "finished": true, "result": result })))
}

/// Whether some human seat other than `seat` has been sent the last step.
fn seen_by_opponent(slot: &crate::play::Slot, l: &crate::play::Loaded, seat: Seat) -> bool {
    let moves = l.session.history().len();
    l.seats.iter().any(|r| r.seat as Seat != seat && r.user.is_some() && slot.has_seen(r.seat as Seat, moves))
}

/// The last step taken back on a copy of the session: refused unless `seat` played it and the
/// rules allow taking it back (Session::undo: no roll, draw or reveal, same seat to act).
fn try_undo(l: &crate::play::Loaded, seat: Seat) -> Result<Box<dyn AnySession>, ApiError> {
    let Some(last) = l.session.history().last() else {
        return Err(ApiError::refused(Refusal::new("undo", "nothing to undo")));
    };
    if last.seat != seat {
        return Err(ApiError::refused(Refusal::new("undo", "only the seat that played the last step may take it back")));
    }
    let mut next = l.session.clone_box();
    engine(|| next.undo()).map_err(ApiError::refused)?;
    Ok(next)
}

async fn undo(State(app): State<Arc<App>>, user: User, Path(id): Path<String>) -> ApiResult {
    let slot = app.games.slot(&id);
    let mut guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_mut().expect("loaded");
    let seat = l.my_seat(&user.name)?;
    if l.row.finished {
        return Err(ApiError::conflict(format!("the game is over: {}", l.row.result)));
    }
    let next = try_undo(l, seat)?;
    if seen_by_opponent(&slot, l, seat) {
        // The opponent has seen the step: ask, and wait for its answer.
        let version = l.row.version;
        app.db.set_undo_request(&id, Some((seat as i64, version))).await.map_err(ApiError::internal)?;
        l.row.undo_by = Some(seat as i64);
        l.row.undo_at = Some(version);
        let _ = slot.live.send(Arc::new(Change::UndoRequested { version, by: seat }));
        return Ok(Json(json!({ "undone": false, "requested": true, "version": version })));
    }
    let version = app.commit_undo(&slot, &mut guard, next).await?;
    Ok(Json(json!({ "undone": true, "version": version })))
}

/// The request to take back a step that `user` is to answer: the seat that asked and the
/// version it asked at. Refused when nobody asks (409) or the request is the user's own (403).
fn request_to_answer(l: &crate::play::Loaded, user: &User) -> Result<(Seat, Option<i64>), ApiError> {
    let seat = l.my_seat(&user.name)?;
    let Some(by) = l.row.undo_by else {
        return Err(ApiError::conflict("nobody asks to take back a step"));
    };
    if by as Seat == seat {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "the other side answers your own request"));
    }
    Ok((by as Seat, l.row.undo_at))
}

async fn undo_accept(State(app): State<Arc<App>>, user: User, Path(id): Path<String>) -> ApiResult {
    let slot = app.games.slot(&id);
    let mut guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_mut().expect("loaded");
    let (by, at) = request_to_answer(l, &user)?;
    if at != Some(l.row.version) {
        return Err(ApiError::conflict("the game has moved on since the request"));
    }
    let next = try_undo(l, by)?;
    let version = app.commit_undo(&slot, &mut guard, next).await?;
    Ok(Json(json!({ "undone": true, "version": version })))
}

async fn undo_decline(State(app): State<Arc<App>>, user: User, Path(id): Path<String>) -> ApiResult {
    let slot = app.games.slot(&id);
    let mut guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_mut().expect("loaded");
    request_to_answer(l, &user)?;
    app.db.set_undo_request(&id, None).await.map_err(ApiError::internal)?;
    l.row.undo_by = None;
    l.row.undo_at = None;
    let _ = slot.live.send(Arc::new(Change::UndoDeclined { version: l.row.version }));
    Ok(Json(json!({ "declined": true, "version": l.row.version })))
}

async fn rematch(State(app): State<Arc<App>>, user: User, Path(id): Path<String>) -> Result<(StatusCode, Json<Value>), ApiError> {
    let slot = app.games.slot(&id);
    let guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_ref().expect("loaded");
    l.my_seat(&user.name)?;
    if !l.row.finished {
        return Err(ApiError::conflict("a rematch follows a finished game"));
    }
    if let Some(existing) = app.db.rematch_of(&id).await.map_err(ApiError::internal)? {
        return Ok((StatusCode::OK, Json(json!({ "id": existing }))));
    }
    let game = app.catalog.game(&l.row.game).ok_or_else(|| ApiError::internal("the game is no longer served"))?;
    let mut setup: Setup = serde_json::from_str(&l.row.setup).map_err(|e| ApiError::internal(e.to_string()))?;
    setup.seed = new_seed();
    let seats = l.seats.clone();
    drop(guard);
    let (status, Json(view)) = start_game(&app, game, setup, &user.name, None, &BTreeMap::new(), Some((&id, seats))).await?;
    Ok((status, Json(view)))
}

/// The whole save (setup with its seed, every action): only once the game is over.
async fn save(State(app): State<Arc<App>>, user: User, Path(id): Path<String>) -> ApiResult {
    let slot = app.games.slot(&id);
    let guard = app.lock_game(&slot, &id).await?;
    let l = guard.as_ref().expect("loaded");
    l.my_seat(&user.name)?;
    if !l.row.finished {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "the save (with the seed and every hidden action) is given only once the game is over"));
    }
    Ok(Json(serde_json::to_value(l.session.to_save()).expect("saves serialize")))
}

/// A new game's seed, kept on the server: it decides every die and draw, so a player who could
/// guess it would know the hidden cards and future dice. 53 random bits are far too many to
/// search for the seed that fits the dice seen so far, and stay exact in any JSON reader.
fn new_seed() -> u64 {
    rand::random::<u64>() >> 11
}

#[cfg(test)]
mod seed_tests {
    /// A seed is not guessable by trying the 2^32 values of a 32-bit one.
    #[test]
    fn a_new_games_seed_has_more_than_32_bits() {
        let seeds: Vec<u64> = (0..64).map(|_| super::new_seed()).collect();
        assert!(seeds.iter().any(|&s| s > u32::MAX as u64), "{seeds:?}");
        assert!(seeds.iter().all(|&s| s < 1 << 53));
    }
}
