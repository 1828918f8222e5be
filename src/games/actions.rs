//! A seat's action: applied once through `update` (an idempotency key makes a
//! repeat answer what the first did), with the answer encoded once.

use serde::{Deserialize, Serialize};

use super::ids::{GameId, IdempotencyKey};
use super::record::GameRecord;
use super::service::GameService;
use super::update::{IdemAnswer, Outcome};
use crate::engine::{Action, Seat, Viewer};
use crate::error::{Code, Error};

/// What an action answers: the new version and the caller's view, encoded once (an
/// idempotent replay answers the stored bytes).
#[derive(Debug, Clone)]
pub struct Answer {
    /// The version after the action.
    pub version: u64,
    /// The caller's view as JSON.
    pub body: Vec<u8>,
}

/// What is kept for an `Idempotency-Key`: who asked what, and the answer.
#[derive(Serialize, Deserialize)]
struct IdemRecord {
    seat: Seat,
    action: Action,
    version: u64,
    view: serde_json::Value,
}

/// One action request.
pub struct ActRequest<'a> {
    /// The game.
    pub id: &'a GameId,
    /// The seat token.
    pub token: &'a str,
    /// The action.
    pub action: Action,
    /// Apply only at this version (`If-Match`).
    pub if_match: Option<u64>,
    /// The client's `Idempotency-Key`.
    pub idempotency_key: Option<&'a IdempotencyKey>,
}

/// The key an `Idempotency-Key` is stored under: scoped to the seat by 64 bits of a digest of
/// the seat's token (one token per seat; a digest of its own, not a part of the stored token
/// hash), so that two seats using the same key are two keys; the same seat reusing a key for
/// another action is `idempotency_key_reused`.
fn scoped_idem_key(token: &str, key: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(b"hasenpfeffer idempotency scope\0")
        .chain_update(token.as_bytes())
        .finalize();
    format!("{}.{key}", hex::encode(&digest[..8]))
}

impl GameService {
    /// Applies the token holder's action, lets house players answer, and returns the new view.
    /// With an idempotency key, a repeat of the same request answers what the first one did,
    /// and the action is applied once.
    pub async fn act(&self, req: ActRequest<'_>) -> Result<Answer, Error> {
        let token = req.token;
        let scoped = req
            .idempotency_key
            .map(|k| scoped_idem_key(token, k.as_str()));
        let action = &req.action;
        let build = |record: &GameRecord, version: u64, seat: &Seat| -> Result<Vec<u8>, Error> {
            let view = record.view(req.id, version, Viewer::Seat(*seat));
            serde_json::to_vec(&IdemRecord {
                seat: *seat,
                action: action.clone(),
                version,
                view: serde_json::to_value(view).map_err(|_| Error::Internal)?,
            })
            .map_err(|_| Error::Internal)
        };
        let idem = scoped
            .as_deref()
            .map(|k| (k, &build as &IdemAnswer<'_, Seat>));
        let result = self
            .update(req.id, req.if_match, idem, |record, _version| {
                let seat = record.seat_of(token)?;
                if !record.started() && !record.game.is_over() {
                    return Err(Error::refused(
                        Code::GameNotStarted,
                        "the game starts when every seat is claimed",
                    ));
                }
                record.apply(seat, action)?;
                record.on_time(seat);
                Ok(seat)
            })
            .await;
        match result {
            Ok(Outcome::Applied(u)) => {
                self.metrics.applied_by_client.inc();
                let view = u.record.1.view(req.id, u.version, Viewer::Seat(u.out));
                Ok(Answer {
                    version: u.version,
                    body: {
                        // A seat's view is 1 to 2 KB: one allocation instead of a doubling series.
                        let mut body = Vec::with_capacity(2048);
                        serde_json::to_writer(&mut body, &view).map_err(|_| Error::Internal)?;
                        body
                    },
                })
            }
            Ok(Outcome::Replayed(stored)) => {
                self.metrics
                    .actions
                    .with_label_values(&["replayed", "client"])
                    .inc();
                self.replay(req.id, token, &req.action, &stored).await
            }
            Err(e) => {
                // The version is compared before the token is read: a stale If-Match from a
                // caller who holds no seat of this game is refused for its token, not answered
                // with the game's version.
                let e = match e {
                    Error::VersionConflict { .. } => match self.load(req.id).await {
                        Ok(loaded) => loaded.1.seat_of(token).err().unwrap_or(e),
                        Err(load_error) => load_error,
                    },
                    e => e,
                };
                let outcome = match e {
                    Error::VersionConflict { .. } => "conflict",
                    _ => "rejected",
                };
                self.metrics
                    .actions
                    .with_label_values(&[outcome, "client"])
                    .inc();
                Err(e)
            }
        }
    }

    /// Answers a repeated idempotent request: only the same seat asking the same action gets
    /// the stored answer.
    async fn replay(
        &self,
        id: &str,
        token: &str,
        action: &Action,
        stored: &[u8],
    ) -> Result<Answer, Error> {
        let rec: IdemRecord = serde_json::from_slice(stored).map_err(|_| Error::Internal)?;
        let loaded = self.load(id).await?;
        let record = &loaded.1;
        let seat = record.seat_of(token)?;
        if seat != rec.seat || &rec.action != action {
            return Err(Error::refused(
                Code::IdempotencyKeyReused,
                "this Idempotency-Key was used for a different request; use a new key for each action",
            ));
        }
        Ok(Answer {
            version: rec.version,
            body: serde_json::to_vec(&rec.view).map_err(|_| Error::Internal)?,
        })
    }
}
