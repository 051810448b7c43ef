//! Bivouac's game server: accounts, games stored as their setup plus an append-only action log
//! in SQLite or PostgreSQL, every action applied by the engine's `Session` and committed before
//! it is acknowledged, each seat shown only what it may know, live updates over WebSocket.
//!
//! * [`db`]: the schema's queries (parameterized only); [`auth`]: passwords, tokens;
//! * [`play`]: games in memory, the AI seats, committing changes; [`routes`]: the HTTP API;
//! * [`live`]: the WebSocket pushes; [`limits`]: the rate limit; [`client`]: a blocking client
//!   of the API (the CLI's `online` commands, the load test, the tests).

pub mod auth;
pub mod client;
pub mod db;
pub mod limits;
pub mod load;
pub mod live;
pub mod play;
pub mod routes;

use bivouac_systems::Catalog;
use std::net::SocketAddr;
use std::sync::Arc;

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// `sqlite://FILE?mode=rwc`, `postgres://...`, or a plain SQLite file name.
    pub db: String,
    pub addr: SocketAddr,
    /// The largest request body accepted, in bytes.
    pub max_body: usize,
    /// Requests a second per client address on average (0: no limit), and at once.
    pub rate: f64,
    pub burst: f64,
    pub token_days: i64,
    /// The most games kept in memory (past it, the least recently used idle game is dropped).
    pub max_games: usize,
    /// Seconds after which a game nobody asked for is dropped from memory.
    pub idle_secs: u64,
}

/// The default of [`Config::max_games`]: a few megabytes each at most, so a small machine
/// holds them.
pub const MAX_GAMES: usize = 2000;
/// The default of [`Config::idle_secs`]: half an hour.
pub const IDLE_SECS: u64 = 1800;

impl Default for Config {
    fn default() -> Self {
        Config { db: "bivouac-server.db".into(), addr: SocketAddr::from(([127, 0, 0, 1], 8080)), max_body: 16 * 1024, rate: 20.0, burst: 60.0, token_days: auth::TOKEN_DAYS, max_games: MAX_GAMES, idle_secs: IDLE_SECS }
    }
}

/// What every request handler shares.
pub struct App {
    pub db: db::Db,
    pub catalog: Catalog,
    pub games: play::Games,
    pub rate: limits::RateLimit,
    pub config: Config,
}

pub fn router(app: Arc<App>) -> axum::Router {
    routes::router()
        .layer(axum::extract::DefaultBodyLimit::max(app.config.max_body))
        .layer(axum::middleware::from_fn_with_state(app.clone(), limits::rate_limit))
        .with_state(app)
}

impl App {
    /// Open the database (bringing its schema up to date) for a server of `catalog`'s games.
    pub async fn open(config: Config, catalog: Catalog) -> Result<Arc<App>, String> {
        let db = db::Db::open(&config.db).await?;
        let rate = limits::RateLimit::new(config.rate, config.burst);
        let shared = db.shared;
        let games = play::Games::new(config.max_games, std::time::Duration::from_secs(config.idle_secs));
        let app = Arc::new(App { db, catalog, games, rate, config });
        if shared {
            tokio::spawn(app.clone().listen());
        }
        tokio::spawn(evict_idle(Arc::downgrade(&app)));
        Ok(app)
    }
}

/// Drop the games idle too long, every tenth of the idle time (at least each second), for as
/// long as the server runs.
async fn evict_idle(app: std::sync::Weak<App>) {
    let every = app.upgrade().map_or(60, |a| (a.config.idle_secs / 10).max(1));
    loop {
        tokio::time::sleep(std::time::Duration::from_secs(every)).await;
        let Some(app) = app.upgrade() else { return };
        app.games.evict_idle();
    }
}

/// Serve `app` on `listener` until `stop` resolves.
pub async fn serve(app: Arc<App>, listener: tokio::net::TcpListener, stop: impl std::future::Future<Output = ()> + Send + 'static) -> Result<(), String> {
    let service = router(app).into_make_service_with_connect_info::<SocketAddr>();
    // On `stop` the server ends at once: live sockets would hold a graceful shutdown forever,
    // and nothing acknowledged is lost (every acknowledged change is committed first).
    tokio::select! {
        r = axum::serve(listener, service) => r.map_err(|e| format!("server: {e}")),
        () = stop => Ok(()),
    }
}

/// Run a server on this thread until Ctrl-C; `ready` is told the address once it listens.
pub fn run(config: Config, catalog: Catalog, ready: impl FnOnce(SocketAddr)) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(|e| e.to_string())?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.addr).await.map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
        let app = App::open(config, catalog).await?;
        ready(listener.local_addr().map_err(|e| e.to_string())?);
        serve(app, listener, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
    })
}

/// A server running on a thread of its own (tests, the load test).
pub struct Running {
    pub addr: SocketAddr,
    /// The server's shared state (tests look at the games it keeps in memory).
    pub app: Arc<App>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<Result<(), String>>>,
}

impl Running {
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stop the server and wait for it.
    pub fn stop(mut self) -> Result<(), String> {
        self.halt()
    }

    fn halt(&mut self) -> Result<(), String> {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        match self.thread.take() {
            Some(t) => t.join().map_err(|_| "the server thread panicked".to_string())?,
            None => Ok(()),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.halt();
    }
}

/// Start a server on its own thread and runtime; returns once it listens (on `config.addr`,
/// port 0 for any free port) with the database open.
pub fn spawn(config: Config, catalog: Catalog) -> Result<Running, String> {
    let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<(SocketAddr, Arc<App>), String>>();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::spawn(move || -> Result<(), String> {
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(4).enable_all().build().map_err(|e| e.to_string())?;
        rt.block_on(async move {
            let listener = match tokio::net::TcpListener::bind(config.addr).await {
                Ok(l) => l,
                Err(e) => {
                    let msg = format!("cannot listen on {}: {e}", config.addr);
                    let _ = ready_tx.send(Err(msg.clone()));
                    return Err(msg);
                }
            };
            let addr = listener.local_addr().map_err(|e| e.to_string())?;
            // The database is opened here so that `spawn` returns only once it is ready.
            let app = match App::open(config, catalog).await {
                Ok(app) => app,
                Err(e) => {
                    let _ = ready_tx.send(Err(e.clone()));
                    return Err(e);
                }
            };
            let _ = ready_tx.send(Ok((addr, app.clone())));
            serve(app, listener, async move {
                let _ = stop_rx.await;
            })
            .await
        })
    });
    match ready_rx.recv() {
        Ok(Ok((addr, app))) => Ok(Running { addr, app, stop: Some(stop_tx), thread: Some(thread) }),
        Ok(Err(e)) => Err(e),
        Err(_) => Err(thread.join().ok().and_then(|r| r.err()).unwrap_or_else(|| "the server thread ended".into())),
    }
}
