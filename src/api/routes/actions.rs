//! Actions: the general endpoint and one per action type, all through [`act`].

use crate::api::routes::problems::{
    GameNotFound, InvalidToken, PayloadTooLarge, StoreUnavailable, UnsupportedMediaType,
};
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, post, web};

use super::etag;
use crate::api::body::read_action;
use crate::api::error::{ApiError, Code, Problem};
use crate::api::extract::{GameId, GamePath, IfMatchVersion, MaybeIdempotencyKey, SeatToken};
use crate::api::wire::ActionDoc;
use crate::games::ActRequest;
use crate::games::GameService;
use crate::games::wire::GameView;

/// Which action types an endpoint takes.
#[derive(Clone, Copy)]
enum Accepts {
    Any,
    Only(&'static [&'static str]),
}

impl Accepts {
    fn takes(self, kind: &str) -> bool {
        match self {
            Accepts::Any => true,
            Accepts::Only(kinds) => kinds.contains(&kind),
        }
    }
}

/// The action endpoints by operation id, with the action types each takes: read by the
/// handlers and by the OpenAPI document's request examples.
const ENDPOINTS: [(&str, Accepts); 6] = [
    ("post_action", Accepts::Any),
    (
        "bid",
        Accepts::Only(&[
            "bid",
            "pass",
            "order_up",
            "name_trump",
            "pick_up",
            "pick_up_alone",
            "allow",
            "veto",
            "veto_alone",
            "misere",
            "open_misere",
        ]),
    ),
    (
        "exchange",
        Accepts::Only(&["exchange", "take_upcard", "leave_upcard"]),
    ),
    ("play", Accepts::Only(&["play"])),
    ("alone", Accepts::Only(&["alone", "call"])),
    ("pass_cards", Accepts::Only(&["pass_cards"])),
];

/// What the action endpoint with this operation id takes (`None`: not an action endpoint).
fn endpoint(operation_id: &str) -> Option<Accepts> {
    ENDPOINTS
        .iter()
        .find(|(op, _)| *op == operation_id)
        .map(|(_, accepts)| *accepts)
}

/// What the handler of this operation id takes.
fn accepts(operation_id: &str) -> Accepts {
    endpoint(operation_id).unwrap_or(Accepts::Any)
}

/// The request examples of the action endpoints, one table: each endpoint shows the rows of
/// the types it takes, in the order of their names (Swagger UI prefills the first: a pass for
/// the general endpoint and `/bid`, what a seat can do at its first turn; a trump named for
/// `/exchange`). The names sort as strings: keep their numbers single digits (8a, 8b, ...).
fn examples() -> [(&'static str, &'static str, serde_json::Value); 24] {
    use serde_json::json;
    [
        ("1_pass", "Pass in the auction", json!({"type": "pass"})),
        ("2_bid", "Bid 4 tricks", json!({"type": "bid", "tricks": 4})),
        (
            "3_pepper_bid",
            "Bid little pepper (all tricks, under pepper bids)",
            json!({"type": "bid", "tricks": 6, "pepper": "little"}),
        ),
        (
            "4_exchange",
            "Name hearts trump and discard one card",
            json!({"type": "exchange", "trump": "H", "discard": ["9C"]}),
        ),
        (
            "5_play",
            "Play the jack of spades",
            json!({"type": "play", "card": "JS"}),
        ),
        (
            "6_alone",
            "Play alone",
            json!({"type": "alone", "alone": true}),
        ),
        (
            "6_not_alone",
            "Play with your partner",
            json!({"type": "alone", "alone": false}),
        ),
        (
            "7_pass_cards",
            "Pass (or discard) two cards under exchange_two",
            json!({"type": "pass_cards", "cards": ["AS", "KS"]}),
        ),
        (
            "8a_order_up",
            "Upcard games, round 1: order the upcard up (its suit becomes trump)",
            json!({"type": "order_up"}),
        ),
        (
            "8b_name_trump",
            "Upcard games, round 2: name hearts trump",
            json!({"type": "name_trump", "trump": "H"}),
        ),
        (
            "8c_pick_up",
            "Bacon: pick up the upcard (your partner answers)",
            json!({"type": "pick_up"}),
        ),
        (
            "8d_pick_up_alone",
            "Bacon: pick up the upcard and play alone (your partner answers)",
            json!({"type": "pick_up_alone"}),
        ),
        (
            "8e_allow",
            "Bacon: let your partner's pick-up stand",
            json!({"type": "allow"}),
        ),
        (
            "8f_veto",
            "Bacon: veto your partner's pick-up (as if your partner had passed)",
            json!({"type": "veto"}),
        ),
        (
            "8g_veto_alone",
            "Bacon: veto your partner's going alone (the pick-up stands, you play)",
            json!({"type": "veto_alone"}),
        ),
        (
            "9a_take_upcard",
            "Upcard games: take the upcard and discard the nine of clubs (Euchre: the dealer, face down; Bacon: the seat left of the caller, face up)",
            json!({"type": "take_upcard", "discard": "9C"}),
        ),
        (
            "9b_leave_upcard",
            "Upcard games, the dealer: leave the upcard on the stub",
            json!({"type": "leave_upcard"}),
        ),
        (
            "9c_stay",
            "Buck Euchre: stay in the declarer's hand",
            json!({"type": "stay"}),
        ),
        (
            "9d_drop",
            "Buck Euchre: drop out of the declarer's hand",
            json!({"type": "drop"}),
        ),
        (
            "9e_strain_bid",
            "Five Hundred: bid seven no trump",
            json!({"type": "bid", "tricks": 7, "trump": "NT"}),
        ),
        (
            "9f_misere",
            "Five Hundred: bid misère (take no trick; above 7NT, below 8S)",
            json!({"type": "misere"}),
        ),
        (
            "9g_open_misere",
            "Five Hundred: bid open misère (your hand shown to all; the top bid)",
            json!({"type": "open_misere"}),
        ),
        (
            "9h_call",
            "Five Hundred for 5: call the ace of hearts (its holder becomes your partner)",
            json!({"type": "call", "card": "AH"}),
        ),
        (
            "9i_joker_lead",
            "Five Hundred at no trump: lead the joker, naming hearts",
            json!({"type": "play", "card": "JK", "suit": "H"}),
        ),
    ]
}

/// Gives every action endpoint of the document its request examples from [`examples`].
pub(crate) fn add_request_examples(openapi: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::example::ExampleBuilder;
    for item in openapi.paths.paths.values_mut() {
        let Some(op) = item.post.as_mut() else {
            continue;
        };
        let Some(takes) = op.operation_id.as_deref().and_then(endpoint) else {
            continue;
        };
        let Some(RefOr::T(body)) = op.request_body.as_mut() else {
            continue;
        };
        for content in body.content.values_mut() {
            let RefOr::T(content) = content else { continue };
            content.examples = examples()
                .into_iter()
                .filter(|(_, _, value)| takes.takes(value["type"].as_str().unwrap_or("")))
                .map(|(name, summary, value)| {
                    let example = ExampleBuilder::new().summary(summary).value(Some(value));
                    (name.to_owned(), RefOr::T(example.build()))
                })
                .collect();
        }
    }
}

/// What every action endpoint reads, parsed at the edge (in this order: a request with more
/// than one fault is refused for the first).
struct ActionRequest {
    token: SeatToken,
    if_match: IfMatchVersion,
    key: MaybeIdempotencyKey,
    id: GameId,
}

async fn act(
    svc: web::Data<GameService>,
    parts: ActionRequest,
    req: HttpRequest,
    payload: web::Payload,
    accepts: Accepts,
) -> Result<HttpResponse, ApiError> {
    let action = read_action(&req, payload).await?;
    if let Accepts::Only(kinds) = accepts
        && !accepts.takes(action.kind())
    {
        return Err(ApiError::bad_request(
            Code::WrongEndpoint,
            format!(
                "this endpoint takes {} actions; post `{}` actions to /v1/games/{{id}}/actions",
                kinds.join(" or "),
                action.kind()
            ),
        ));
    }
    let answer = svc
        .act(ActRequest {
            id: &parts.id,
            token: &parts.token,
            action,
            if_match: parts.if_match.0,
            idempotency_key: parts.key.0.as_ref(),
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(etag(answer.version))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .content_type("application/json")
        .body(answer.body))
}

/// The body of `POST /v1/games/{id}/bid`: a call of the auction, a bid or a pass, or in an
/// upcard game (`euchre`) an order up or a trump named (for the OpenAPI document).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
#[schema(
    discriminator(property_name = "type", mapping(
        ("pass" = "#/components/schemas/PassAction"),
        ("bid" = "#/components/schemas/BidAction"),
        ("order_up" = "#/components/schemas/OrderUpAction"),
        ("name_trump" = "#/components/schemas/NameTrumpAction"),
        ("pick_up" = "#/components/schemas/PickUpAction"),
        ("pick_up_alone" = "#/components/schemas/PickUpAloneAction"),
        ("allow" = "#/components/schemas/AllowAction"),
        ("veto" = "#/components/schemas/VetoAction"),
        ("veto_alone" = "#/components/schemas/VetoAloneAction"),
        ("misere" = "#/components/schemas/MisereAction"),
        ("open_misere" = "#/components/schemas/OpenMisereAction"),
    )),
    example = json!({"type": "bid", "tricks": 4})
)]
enum AuctionCall {
    /// Pass.
    Pass(crate::api::wire::PassAction),
    /// Bid.
    Bid(crate::api::wire::BidAction),
    /// Order the upcard up (upcard games, round 1).
    OrderUp(crate::api::wire::OrderUpAction),
    /// Name trump (upcard games, round 2).
    NameTrump(crate::api::wire::NameTrumpAction),
    /// Pick up the upcard (Bacon).
    PickUp(crate::api::wire::PickUpAction),
    /// Pick up the upcard alone (Bacon).
    PickUpAlone(crate::api::wire::PickUpAloneAction),
    /// Allow the partner's pick-up (Bacon).
    Allow(crate::api::wire::AllowAction),
    /// Veto the partner's pick-up (Bacon).
    Veto(crate::api::wire::VetoAction),
    /// Veto the partner's going alone (Bacon).
    VetoAlone(crate::api::wire::VetoAloneAction),
    /// Bid misère (Five Hundred).
    Misere(crate::api::wire::MisereAction),
    /// Bid open misère (Five Hundred).
    OpenMisere(crate::api::wire::OpenMisereAction),
}

/// The body of `POST /v1/games/{id}/alone`: whether to play alone, or in Five Hundred for 5 a
/// partner called by a card (for the OpenAPI document).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
#[schema(
    discriminator(property_name = "type", mapping(
        ("alone" = "#/components/schemas/AloneAction"),
        ("call" = "#/components/schemas/CallAction"),
    )),
    example = json!({"type": "alone", "alone": true})
)]
enum AloneChoice {
    /// Play alone, or not.
    Alone(crate::api::wire::AloneAction),
    /// Call a partner's card (Five Hundred for 5).
    Call(crate::api::wire::CallAction),
}

/// The body of `POST /v1/games/{id}/exchange`: the declarer's exchange, or in an upcard game
/// (`euchre`) the dealer's taking or leaving the upcard (for the OpenAPI document).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
#[schema(
    discriminator(property_name = "type", mapping(
        ("exchange" = "#/components/schemas/ExchangeAction"),
        ("take_upcard" = "#/components/schemas/TakeUpcardAction"),
        ("leave_upcard" = "#/components/schemas/LeaveUpcardAction"),
    )),
    example = json!({"type": "exchange", "trump": "H", "discard": ["9C"]})
)]
enum ExchangeChoice {
    /// Name trump and discard.
    Exchange(crate::api::wire::ExchangeAction),
    /// Take the upcard and discard (upcard games).
    TakeUpcard(crate::api::wire::TakeUpcardAction),
    /// Leave the upcard (upcard games).
    LeaveUpcard(crate::api::wire::LeaveUpcardAction),
}

macro_rules! action_endpoint {
    ($fn:ident, $path:literal, $op:literal, $body:ty, $summary:literal, $description:literal) => {
        #[doc = $summary]
        #[utoipa::path(
            tag = "actions",
            operation_id = $op,
            summary = $summary,
            description = $description,
            params(
                GamePath,
                ("If-Match" = Option<String>, Header, nullable = false, description = "Only apply if the game is still at this version (the ETag), e.g. `\"12\"`.", pattern = "^(\\*|(W/)?\"[0-9]{1,18}\"|[0-9]{1,18})$"),
                ("Idempotency-Key" = Option<String>, Header, nullable = false, description = "A key of your choice (1 to 128 visible ASCII characters) that makes retries safe: a repeat of the same action with the same key answers what the first one did and is applied once. Kept for 24 hours.", pattern = "^[!-~]([ -~]{0,126}[!-~])?$"),
            ),
            request_body(content = $body, description = "The action: an entry of your view's `legal_actions` of a type this endpoint takes. The examples show each type's shape; post one your view lists."),
            responses(
                (status = 200, description = "Applied: your new view (house players have already answered).", body = GameView, headers(("ETag" = String, description = "The new version, quoted"))),
                (status = 400, description = "Malformed JSON, an unknown field, a bad card code, or the wrong endpoint for this action type.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "invalid request body: expected value at line 1 column 1", "code": "malformed_json"})),
                (status = 401, description = "No seat token.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "this endpoint needs a seat token: send `Authorization: Bearer <token>` (claim a seat with POST /v1/games/{id}/seats)", "code": "missing_token"})),
                InvalidToken,
                GameNotFound,
                (status = 409, description = "The game moved past the If-Match version (`version_conflict`, with `current_version`), or it has not started (`game_not_started`).", body = Problem, content_type = "application/problem+json", example = json!({"detail": "the game is at version 13, not the version given in If-Match; fetch the game and retry", "code": "version_conflict", "current_version": 13})),
                PayloadTooLarge,
                UnsupportedMediaType,
                (status = 422, description = "Illegal action: the code says why (`not_your_turn`, `must_follow_suit`, `bid_too_low`, ...). The game is unchanged.", body = Problem, content_type = "application/problem+json", example = json!({"detail": "you must follow suit: hearts (H) was led and you hold a card of that suit (the left bower and the joker count as trumps)", "code": "must_follow_suit"})),
                StoreUnavailable,
            ),
            security(("bearer_seat_token" = []))
        )]
        #[post($path)]
        #[tracing::instrument(skip_all, fields(game_id = %id))]
        pub async fn $fn(
            svc: web::Data<GameService>,
            token: SeatToken,
            if_match: IfMatchVersion,
            key: MaybeIdempotencyKey,
            id: GameId,
            req: HttpRequest,
            payload: web::Payload,
        ) -> Result<HttpResponse, ApiError> {
            let parts = ActionRequest { token, if_match, key, id };
            act(svc, parts, req, payload, accepts($op)).await
        }
    };
}

action_endpoint!(
    post_action,
    "/v1/games/{id}/actions",
    "post_action",
    ActionDoc,
    "Take any action.",
    "Post any object from your view's `legal_actions` as it is."
);
action_endpoint!(
    post_bid,
    "/v1/games/{id}/bid",
    "bid",
    AuctionCall,
    "Bid or pass (or, in upcard games, order up, name trump, pick up or answer a pick-up; in Five Hundred, misère).",
    "`{\"type\":\"bid\",\"tricks\":4}` (with `\"pepper\":\"little\"` or `\"big\"` for all tricks under pepper bids), or `{\"type\":\"pass\"}`. In upcard games (`euchre`), the calls: `{\"type\":\"order_up\"}` in round 1 (the upcard's suit becomes trump) and `{\"type\":\"name_trump\",\"trump\":\"H\"}` in round 2 (another suit), or a pass. In `bacon`: `{\"type\":\"pick_up\"}` or `{\"type\":\"pick_up_alone\"}` (or a pass), and the caller's partner's answer `{\"type\":\"allow\"}`, `{\"type\":\"veto\"}` or, after `pick_up_alone`, `{\"type\":\"veto_alone\"}`. In `five-hundred`: `{\"type\":\"bid\",\"tricks\":7,\"trump\":\"NT\"}` (6 to 10 tricks in S, C, D, H or NT), `{\"type\":\"misere\"}` or `{\"type\":\"open_misere\"}`."
);
action_endpoint!(
    post_exchange,
    "/v1/games/{id}/exchange",
    "exchange",
    ExchangeChoice,
    "Name trump and discard (or, in upcard games, take or leave the upcard).",
    "The declarer names trump (`NT` for no trump where allowed) and discards as many cards as the widow held (none without a widow). In upcard games (`euchre`), once the upcard is ordered up, the dealer takes it and discards one card held before (`{\"type\":\"take_upcard\",\"discard\":\"9C\"}`) or, with `dealer_pickup` `optional`, leaves it on the stub (`{\"type\":\"leave_upcard\"}`). In `bacon` the seat left of the caller takes the upcard and discards any one of its six cards, the upcard too, face up (`{\"type\":\"take_upcard\",\"discard\":\"2C\"}`)."
);
action_endpoint!(
    post_play,
    "/v1/games/{id}/play",
    "play",
    crate::api::wire::PlayAction,
    "Play a card.",
    "You must follow the effective suit led if you can (the left bower and the joker are trumps)."
);
action_endpoint!(
    post_alone,
    "/v1/games/{id}/alone",
    "alone",
    AloneChoice,
    "Decide whether to play alone (or, in Five Hundred for 5, call a partner).",
    "Only in rulesets with going alone. In `five-hundred` for 5 players the declarer calls a card, `{\"type\":\"call\",\"card\":\"AH\"}` (its holder becomes the partner), or plays alone, `{\"type\":\"alone\",\"alone\":true}`."
);
action_endpoint!(
    post_pass_cards,
    "/v1/games/{id}/pass-cards",
    "pass_cards",
    crate::api::wire::PassCardsAction,
    "Discard or pass two cards.",
    "Under `exchange_two`: the lone bidder's two-card discard, then the partner's two cards to the bidder."
);
