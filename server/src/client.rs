//! A blocking client of the server's API: the CLI's `online` commands, the load test and the
//! tests all speak to a server through it.

use serde_json::{Value, json};
use std::time::Duration;

pub struct Client {
    pub base: String,
    pub token: Option<String>,
    agent: ureq::Agent,
}

/// An answer: its HTTP status and JSON body (`{"error": ...}` for an error).
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
}

impl Reply {
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The body of a success, or the error as one line: `409: the game is at version 3, not 2`.
    pub fn into_result(self) -> Result<Value, String> {
        if self.ok() {
            Ok(self.body)
        } else {
            let msg = self.body.get("error").and_then(Value::as_str).map(String::from).unwrap_or_else(|| self.body.to_string());
            Err(format!("{}: {msg}", self.status))
        }
    }
}

impl Client {
    pub fn new(base: &str) -> Client {
        let agent = ureq::Agent::config_builder().http_status_as_error(false).timeout_global(Some(Duration::from_secs(120))).build().into();
        Client { base: base.trim_end_matches('/').to_string(), token: None, agent }
    }

    pub fn with_token(base: &str, token: &str) -> Client {
        Client { token: Some(token.to_string()), ..Client::new(base) }
    }

    /// A request with the session's bearer token; `body` sends JSON (POST), none a GET.
    pub fn call(&self, path: &str, body: Option<&Value>) -> Result<Reply, String> {
        let url = format!("{}{path}", self.base);
        let auth = self.token.as_ref().map(|t| format!("Bearer {t}"));
        let result = match body {
            Some(b) => {
                let mut req = self.agent.post(&url);
                if let Some(a) = &auth {
                    req = req.header("Authorization", a);
                }
                req.send_json(b)
            }
            None => {
                let mut req = self.agent.get(&url);
                if let Some(a) = &auth {
                    req = req.header("Authorization", a);
                }
                req.call()
            }
        };
        let mut resp = result.map_err(|e| format!("cannot reach {}: {e}", self.base))?;
        let status = resp.status().as_u16();
        let text = resp.body_mut().read_to_string().map_err(|e| format!("reading the answer of {url}: {e}"))?;
        let body = if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap_or(Value::String(text)) };
        Ok(Reply { status, body })
    }

    pub fn get(&self, path: &str) -> Result<Value, String> {
        self.call(path, None)?.into_result()
    }

    pub fn post(&self, path: &str, body: &Value) -> Result<Value, String> {
        self.call(path, Some(body))?.into_result()
    }

    /// Register (or with `login`, log in) and keep the session token.
    pub fn sign_in(&mut self, name: &str, password: &str, login: bool) -> Result<String, String> {
        let path = if login { "/api/login" } else { "/api/register" };
        let reply = self.post(path, &json!({ "name": name, "password": password }))?;
        let token = reply["token"].as_str().ok_or("no token in the answer")?.to_string();
        self.token = Some(token.clone());
        Ok(token)
    }

    /// The game as this seat sees it (history from step `since`).
    pub fn game(&self, id: &str, since: usize) -> Result<Value, String> {
        self.get(&format!("/api/games/{id}?since={since}"))
    }

    /// The game as this seat sees it with the picture the app draws (`?picture=true`).
    pub fn picture(&self, id: &str) -> Result<Value, String> {
        self.get(&format!("/api/games/{id}?picture=true"))
    }

    /// Open the game's live updates (WebSocket). Reads time out after `timeout`, so a reader
    /// can look up now and then whether it should stop.
    pub fn live(&self, id: &str, timeout: Duration) -> Result<Live, String> {
        let host = self.base.strip_prefix("http://").ok_or_else(|| format!("{}: live updates need an http:// address", self.base))?;
        let token = self.token.as_deref().ok_or("sign in first")?;
        let url = format!("ws://{host}/api/games/{id}/live?token={token}");
        let (mut ws, _) = tungstenite::connect(url).map_err(|e| format!("live updates of {id}: {e}"))?;
        if let tungstenite::stream::MaybeTlsStream::Plain(s) = ws.get_mut() {
            s.set_read_timeout(Some(timeout)).map_err(|e| e.to_string())?;
        }
        Ok(Live { ws })
    }

    /// Play `action`, on the game as it was at `version` when given.
    pub fn act(&self, id: &str, action: &str, version: Option<i64>) -> Result<Reply, String> {
        let mut body = json!({ "action": action });
        if let Some(v) = version {
            body["version"] = json!(v);
        }
        self.call(&format!("/api/games/{id}/act"), Some(&body))
    }
}

/// A game's live updates: each message the server pushes, as JSON.
pub struct Live {
    ws: tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>,
}

impl Live {
    /// The next message; `Ok(None)` when none came within the read timeout, `Err` once the
    /// connection is gone.
    pub fn next(&mut self) -> Result<Option<Value>, String> {
        match self.ws.read() {
            Ok(tungstenite::Message::Text(t)) => Ok(Some(serde_json::from_str(t.as_str()).unwrap_or(Value::Null))),
            Ok(_) => Ok(Some(Value::Null)),
            Err(tungstenite::Error::Io(e)) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }
}
