//! The server end to end: started on loopback on a free port with SQLite (and with PostgreSQL
//! too when `BIVOUAC_TEST_POSTGRES` names a database), played through its HTTP API by clients
//! that each play one seat.

use bivouac_engine::session::AnySession;
use bivouac_engine::{GameRng, Seat};
use bivouac_server::client::{Client, Reply};
use bivouac_server::{Config, Running};
use bivouac_systems::{Catalog, builtin_content_dir, load_catalog};
use serde_json::{Value, json};
use std::collections::BTreeMap;

fn catalog() -> Catalog {
    load_catalog(&[builtin_content_dir()])
}

/// The databases every test runs on: a new SQLite file, and PostgreSQL when configured.
fn databases(name: &str) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("bivouac-server-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(format!("{name}.db"));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", file.display()));
    }
    let mut dbs = vec![format!("sqlite://{}?mode=rwc", file.display())];
    if let Ok(pg) = std::env::var("BIVOUAC_TEST_POSTGRES")
        && !pg.is_empty()
    {
        dbs.push(pg);
    }
    dbs
}

fn start(db: &str, rate: f64) -> Running {
    let config = Config { db: db.to_string(), addr: "127.0.0.1:0".parse().unwrap(), rate, burst: 3.0, ..Config::default() };
    bivouac_server::spawn(config, catalog()).expect("server starts")
}

/// A new user (names are unique across runs: the PostgreSQL database is kept between them).
fn user(server: &Running, who: &str) -> Client {
    let tag: u32 = rand::random();
    let mut c = Client::new(&server.url());
    c.sign_in(&format!("{who}{tag:08x}"), "correct horse battery", false).expect("register");
    c
}

fn post(c: &Client, path: &str, body: Value) -> Reply {
    c.call(path, Some(&body)).expect("the server answers")
}

fn get(c: &Client, path: &str) -> Reply {
    c.call(path, None).expect("the server answers")
}

/// A two-seat game of `game` created by `a`, joined by `b`.
fn two_player_game(a: &Client, b: &Client, game: &str, scenario: &str, players: u8) -> String {
    let g = post(a, "/api/games", json!({ "game": game, "scenario": scenario, "players": players }));
    assert_eq!(g.status, 201, "{:?}", g.body);
    let id = g.body["id"].as_str().unwrap().to_string();
    let j = post(b, &format!("/api/games/{id}/join"), json!({}));
    assert_eq!(j.status, 200, "{:?}", j.body);
    id
}

/// Everything one seat was sent, to hold against what the engine renders for it.
#[derive(Default)]
struct Received {
    /// Views by the version they were sent at.
    views: BTreeMap<i64, Value>,
    /// The history as the seat read it, step by step (from views and act replies).
    lines: BTreeMap<usize, Vec<String>>,
}

impl Received {
    fn view(&mut self, v: &Value) {
        let since = v["since"].as_u64().unwrap() as usize;
        for (k, step) in v["log"].as_array().unwrap().iter().enumerate() {
            self.step(since + k, step);
        }
        self.views.insert(v["version"].as_i64().unwrap(), v.clone());
    }

    fn step(&mut self, index: usize, step: &Value) {
        let lines: Vec<String> = step.as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_string()).collect();
        if let Some(old) = self.lines.insert(index, lines.clone()) {
            assert_eq!(old, lines, "step {index} was sent two ways");
        }
    }
}

/// Play a game to its end with each client choosing random legal actions (seeded); returns
/// what each seat received, by seat number.
fn play_to_end(clients: &[&Client], id: &str, seed: u64, max: usize) -> Vec<Received> {
    let mut rng = GameRng::new(seed);
    let mut got: Vec<Received> = clients.iter().map(|_| Received::default()).collect();
    let mut seat_of = Vec::new();
    let mut seen = vec![0usize; clients.len()];
    for c in clients {
        let v = c.game(id, 0).unwrap();
        seat_of.push(v["seat"].as_str().unwrap().to_string());
    }
    for turn in 0..max {
        // Whoever is to act fetches what is new for it, and plays.
        let probe = clients[0].game(id, usize::MAX >> 1).unwrap();
        if probe["finished"] == json!(true) {
            for (i, c) in clients.iter().enumerate() {
                let v = c.game(id, seen[i]).unwrap();
                got[i].view(&v);
            }
            return got;
        }
        let to_act: Vec<String> = probe["to_act"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
        let i = (0..clients.len()).find(|&i| to_act.contains(&seat_of[i])).expect("a client's seat is to act");
        let v = clients[i].game(id, seen[i]).unwrap();
        got[i].view(&v);
        seen[i] = v["moves"].as_u64().unwrap() as usize;
        let actions = v["actions"].as_array().unwrap();
        assert!(!actions.is_empty(), "seat {} to act with no action", seat_of[i]);
        let action = actions[rng.pick(actions.len())].as_str().unwrap();
        let r = clients[i].act(id, action, v["version"].as_i64()).unwrap();
        assert_eq!(r.status, 200, "`{action}` refused: {:?}", r.body);
        let steps = r.body["steps"].as_array().unwrap();
        let moves = r.body["moves"].as_u64().unwrap() as usize;
        for (k, st) in steps.iter().enumerate() {
            got[i].step(moves - steps.len() + k, st);
        }
        // Now and then the other seats look too, while it is not their turn.
        if turn % 7 == 0 {
            for (j, c) in clients.iter().enumerate() {
                let v = c.game(id, seen[j]).unwrap();
                seen[j] = v["moves"].as_u64().unwrap() as usize;
                got[j].view(&v);
            }
        }
    }
    panic!("game {id} did not end within {max} actions");
}

/// Replay the finished game's save and check that every view and line each seat received is
/// what engine/src/seen.rs renders for that seat at that point, and that no seat was sent a
/// line of an event hidden from it.
fn check_received(catalog: &Catalog, save: &Value, got: &[Received], seat_of: &[Seat]) {
    let save: bivouac_engine::save::SaveFile = serde_json::from_value(save.clone()).unwrap();
    let game = catalog.game(&save.game).unwrap();
    let mut s = game.new_session(save.setup.clone()).unwrap();
    let names = s.seat_names();
    let check_at = |s: &dyn AnySession, version: i64| {
        for (i, r) in got.iter().enumerate() {
            let seat = seat_of[i];
            if let Some(v) = r.views.get(&version) {
                assert_eq!(v["show"].as_str().unwrap(), s.show_text(Some(seat)), "seat {seat} show at version {version}");
                assert_eq!(v["view"], s.view_json(Some(seat)), "seat {seat} view at version {version}");
                if v["your_turn"] == json!(true) {
                    assert_eq!(v["actions"], json!(s.legal_actions(seat)), "seat {seat} actions at version {version}");
                } else {
                    assert_eq!(v["actions"], json!([]));
                }
            }
        }
    };
    check_at(&*s, 0);
    for (k, a) in save.actions.iter().enumerate() {
        s.apply_text(a.seat, &a.action).unwrap();
        check_at(&*s, k as i64 + 1);
    }
    let history = s.history();
    let mut checked = 0;
    for (i, r) in got.iter().enumerate() {
        let seat = seat_of[i];
        let sent: String = r.lines.values().flatten().cloned().collect::<Vec<_>>().join("\n");
        for (k, lines) in &r.lines {
            let step = &history[*k];
            assert_eq!(lines, &step.lines(&names[step.seat as usize], Some(seat)), "seat {seat}, step {k}");
            checked += 1;
        }
        // No event hidden from this seat is ever in what it was sent.
        for step in history {
            for e in step.events.iter().filter(|e| !e.visible_to(Some(seat))) {
                let visible_elsewhere = history.iter().any(|st| st.events.iter().any(|x| x.visible_to(Some(seat)) && x.text == e.text));
                if !visible_elsewhere && e.text.len() > 12 {
                    assert!(!sent.contains(&e.text), "seat {seat} was sent a hidden line: {}", e.text);
                }
            }
        }
    }
    assert!(checked > 0);
}

/// Two clients send the same action for the same seat at the same version at once: exactly
/// one is applied (200), the other refused as stale (409).
fn race(clients: [&Client; 2], id: &str, action: &str, version: i64) {
    let barrier = std::sync::Barrier::new(2);
    let statuses: Vec<u16> = std::thread::scope(|s| {
        let hs: Vec<_> = clients
            .into_iter()
            .map(|c| {
                let barrier = &barrier;
                s.spawn(move || {
                    barrier.wait();
                    c.act(id, action, Some(version)).unwrap().status
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut sorted = statuses.clone();
    sorted.sort();
    assert_eq!(sorted, vec![200, 409], "{statuses:?}");
}

#[test]
fn every_game_plays_to_the_end_through_the_api_and_each_seat_sees_only_its_own() {
    let catalog = catalog();
    for db in databases("every_game") {
        let server = start(&db, 0.0);
        let games = [("blockade-runner", "standard"), ("for-the-people", "1861"), ("bobby-lee", "1861"), ("gcacw", "cedar-mountain")];
        for (n, (game, scenario)) in games.iter().enumerate() {
            let (a, b) = (user(&server, "a"), user(&server, "b"));
            let id = two_player_game(&a, &b, game, scenario, 2);
            let got = play_to_end(&[&a, &b], &id, 11 + n as u64, 20_000);
            let save = a.get(&format!("/api/games/{id}/save")).unwrap();
            assert_eq!(save["game"], json!(game));
            check_received(&catalog, &save, &got, &[0, 1]);
            // Both list the game as over.
            let list = b.get("/api/games").unwrap();
            let line = list["games"].as_array().unwrap().iter().find(|g| g["id"] == json!(id)).unwrap().clone();
            assert_eq!(line["finished"], json!(true), "{line}");
        }
    }
}

#[test]
fn the_server_plays_the_ai_seats() {
    for db in databases("ai") {
        let server = start(&db, 0.0);
        let a = user(&server, "solo");
        let g = post(&a, "/api/games", json!({ "game": "blockade-runner", "players": 2, "seat": "p1", "ai": { "p2": "random" } }));
        assert_eq!(g.status, 201, "{:?}", g.body);
        let id = g.body["id"].as_str().unwrap().to_string();
        let got = play_to_end(&[&a], &id, 5, 5_000);
        let lines: Vec<&String> = got[0].lines.values().flatten().collect();
        assert!(lines.iter().any(|l| l.starts_with("p2: ")), "the AI played");
        assert!(lines.iter().any(|l| l.starts_with("p1: ")));
    }
}

#[test]
fn a_seat_acts_and_reads_only_for_itself() {
    for db in databases("security") {
        let server = start(&db, 0.0);
        let (a, b, c) = (user(&server, "a"), user(&server, "b"), user(&server, "c"));
        let id = two_player_game(&a, &b, "for-the-people", "1861", 2);
        let va = a.game(&id, 0).unwrap();
        let (mine, theirs) = (va["seat"].as_str().unwrap().to_string(), b.game(&id, 0).unwrap()["seat"].as_str().unwrap().to_string());
        let (active, idle) = if va["your_turn"] == json!(true) { (&a, &b) } else { (&b, &a) };
        let action = active.game(&id, 0).unwrap()["actions"][0].as_str().unwrap().to_string();
        let version = va["version"].as_i64().unwrap();

        // Reading another seat's view, acting for another seat or out of turn.
        assert_eq!(get(&a, &format!("/api/games/{id}?seat={theirs}")).status, 403);
        assert_eq!(get(&a, &format!("/api/games/{id}/actions?seat={theirs}")).status, 403);
        assert_eq!(get(&a, &format!("/api/games/{id}?seat={mine}")).status, 200);
        assert_eq!(post(&a, &format!("/api/games/{id}/act"), json!({ "action": action, "seat": theirs })).status, 403);
        let r = post(idle, &format!("/api/games/{id}/act"), json!({ "action": action }));
        assert_eq!(r.status, 422, "{:?}", r.body);
        assert_eq!(r.body["rule"], json!("sequence of play"));
        // The refusal says which seat the caller plays, and whose move it is.
        let (idle_seat, active_seat) = if std::ptr::eq(idle, &a) { (&mine, &theirs) } else { (&theirs, &mine) };
        let expected = format!("you play {idle_seat}; {active_seat}'s move is not yours");
        assert!(r.body["error"].as_str().unwrap().contains(&expected), "{:?}", r.body);
        assert_eq!(post(active, &format!("/api/games/{id}/act"), json!({ "action": "no such action" })).status, 422);
        // Someone not at the table.
        assert_eq!(get(&c, &format!("/api/games/{id}")).status, 403);
        assert_eq!(post(&c, &format!("/api/games/{id}/act"), json!({ "action": action })).status, 403);
        assert_eq!(post(&c, &format!("/api/games/{id}/join"), json!({})).status, 409, "no seat open");
        assert_eq!(get(&a, &format!("/api/games/{id}/save")).status, 403, "no save before the end");
        assert_eq!(get(&a, "/api/games/nosuchgame").status, 404);
        // The seed never shows before the end.
        assert!(va["setup"].get("seed").is_none());

        // Sessions: none, wrong, expired, logged out.
        let anon = Client::new(&server.url());
        assert_eq!(get(&anon, "/api/games").status, 401);
        assert_eq!(Client::with_token(&server.url(), "0123").call("/api/games", None).unwrap().status, 401);
        let expired = expire_token(&db, &c);
        assert_eq!(get(&expired, "/api/me").status, 401);
        let mut d = user(&server, "d");
        assert_eq!(get(&d, "/api/me").status, 200);
        assert_eq!(post(&d, "/api/logout", json!({})).status, 200);
        assert_eq!(get(&d, "/api/me").status, 401);
        let name = a.get("/api/me").unwrap()["name"].as_str().unwrap().to_string();
        assert_eq!(d.sign_in(&name, "wrong password!", true).unwrap_err().split(':').next(), Some("401"));
        assert!(d.sign_in(&name, "correct horse battery", true).is_ok());
        assert_eq!(post(&anon, "/api/register", json!({ "name": name, "password": "whatever123" })).status, 409);
        assert_eq!(post(&anon, "/api/register", json!({ "name": "x y", "password": "whatever123" })).status, 400);

        // Oversized and malformed requests.
        // A body a little over the 16 KiB limit: it fits in the socket's buffer, so the client
        // reads the 413 (a much larger one may meet a reset once the server stops reading).
        let big = "x".repeat(20_000);
        assert_eq!(post(active, &format!("/api/games/{id}/act"), json!({ "action": big })).status, 413);
        assert_eq!(post(active, &format!("/api/games/{id}/act"), json!({ "act": "x" })).status, 422);
        assert_eq!(post(active, &format!("/api/games/{id}/act"), json!([1, 2])).status, 422);
        assert_eq!(raw_post(&server, &format!("/api/games/{id}/act"), active, "application/json", "{\"action\": "), 400);
        assert_eq!(raw_post(&server, &format!("/api/games/{id}/act"), active, "text/plain", "{}"), 415);
        assert_eq!(post(&a, "/api/games", json!({ "game": "chess" })).status, 400);
        assert_eq!(post(&a, "/api/games", json!({ "game": "for-the-people", "options": { "nope": "1" } })).status, 400);

        // Nothing above changed the game.
        assert_eq!(a.game(&id, 0).unwrap()["version"].as_i64().unwrap(), version);
    }
}

/// A token of `c`'s user made to have expired, straight in the database.
fn expire_token(db: &str, c: &Client) -> Client {
    let name = c.get("/api/me").unwrap()["name"].as_str().unwrap().to_string();
    let token = bivouac_server::auth::new_token();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let d = bivouac_server::db::Db::open(db).await.unwrap();
        d.insert_token(&bivouac_server::auth::hash_token(&token), &name, bivouac_server::db::now() - 1).await.unwrap();
    });
    Client::with_token(&c.base, &token)
}

/// A POST with a body of any content type; its status.
fn raw_post(server: &Running, path: &str, c: &Client, content_type: &str, body: &str) -> u16 {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(server.addr).unwrap();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        c.token.as_deref().unwrap(),
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out.split(' ').nth(1).unwrap().parse().unwrap()
}

#[test]
fn requests_beyond_the_rate_limit_are_refused() {
    for db in databases("rate") {
        let server = start(&db, 1.0);
        let anon = Client::new(&server.url());
        let statuses: Vec<u16> = (0..6).map(|_| get(&anon, "/api/catalog").status).collect();
        assert_eq!(&statuses[..3], &[200, 200, 200]);
        assert!(statuses[3..].contains(&429), "{statuses:?}");
    }
}

#[test]
fn two_clients_racing_for_one_seat_get_exactly_one_action_applied() {
    for db in databases("race") {
        let server = start(&db, 0.0);
        let (a, b) = (user(&server, "a"), user(&server, "b"));
        let id = two_player_game(&a, &b, "blockade-runner", "standard", 2);
        let mut applied = 0;
        for _ in 0..15 {
            let v = a.game(&id, usize::MAX >> 1).unwrap();
            if v["finished"] == json!(true) {
                break;
            }
            let who = if v["your_turn"] == json!(true) { &a } else { &b };
            let v = who.game(&id, usize::MAX >> 1).unwrap();
            let (version, action) = (v["version"].as_i64().unwrap(), v["actions"][0].as_str().unwrap().to_string());
            // The same seat's token on two connections, the same action on the same version.
            let twin = Client::with_token(&who.base, who.token.as_deref().unwrap());
            race([who, &twin], &id, &action, version);
            applied += 1;
            let after = a.game(&id, usize::MAX >> 1).unwrap();
            assert_eq!(after["version"].as_i64().unwrap(), version + 1);
        }
        assert!(applied > 5);
    }
}

#[test]
fn undo_needs_the_opponents_consent_once_it_has_seen_the_action() {
    for db in databases("undo") {
        let server = start(&db, 0.0);
        let (a, b) = (user(&server, "a"), user(&server, "b"));
        let id = two_player_game(&a, &b, "gcacw", "cedar-mountain", 2);
        let mut rng = GameRng::new(3);
        let (mut direct, mut consented) = (false, false);
        for _ in 0..2000 {
            let probe = a.game(&id, usize::MAX >> 1).unwrap();
            if probe["finished"] == json!(true) || (direct && consented) {
                break;
            }
            let (me, other) = if probe["your_turn"] == json!(true) { (&a, &b) } else { (&b, &a) };
            let v = me.game(&id, usize::MAX >> 1).unwrap();
            let actions = v["actions"].as_array().unwrap();
            let action = actions[rng.pick(actions.len())].as_str().unwrap().to_string();
            let r = me.act(&id, &action, v["version"].as_i64()).unwrap();
            assert_eq!(r.status, 200);
            let version = r.body["version"].as_i64().unwrap();
            if !direct {
                // The opponent has not looked: taken back at once, if the rules allow.
                let u = post(me, &format!("/api/games/{id}/undo"), json!({}));
                if u.status == 200 {
                    assert_eq!(u.body["undone"], json!(true), "{:?}", u.body);
                    assert_eq!(u.body["version"].as_i64().unwrap(), version + 1);
                    direct = true;
                } else {
                    assert_eq!(u.status, 422, "{:?}", u.body);
                    assert_eq!(u.body["rule"], json!("undo"));
                }
            } else {
                // The opponent looks first: the undo waits for its answer.
                other.game(&id, 0).unwrap();
                let u = post(me, &format!("/api/games/{id}/undo"), json!({}));
                if u.status == 200 {
                    assert_eq!(u.body["requested"], json!(true), "{:?}", u.body);
                    assert_eq!(post(me, &format!("/api/games/{id}/undo/accept"), json!({})).status, 403, "not one's own request");
                    let seen = other.game(&id, 0).unwrap();
                    assert!(seen["undo_request"].is_object(), "{}", seen["undo_request"]);
                    assert_eq!(seen["version"].as_i64().unwrap(), version, "nothing undone yet");
                    let ok = post(other, &format!("/api/games/{id}/undo/accept"), json!({}));
                    assert_eq!(ok.status, 200, "{:?}", ok.body);
                    assert_eq!(ok.body["undone"], json!(true));
                    consented = true;
                }
            }
        }
        assert!(direct && consented, "no undoable step found (direct {direct}, consented {consented})");
        // The log with its undo rows replays on a fresh server process (the cache dropped).
        drop(server);
        let again = start(&db, 0.0);
        let c = Client::with_token(&again.url(), a.token.as_deref().unwrap());
        assert_eq!(c.get(&format!("/api/games/{id}")).unwrap()["id"], json!(id));
    }
}

#[test]
fn resign_rematch_and_the_list_of_games() {
    for db in databases("resign") {
        let server = start(&db, 0.0);
        let (a, b) = (user(&server, "a"), user(&server, "b"));
        let id = two_player_game(&a, &b, "bobby-lee", "1861", 2);
        let list = a.get("/api/games").unwrap();
        let line = &list["games"].as_array().unwrap()[0];
        assert_eq!(line["id"], json!(id));
        assert!(!line["to_act"].as_array().unwrap().is_empty());
        assert!(line["setup"].get("seed").is_none());
        assert_eq!(post(&a, &format!("/api/games/{id}/rematch"), json!({})).status, 409, "not over yet");
        let r = post(&b, &format!("/api/games/{id}/resign"), json!({}));
        assert_eq!(r.status, 200);
        assert!(r.body["result"].as_str().unwrap().contains("resigned"));
        assert_eq!(post(&a, &format!("/api/games/{id}/act"), json!({ "action": "x" })).status, 409);
        assert_eq!(post(&a, &format!("/api/games/{id}/resign"), json!({})).status, 409);
        let m = post(&a, &format!("/api/games/{id}/rematch"), json!({}));
        assert_eq!(m.status, 201, "{:?}", m.body);
        let new_id = m.body["id"].as_str().unwrap().to_string();
        assert_eq!(post(&b, &format!("/api/games/{id}/rematch"), json!({})).body["id"], json!(new_id), "one rematch");
        let seats_a = a.game(&new_id, 0).unwrap()["seat"].clone();
        assert_eq!(seats_a, a.game(&id, 0).unwrap()["seat"]);
        assert!(b.get(&format!("/api/games/{new_id}")).is_ok());
        // The save of the finished game has its seed.
        assert!(a.get(&format!("/api/games/{id}/save")).unwrap()["seed"].is_u64());
    }
}

#[test]
fn a_seat_watching_live_gets_each_step_as_it_may_read_it() {
    use tungstenite::stream::MaybeTlsStream;
    for db in databases("live") {
        let server = start(&db, 0.0);
        let (a, b) = (user(&server, "a"), user(&server, "b"));
        let id = two_player_game(&a, &b, "blockade-runner", "standard", 2);
        let url = format!("ws://{}/api/games/{id}/live?token={}", server.addr, b.token.as_deref().unwrap());
        let (mut ws, _) = tungstenite::connect(url).expect("websocket");
        if let MaybeTlsStream::Plain(s) = ws.get_mut() {
            s.set_read_timeout(Some(std::time::Duration::from_secs(20))).unwrap();
        }
        let hello: Value = serde_json::from_str(ws.read().unwrap().to_text().unwrap()).unwrap();
        assert_eq!(hello["kind"], json!("hello"));
        // A stranger cannot watch.
        let c = user(&server, "c");
        assert!(tungstenite::connect(format!("ws://{}/api/games/{id}/live?token={}", server.addr, c.token.as_deref().unwrap())).is_err());
        // Play a few steps (either seat); every step reaches b live, as b reads it in its log.
        let mut rng = GameRng::new(9);
        let mut pushed: BTreeMap<usize, Value> = BTreeMap::new();
        for _ in 0..12 {
            let probe = a.game(&id, usize::MAX >> 1).unwrap();
            let me = if probe["your_turn"] == json!(true) { &a } else { &b };
            let v = me.game(&id, usize::MAX >> 1).unwrap();
            let actions = v["actions"].as_array().unwrap();
            let action = actions[rng.pick(actions.len())].as_str().unwrap();
            assert_eq!(me.act(&id, action, v["version"].as_i64()).unwrap().status, 200);
            let msg: Value = serde_json::from_str(ws.read().unwrap().to_text().unwrap()).unwrap();
            assert_eq!(msg["kind"], json!("steps"), "{msg}");
            for (k, st) in msg["steps"].as_array().unwrap().iter().enumerate() {
                pushed.insert(msg["from"].as_u64().unwrap() as usize + k, st.clone());
            }
        }
        let log = b.game(&id, 0).unwrap()["log"].clone();
        for (k, st) in &pushed {
            assert_eq!(&log[*k], st, "step {k}");
        }
        assert_eq!(pushed.len(), log.as_array().unwrap().len());
    }
}

/// Two server instances on one PostgreSQL database (run when `BIVOUAC_TEST_POSTGRES` is set;
/// SQLite is one process's database): a move made through one is pushed live to a seat
/// watching through the other (LISTEN/NOTIFY), neither answers from a stale copy, and the
/// same seat racing through both gets exactly one action applied.
#[test]
fn two_servers_on_one_postgres_database_push_to_each_other_and_apply_one_of_a_race() {
    use tungstenite::stream::MaybeTlsStream;
    let Some(pg) = std::env::var("BIVOUAC_TEST_POSTGRES").ok().filter(|s| !s.is_empty()) else { return };
    let (one, two) = (start(&pg, 0.0), start(&pg, 0.0));
    let a = user(&one, "a");
    let b_two = user(&two, "b");
    let id = two_player_game(&a, &b_two, "blockade-runner", "standard", 2);
    // Each player has a client on each server.
    let on = |server: &Running, c: &Client| Client::with_token(&server.url(), c.token.as_deref().unwrap());
    let (a_two, b_one) = (on(&two, &a), on(&one, &b_two));
    // b watches live through the second server.
    let url = format!("ws://{}/api/games/{id}/live?token={}", two.addr, b_two.token.as_deref().unwrap());
    let (mut ws, _) = tungstenite::connect(url).expect("websocket");
    if let MaybeTlsStream::Plain(s) = ws.get_mut() {
        s.set_read_timeout(Some(std::time::Duration::from_secs(20))).unwrap();
    }
    let hello: Value = serde_json::from_str(ws.read().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(hello["kind"], json!("hello"));
    let mut rng = GameRng::new(5);
    for _ in 0..8 {
        // Every move goes through the first server; the second pushes it to b.
        let probe = a.game(&id, usize::MAX >> 1).unwrap();
        let mover = if probe["your_turn"] == json!(true) { &a } else { &b_one };
        let v = mover.game(&id, usize::MAX >> 1).unwrap();
        let actions = v["actions"].as_array().unwrap();
        let action = actions[rng.pick(actions.len())].as_str().unwrap();
        let version = v["version"].as_i64().unwrap();
        assert_eq!(mover.act(&id, action, Some(version)).unwrap().status, 200);
        let msg: Value = serde_json::from_str(ws.read().unwrap().to_text().unwrap()).unwrap();
        assert_eq!(msg["kind"], json!("steps"), "{msg}");
        assert_eq!(msg["version"].as_i64(), Some(version + 1), "{msg}");
        let log = b_two.game(&id, msg["from"].as_u64().unwrap() as usize).unwrap();
        assert_eq!(log["log"], msg["steps"], "the push is b's log as b reads it");
        // The second server's copy is current: it answers at the new version.
        assert_eq!(a_two.game(&id, usize::MAX >> 1).unwrap()["version"].as_i64(), Some(version + 1));
    }
    for _ in 0..6 {
        let probe = a.game(&id, usize::MAX >> 1).unwrap();
        if probe["finished"] == json!(true) {
            break;
        }
        let (here, there) = if probe["your_turn"] == json!(true) { (&a, &a_two) } else { (&b_one, &b_two) };
        let v = here.game(&id, usize::MAX >> 1).unwrap();
        let (version, action) = (v["version"].as_i64().unwrap(), v["actions"][0].as_str().unwrap().to_string());
        // Both servers have the game loaded at this version before the race.
        assert_eq!(there.game(&id, usize::MAX >> 1).unwrap()["version"].as_i64(), Some(version));
        race([here, there], &id, &action, version);
        for c in [here, there] {
            assert_eq!(c.game(&id, usize::MAX >> 1).unwrap()["version"].as_i64(), Some(version + 1), "one row, seen by both servers");
        }
    }
}

/// A game's snapshot: written as its log passes each multiple of `SNAPSHOT_EVERY` rows, and
/// the session resumed from it plus the rows after it is the session replayed from the whole
/// log (the same state hash and history); a server started again serves the game from it.
#[test]
fn a_game_loads_from_its_snapshot_as_from_its_whole_log() {
    use bivouac_server::play::{SNAPSHOT_EVERY, replay, resume};
    for db in databases("snapshot") {
        let server = start(&db, 0.0);
        let (a, b) = (user(&server, "a"), user(&server, "b"));
        let id = two_player_game(&a, &b, "blockade-runner", "standard", 2);
        let mut rng = GameRng::new(11);
        let mut version = 0;
        while version < SNAPSHOT_EVERY + 20 {
            let probe = a.game(&id, usize::MAX >> 1).unwrap();
            assert_ne!(probe["finished"], json!(true), "the game ended before its first snapshot");
            let mover = if probe["your_turn"] == json!(true) { &a } else { &b };
            let v = mover.game(&id, usize::MAX >> 1).unwrap();
            let actions = v["actions"].as_array().unwrap();
            let r = mover.act(&id, actions[rng.pick(actions.len())].as_str().unwrap(), v["version"].as_i64()).unwrap();
            assert_eq!(r.status, 200, "{:?}", r.body);
            version = r.body["version"].as_i64().unwrap();
        }
        let seen_before = a.game(&id, 0).unwrap();
        server.stop().unwrap();
        let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let app = bivouac_server::App::open(Config { db: db.clone(), ..Config::default() }, catalog()).await.unwrap();
            let (row, _, log) = app.db.load_game(&id).await.unwrap().unwrap();
            let full = replay(&app.catalog, &row, &log).unwrap();
            let (at, data) = app.db.snapshot(&id).await.unwrap().expect("a snapshot was kept");
            assert!(at >= SNAPSHOT_EVERY && at <= version, "snapshot at {at}, log at {version}");
            let after = app.db.log_after(&id, at).await.unwrap();
            assert_eq!(after.len() as i64, version - at, "only the rows after the snapshot");
            let fast = tokio::task::block_in_place(|| resume(&app.catalog, &row, &data, &after)).expect("the snapshot is usable").unwrap();
            assert_eq!(fast.state_hash(), full.state_hash());
            let lines = |s: &dyn AnySession| s.history().iter().map(|st| (st.seat, st.action.clone(), st.events.len())).collect::<Vec<_>>();
            assert_eq!(lines(&*fast), lines(&*full));
        });
        // A server started again serves the game from its snapshot, as it served it before.
        let again = start(&db, 0.0);
        let a2 = Client::with_token(&again.url(), a.token.as_deref().unwrap());
        let seen_after = a2.game(&id, 0).unwrap();
        for k in ["version", "show", "view", "log", "actions"] {
            assert_eq!(seen_after[k], seen_before[k], "{k}");
        }
    }
}

/// The game `id` as the server holds it in memory, if it holds it (not loaded by this call).
fn in_memory<T>(server: &Running, id: &str, f: impl FnOnce(&bivouac_server::play::Loaded) -> T) -> Option<T> {
    let slot = server.app.games.existing(id)?;
    let guard = slot.game.blocking_lock();
    guard.as_ref().map(f)
}

/// Each seat's picture says, for each of its legal actions, whether undo could take it back
/// (`Session::irreversible`, found on a state determinized for that seat), and for its own
/// past steps why they are final; never for another seat's. An earlier board asked for by a
/// seat is the board it was sent when the game stood there; another seat's, or a stranger's,
/// request is refused.
#[test]
fn a_seat_is_told_which_of_its_actions_are_final_and_reviews_its_own_earlier_boards() {
    for db in databases("final_and_review") {
        let server = start(&db, 0.0);
        let (a, b, c) = (user(&server, "a"), user(&server, "b"), user(&server, "c"));
        let id = two_player_game(&a, &b, "blockade-runner", "standard", 2);
        let seats = [a.game(&id, 0).unwrap()["seat"].as_str().unwrap().to_string(), b.game(&id, 0).unwrap()["seat"].as_str().unwrap().to_string()];
        let mut rng = GameRng::new(3);
        // Per seat, the board it was sent by the number of steps played.
        let mut boards: [BTreeMap<u64, Value>; 2] = Default::default();
        let mut finals = 0;
        for _ in 0..40 {
            let pictures = [a.picture(&id).unwrap(), b.picture(&id).unwrap()];
            if pictures[0]["finished"] == json!(true) {
                break;
            }
            for (k, p) in pictures.iter().enumerate() {
                boards[k].insert(p["moves"].as_u64().unwrap(), p["board"].clone());
                let hints = p["hints"].as_array().unwrap();
                let irreversible = p["irreversible"].as_array().unwrap();
                assert_eq!(irreversible.len(), hints.len(), "one answer per legal action");
                if p["your_turn"] == json!(true) {
                    let seat = p["seat_index"].as_u64().unwrap() as Seat;
                    let expected: Vec<Value> = in_memory(&server, &id, |l| hints.iter().map(|h| json!(l.session.irreversible(seat, h[0].as_str().unwrap()))).collect()).unwrap();
                    assert_eq!(irreversible, &expected, "as the engine finds it for the seat");
                    finals += irreversible.iter().filter(|x| !x.is_null()).count();
                }
                for st in p["history"].as_array().unwrap() {
                    if st["seat"].as_u64().unwrap() as usize != p["seat_index"].as_u64().unwrap() as usize {
                        assert!(st["irreversible"].is_null(), "another seat's step says nothing of undo");
                    }
                }
            }
            let mover = if pictures[0]["your_turn"] == json!(true) { &a } else { &b };
            let v = mover.game(&id, usize::MAX >> 1).unwrap();
            let actions = v["actions"].as_array().unwrap();
            let r = mover.act(&id, actions[rng.pick(actions.len())].as_str().unwrap(), v["version"].as_i64()).unwrap();
            assert_eq!(r.status, 200, "{:?}", r.body);
        }
        assert!(finals > 0, "some action could not be taken back");
        for (k, who) in [&a, &b].into_iter().enumerate() {
            for (steps, board) in &boards[k] {
                let r = get(who, &format!("/api/games/{id}/review?steps={steps}"));
                assert_eq!(r.status, 200, "{:?}", r.body);
                assert_eq!(&r.body["board"], board, "seat {} at step {steps}: the board it was sent", seats[k]);
            }
        }
        assert_eq!(get(&a, &format!("/api/games/{id}/review?steps=1&seat={}", seats[1])).status, 403, "another seat's board");
        assert_eq!(get(&a, &format!("/api/games/{id}/review?steps=1&seat={}", seats[0])).status, 200);
        assert_eq!(get(&c, &format!("/api/games/{id}/review?steps=1")).status, 403, "a stranger");
        assert_eq!(get(&a, &format!("/api/games/{id}/review?steps=100000")).status, 400);
    }
}

/// Games in memory are dropped past the cap (least recently used first) and once idle too
/// long; a dropped game loads again from its snapshot and log to the same state hash, and is
/// served as before.
#[test]
fn idle_games_are_dropped_from_memory_and_load_again_the_same() {
    use bivouac_server::play::SNAPSHOT_EVERY;
    for db in databases("evict") {
        let server = bivouac_server::spawn(Config { db: db.clone(), addr: "127.0.0.1:0".parse().unwrap(), rate: 0.0, max_games: 2, ..Config::default() }, catalog()).unwrap();
        let (a, b) = (user(&server, "a"), user(&server, "b"));
        let id = two_player_game(&a, &b, "blockade-runner", "standard", 2);
        let mut rng = GameRng::new(7);
        let mut version = 0;
        while version < SNAPSHOT_EVERY + 10 {
            let probe = a.game(&id, usize::MAX >> 1).unwrap();
            assert_ne!(probe["finished"], json!(true), "the game ended before its first snapshot");
            let mover = if probe["your_turn"] == json!(true) { &a } else { &b };
            let v = mover.game(&id, usize::MAX >> 1).unwrap();
            let actions = v["actions"].as_array().unwrap();
            let r = mover.act(&id, actions[rng.pick(actions.len())].as_str().unwrap(), v["version"].as_i64()).unwrap();
            assert_eq!(r.status, 200, "{:?}", r.body);
            version = r.body["version"].as_i64().unwrap();
        }
        let before = a.game(&id, 0).unwrap();
        let hash = in_memory(&server, &id, |l| l.session.state_hash()).expect("in memory");
        // Two more games: the first, least recently used, is dropped.
        let _second = two_player_game(&a, &b, "blockade-runner", "standard", 2);
        let _third = two_player_game(&a, &b, "blockade-runner", "standard", 2);
        assert!(server.app.games.existing(&id).is_none(), "the least recently used game was dropped");
        assert!(server.app.games.len() <= 2);
        let again = a.game(&id, 0).unwrap();
        for k in ["version", "show", "view", "log", "actions"] {
            assert_eq!(again[k], before[k], "{k}");
        }
        assert_eq!(in_memory(&server, &id, |l| l.session.state_hash()).as_deref(), Some(hash.as_str()), "loaded again to the same state");
        drop(server);

        // Idle for a second: dropped by the sweep.
        let server = bivouac_server::spawn(Config { db: db.clone(), addr: "127.0.0.1:0".parse().unwrap(), rate: 0.0, idle_secs: 1, ..Config::default() }, catalog()).unwrap();
        let a = Client::with_token(&server.url(), a.token.as_deref().unwrap());
        assert_eq!(a.game(&id, 0).unwrap()["version"], before["version"]);
        assert!(server.app.games.existing(&id).is_some());
        std::thread::sleep(std::time::Duration::from_millis(3500));
        assert!(server.app.games.existing(&id).is_none(), "the idle game was dropped");
        assert_eq!(a.game(&id, 0).unwrap()["show"], before["show"]);
        assert_eq!(in_memory(&server, &id, |l| l.session.state_hash()).as_deref(), Some(hash.as_str()));
    }
}

/// A game's creator gets one invitation per open seat; whoever opens one signed in takes its
/// seat; a used invitation, or one whose seat was taken, is refused (409), an unknown one 404.
#[test]
fn an_invitation_gives_its_seat_once() {
    for db in databases("invites") {
        let server = start(&db, 0.0);
        let (a, b, c) = (user(&server, "a"), user(&server, "b"), user(&server, "c"));
        let g = post(&a, "/api/games", json!({ "game": "blockade-runner", "players": 3, "seat": "p1" }));
        assert_eq!(g.status, 201, "{:?}", g.body);
        let id = g.body["id"].as_str().unwrap().to_string();
        let invites = g.body["invites"].as_array().unwrap().clone();
        let seats: Vec<&str> = invites.iter().map(|i| i["seat"].as_str().unwrap()).collect();
        assert_eq!(seats, vec!["p2", "p3"], "one per open seat");
        let path = |k: usize| invites[k]["path"].as_str().unwrap().to_string();

        // Bob opens the p3 invitation: he plays p3.
        let r = post(&b, &path(1), json!({}));
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["seat"], json!("p3"));
        assert_eq!(b.game(&id, 0).unwrap()["seat"], json!("p3"));
        // Used: refused, to anyone.
        assert_eq!(post(&c, &path(1), json!({})).status, 409);
        assert_eq!(post(&b, &path(1), json!({})).status, 409);
        // Bob already plays here: the other invitation is not his to take.
        assert_eq!(post(&b, &path(0), json!({})).status, 409);
        // Its seat taken by a join, an invitation is refused and changes nothing.
        assert_eq!(post(&c, &format!("/api/games/{id}/join"), json!({ "seat": "p2" })).status, 200);
        let d = user(&server, "d");
        assert_eq!(post(&d, &path(0), json!({})).status, 409);
        assert_eq!(get(&d, &format!("/api/games/{id}")).status, 403, "d plays no seat");
        assert_eq!(post(&d, "/api/invites/0123abcd", json!({})).status, 404);
        assert_eq!(post(&Client::new(&server.url()), &path(0), json!({})).status, 401, "only signed in");
    }
}
