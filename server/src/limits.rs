//! Limits on what one client may ask: a token bucket of requests per client address. (The body
//! size limit is axum's `DefaultBodyLimit`, set in [`crate::router`].)

use crate::routes::ApiError;
use crate::App;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Per client address: `rate` requests a second on average, `burst` at once.
pub struct RateLimit {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl RateLimit {
    /// `rate` 0 turns the limit off.
    pub fn new(rate: f64, burst: f64) -> Self {
        RateLimit { rate, burst: burst.max(1.0), buckets: Mutex::new(HashMap::new()) }
    }

    /// Take one request from `ip`'s bucket; false when it is empty.
    pub fn allow(&self, ip: IpAddr) -> bool {
        if self.rate <= 0.0 {
            return true;
        }
        let now = Instant::now();
        let mut buckets = self.buckets.lock().expect("rate lock");
        // Forget clients whose bucket has filled up again, so the table stays small.
        if buckets.len() > 10_000 {
            let full = self.burst / self.rate;
            buckets.retain(|_, (_, t)| now.duration_since(*t).as_secs_f64() < full);
        }
        let (tokens, last) = buckets.entry(ip).or_insert((self.burst, now));
        *tokens = (*tokens + now.duration_since(*last).as_secs_f64() * self.rate).min(self.burst);
        *last = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

pub async fn rate_limit(State(app): State<Arc<App>>, ConnectInfo(peer): ConnectInfo<SocketAddr>, req: Request, next: Next) -> Response {
    if !app.rate.allow(peer.ip()) {
        let mut r = ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too many requests from your address: slow down").into_response();
        r.headers_mut().insert(axum::http::header::RETRY_AFTER, axum::http::HeaderValue::from_static("1"));
        return r;
    }
    next.run(req).await
}
