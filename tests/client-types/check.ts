// Type-checked by scripts/client-types.sh against the types openapi-typescript generates from
// openapi/openapi.json (into ./api.ts beside a copy of this file). It compiles only if a
// generated client's types say what the server sends: fields always present are required (no
// `undefined`), nullable exactly where the server may send null; `Problem.code` is a union of
// the codes; the create answer's `seats` is the seat list; the event stream is text.
import type { components, paths } from "./api";

type S = components["schemas"];
type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
function assert<T extends true>(): void {}

// A view: what bots read.
assert<Equals<S["View"]["turn"], number | null>>();
assert<Equals<S["View"]["seat"], number | null>>();
assert<Equals<S["View"]["winner"], number | null>>();
assert<Equals<S["View"]["alone"], number | null>>();
assert<Equals<S["View"]["defender_alone"], number | null>>();
assert<Equals<S["View"]["joker_revealed_by"], number | null>>();
assert<Equals<S["View"]["contract"], S["Contract"] | null>>();
assert<Equals<S["View"]["trump"], S["Trump"] | null>>();
assert<Equals<S["View"]["last_hand"], S["HandSummary"] | null>>();
assert<Equals<S["View"]["trick"], S["CurrentTrick"]>>();
assert<Equals<S["View"]["tricks"], S["Trick"][]>>();
assert<Equals<S["View"]["voids"], S["Suit"][][]>>();
assert<Equals<S["View"]["draw"], boolean>>();
assert<Equals<S["GameView"]["turn"], number | null>>();
assert<Equals<S["GameView"]["deadline_unix_ms"], number | null>>();
assert<Equals<S["GameView"]["turn_time_limit_ms"], number | null>>();
assert<Equals<S["GameView"]["ranked_eligible"], boolean>>();
assert<Equals<S["GameView"]["deal"], "random" | "seed" | "scenario" | "unknown">>();
// The step the game waits for, and an upcard game's round of calls.
assert<Equals<S["View"]["step"], S["Step"]>>();
assert<Equals<S["View"]["round"], number | null>>();
assert<Equals<S["GameView"]["step"], S["Step"]>>();
assert<Equals<Extract<S["Step"], "order_up" | "name_trump" | "defender_alone" | "call_partner" | "kitty">, "order_up" | "name_trump" | "defender_alone" | "call_partner" | "kitty">>();
// A resolved ruleset: what every game has is required; an option only some games have is
// optional and never null (left out where the game does not have it).
assert<Equals<S["View"]["ruleset"], S["Ruleset"]>>();
assert<Equals<S["Ruleset"]["preset"], S["Preset"]>>();
assert<Equals<S["Ruleset"]["players"], number>>();
assert<Equals<S["Ruleset"]["scoring"], S["Scoring"]>>();
assert<Equals<S["Ruleset"]["sides"], S["SideForm"] | undefined>>();
assert<Equals<S["Ruleset"]["lone_defender"], boolean | undefined>>();
assert<Equals<S["Ruleset"]["joker"], boolean | undefined>>();
assert<Equals<S["Ruleset"]["auction_pass"], S["AuctionPass"] | undefined>>();

// The trick in progress has no leader until its first card; a finished trick has a winner.
assert<Equals<S["CurrentTrick"]["leader"], number | null>>();
assert<Equals<S["Trick"]["leader"], number>>();
assert<Equals<S["Trick"]["winner"], number>>();

// The last finished hand and its tricks.
assert<Equals<S["HandSummary"]["contract"], S["Contract"] | null>>();
assert<Equals<S["HandSummary"]["tricks"], S["Trick"][]>>();

// Fields the server leaves out when they do not apply are optional, never null.
assert<Equals<S["Contract"]["forced"], S["Forced"] | undefined>>();
assert<Equals<S["Problem"]["current_version"], number | undefined>>();

// Problem.code: a union of the codes, not any string.
assert<Equals<string extends S["Problem"]["code"] ? true : false, false>>();
assert<Equals<"must_follow_suit" extends S["Problem"]["code"] ? true : false, true>>();
assert<Equals<"game_not_found" extends S["Problem"]["code"] ? true : false, true>>();
assert<Equals<"joker_with_no_trump" extends S["Problem"]["code"] ? true : false, true>>();

// The create answer's seats are the views' seats.
assert<Equals<S["CreatedGame"]["seats"], S["SeatInfo"][]>>();
assert<Equals<S["CreatedGame"]["seats"], S["GameView"]["seats"]>>();

// Upcard games: the upcard and the calls; Bacon's passed upcards, the taker and its face-up
// discard, each call's `alone` and the partner's answer.
assert<Equals<S["View"]["upcard"], S["Upcard"] | null>>();
assert<Equals<S["View"]["upcard_calls"], S["UpcardCall"][]>>();
assert<Equals<S["View"]["passed_upcards"], S["Card"][]>>();
assert<Equals<S["Upcard"]["card"], S["Card"]>>();
assert<Equals<S["Upcard"]["taken_by"], number | null>>();
assert<Equals<S["Upcard"]["discard"], S["Card"] | null>>();
assert<Equals<S["UpcardCall"]["trump"], S["Trump"] | null>>();
assert<Equals<S["UpcardCall"]["alone"], boolean>>();
assert<Equals<S["UpcardCall"]["answer"], S["Answer"] | null>>();
assert<Equals<S["Answer"], "allow" | "veto" | "veto_alone">>();
assert<Equals<"acquitted" extends S["HandResult"] ? true : false, true>>();
// A hand record leaves the upcard and its calls out in other games: optional, never null.
assert<Equals<S["HandRecord"]["upcard"], S["Upcard"] | undefined>>();
assert<Equals<S["HandRecord"]["upcard_calls"], S["UpcardCall"][] | undefined>>();

// An action is one of the types (a client switches on `type`), Bacon's calls and answers too;
// each without fields is its type alone.
assert<
  Equals<
    S["Action"]["type"],
    | "pass"
    | "bid"
    | "exchange"
    | "play"
    | "alone"
    | "pass_cards"
    | "order_up"
    | "name_trump"
    | "take_upcard"
    | "leave_upcard"
    | "stay"
    | "drop"
    | "pick_up"
    | "pick_up_alone"
    | "allow"
    | "veto"
    | "veto_alone"
    | "misere"
    | "open_misere"
    | "call"
  >
>();
assert<Equals<Extract<S["Action"], { type: "pick_up" }>, S["PickUpAction"]>>();
assert<Equals<S["PickUpAction"], { type: "pick_up" }>>();
assert<Equals<S["VetoAloneAction"], { type: "veto_alone" }>>();
assert<Equals<S["TakeUpcardAction"]["discard"], S["Card"]>>();
assert<Equals<"must_answer" extends S["Problem"]["code"] ? true : false, true>>();
assert<Equals<"nothing_to_answer" extends S["Problem"]["code"] ? true : false, true>>();
assert<Equals<"alone_not_allowed" extends S["Problem"]["code"] ? true : false, true>>();
assert<Equals<"bacon" extends S["Preset"] ? true : false, true>>();

// Five Hundred: the called card and its holder (null until the call), the open misère hand;
// a hand record's call left out where there is none (optional, never null); a play's named
// suit (a joker led at no trump) and a bid's strain or misère left out where they do not apply.
assert<Equals<S["View"]["called"], S["Card"] | null>>();
assert<Equals<S["View"]["partner"], number | null>>();
assert<Equals<S["View"]["open_hand"], S["Card"][]>>();
assert<Equals<S["HandRecord"]["called"], S["Card"] | undefined>>();
assert<Equals<S["HandRecord"]["partner"], number | undefined>>();
assert<Equals<S["Play"]["suit"], S["Suit"] | undefined>>();
assert<Equals<S["Bid"]["trump"], S["Trump"] | undefined>>();
assert<Equals<S["Bid"]["misere"], S["Misere"] | undefined>>();
assert<Equals<S["Misere"], "closed" | "open">>();
assert<Equals<S["Call"]["bid"], S["Bid"] | null>>();
// Its actions: a strain bid, the misères (their type alone), the call of a card, a joker led
// naming a suit.
assert<Equals<S["BidAction"]["trump"], S["Trump"] | undefined>>();
assert<Equals<S["PlayAction"]["suit"], S["Suit"] | undefined>>();
assert<Equals<S["MisereAction"], { type: "misere" }>>();
assert<Equals<S["OpenMisereAction"], { type: "open_misere" }>>();
assert<Equals<Extract<S["Action"], { type: "call" }>, S["CallAction"]>>();
assert<Equals<Extract<S["Action"], { type: "misere" }>, S["MisereAction"]>>();
assert<Equals<S["CallAction"], { type: "call"; card: S["Card"] }>>();
// Its problem codes, preset, options and rules.
assert<Equals<"invalid_call" extends S["Problem"]["code"] ? true : false, true>>();
assert<Equals<"invalid_joker_suit" extends S["Problem"]["code"] ? true : false, true>>();
assert<Equals<"trump_not_bid" extends S["Problem"]["code"] ? true : false, true>>();
assert<Equals<"unsupported_deal" extends S["Problem"]["code"] ? true : false, true>>();
assert<Equals<"five-hundred" extends S["Preset"] ? true : false, true>>();
assert<Equals<S["SideForm"], "teams_of_3" | "teams_of_2">>();
assert<Equals<S["DefenderPoints"], "side_total" | "own_tricks">>();
assert<Equals<S["AuctionPass"], "not_final" | "final">>();
assert<Equals<S["RulesetSpec"]["joker"], boolean | null | undefined>>();
assert<Equals<S["RulesetSpec"]["sides"], S["SideForm"] | null | undefined>>();
assert<Equals<"five_hundred" extends S["Scoring"] ? true : false, true>>();
assert<Equals<"made_contract" extends S["GameEnd"] ? true : false, true>>();
assert<Equals<"five_hundred_63" extends S["Deck"] ? true : false, true>>();

// The event stream is text (each event's data is a GameView as JSON), not an object.
type Events = paths["/v1/games/{id}/events"]["get"]["responses"][200]["content"];
assert<Equals<Events["text/event-stream"], string>>();

export {};

// Bots: the key once, at registration; a profile (house accounts have a strategy and no
// creation time); the leaderboard's pages; a seat's account; a 429's limit.
assert<Equals<S["RegisteredBot"]["api_key"], string>>();
assert<Equals<S["RegisteredBot"]["profile"], string>>();
assert<Equals<S["BotProfile"]["strategy"], S["Strategy"] | null>>();
assert<Equals<S["BotProfile"]["created_unix_ms"], number | null>>();
assert<Equals<S["BotProfile"]["ratings"], S["PoolRating"][]>>();
assert<Equals<S["BotProfile"]["recent_games"], S["RecentGame"][]>>();
assert<Equals<S["PoolRating"]["preset"], S["Preset"]>>();
assert<Equals<S["PoolRating"]["pool"], string>>();
assert<Equals<S["PoolRating"]["provisional"], boolean>>();
assert<Equals<S["Leaderboard"]["next_cursor"], string | null>>();
assert<Equals<S["Leaderboard"]["entries"], S["LeaderboardEntry"][]>>();
assert<Equals<S["LeaderboardEntry"]["rating"], number>>();
assert<Equals<S["LeaderboardEntry"]["conservative"], number>>();
assert<Equals<S["Leaderboard"]["pool"], string>>();
assert<Equals<S["RatingHistory"]["history"], S["RatingPoint"][]>>();
assert<Equals<S["SeatInfo"]["account"], string | undefined>>();
assert<Equals<S["Problem"]["rate_limit"], S["RateLimitInfo"] | undefined>>();
assert<Equals<"name_taken" extends S["Problem"]["code"] ? true : false, true>>();
assert<Equals<"invalid_bot_key" extends S["Problem"]["code"] ? true : false, true>>();
assert<Equals<"arena_closed" extends S["Problem"]["code"] ? true : false, true>>();
// Arenas: a table's game is null until shown; a duplicate arena's interval, null before two deals.
assert<Equals<S["ArenaTable"]["game_id"], string | null>>();
assert<Equals<S["ArenaStanding"]["ci95"], number[] | null>>();
assert<Equals<S["Arena"]["standings"], S["ArenaStanding"][]>>();
assert<Equals<S["ArenaPage"]["next_cursor"], string | null>>();

// A bot's inbox: a union by `type`, each entry with its `id`; narrowing on `type` gives the
// entry's own fields (a seat's token, a game's outcome, a match's id). The long poll's answer
// (JSON) is listed first, the stream second.
type Inbox = paths["/v1/bots/me/events"]["get"]["responses"][200]["content"];
assert<Equals<Inbox["application/json"], S["InboxItem"][]>>();
assert<Equals<Inbox["text/event-stream"], string>>();
assert<
  Equals<
    S["InboxItem"]["type"],
    | "seated"
    | "game_over"
    | "match_finished"
    | "challenge"
    | "challenge_accepted"
    | "challenge_declined"
    | "challenge_canceled"
    | "arena_started"
    | "arena_finished"
  >
>();
assert<Equals<S["InboxItem"]["id"], number>>();
function inboxFields(entry: S["InboxItem"]): string {
  switch (entry.type) {
    case "seated":
      return entry.token;
    case "game_over":
      return entry.outcome;
    case "match_finished":
      return entry.match_id;
    case "challenge":
    case "challenge_accepted":
    case "challenge_declined":
    case "challenge_canceled":
      return entry.challenge.challenge_id;
    case "arena_started":
      return entry.name;
    case "arena_finished":
      return `${entry.arena_id} ${entry.rank} ${entry.score}`;
  }
}
inboxFields;
// The hidden cards' samples: the schema is not named like its property (generated clients
// would shadow one with the other).
assert<Equals<S["SampleSet"]["samples"], S["Sample"][]>>();
assert<Equals<S["SampleSet"]["seat"], number>>();
