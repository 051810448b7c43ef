//! Accounts and sessions: Argon2id password hashes, random session tokens sent back as
//! `Authorization: Bearer <token>` and stored only as their SHA-256.
//!
//! No cookie is ever set, so a browser never attaches a token by itself: a page of another
//! site cannot make a request in a player's name (no CSRF), whatever it posts.

use crate::routes::ApiError;
use crate::App;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};
use argon2::Argon2;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::StatusCode;
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// How long a session token lasts.
pub const TOKEN_DAYS: i64 = 30;

/// A logged-in user, taken from the request's bearer token.
pub struct User {
    pub name: String,
    pub token_hash: String,
}

pub fn hash_token(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A new random token (256 bits, hex).
pub fn new_token() -> String {
    let bytes: [u8; 32] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A user name: 1 to 32 letters, digits, `-` or `_`.
pub fn check_name(name: &str) -> Result<(), ApiError> {
    if name.is_empty() || name.len() > 32 || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(ApiError::bad("a user name is 1 to 32 letters, digits, `-` or `_`"));
    }
    Ok(())
}

pub fn check_password(password: &str) -> Result<(), ApiError> {
    if password.chars().count() < 8 || password.len() > 256 {
        return Err(ApiError::bad("a password is 8 to 256 characters"));
    }
    Ok(())
}

/// Argon2id hash in PHC format (salt and parameters inside). Slow on purpose: run off the
/// async threads.
pub async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string())
    })
    .await
    .map_err(|e| ApiError::internal(e.to_string()))?
    .map_err(|e| ApiError::internal(format!("password hashing: {e}")))
}

pub async fn verify_password(password: String, hash: String) -> bool {
    tokio::task::spawn_blocking(move || PasswordHash::new(&hash).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok()))
        .await
        .unwrap_or(false)
}

/// The token of a request: its bearer header, or for a WebSocket (which browsers open
/// without headers) a `token` query parameter.
pub fn request_token(parts: &Parts) -> Option<String> {
    if let Some(h) = parts.headers.get(axum::http::header::AUTHORIZATION) {
        return h.to_str().ok().and_then(|v| v.strip_prefix("Bearer ")).map(|t| t.trim().to_string());
    }
    if parts.uri.path().ends_with("/live") {
        let q = parts.uri.query().unwrap_or("");
        return q.split('&').find_map(|kv| kv.strip_prefix("token=")).map(String::from);
    }
    None
}

impl FromRequestParts<Arc<App>> for User {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, Self::Rejection> {
        let Some(token) = request_token(parts) else {
            return Err(ApiError::new(StatusCode::UNAUTHORIZED, "log in first: send `Authorization: Bearer <token>`"));
        };
        let token_hash = hash_token(&token);
        match app.db.token_user(&token_hash).await.map_err(ApiError::internal)? {
            Some(name) => Ok(User { name, token_hash }),
            None => Err(ApiError::new(StatusCode::UNAUTHORIZED, "the session token is unknown or has expired: log in again")),
        }
    }
}
