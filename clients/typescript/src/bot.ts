// The loop every bot writes, once: a key, the inbox, a `decide(view) -> action` per turn.
//
//   import { Bot, type Action, type GameView } from "hasenpfeffer-client";
//   const decide = (view: GameView): Action => view.legal_actions[0]!;
//   await new Bot("http://localhost:8080", "my-bot", decide).run({ games: 1, preset: "euchre" });
//
// `Bot` registers the bot (`POST /v1/bots`) or loads its key (the one given, or the one it saved
// before in `keyDir`, mode 0600), plays the seats its inbox holds of games not over yet, then
// joins the matchmaking queue, long-polls its inbox (`GET /v1/bots/me/events`, JSON) until a
// seat comes, and plays it: for every view where it is the seat to act, `decide(view)` gives the
// action, posted with `If-Match` (a refusal because the game moved on is not an error: the bot
// looks again). Every call is retried: after `Retry-After` on a 429 (and it waits out
// `RateLimit` when an answer says nothing is left), after a growing pause while the server is
// unreachable or failing (5xx). `playSeat` plays one seat given its token; `playVsHouse`
// creates a game against house players and plays it (no account).

import { mkdir, open, readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

import { type Client, createClient, createConfig } from "./generated/client/index.js";
import {
  acceptChallenge,
  botEvents,
  claimSeat,
  createGame,
  declineChallenge,
  getGame,
  joinQueue,
  listRulesets,
  postAction,
  registerBot,
} from "./generated/sdk.gen.js";
import type {
  Action,
  Challenge,
  DeclineReason,
  GameView,
  HouseFill,
  InboxSeated,
  SeatSpec,
} from "./generated/types.gen.js";

/** How a bot answers a challenge: undefined to accept it, or the reason to decline it. */
export type Consider = (challenge: Challenge) => DeclineReason | undefined;

/**
 * The starter bots' rule for challenges: accept a game of `preset` (any preset when undefined)
 * with a turn clock of `minClockMs` or more, and a duplicate match of at most `maxDeals` deals;
 * decline anything else, saying why.
 */
export function acceptByRule(preset?: string, minClockMs = 1000, maxDeals = 20): Consider {
  return (challenge) => {
    if (preset && challenge.preset !== preset) return "preset";
    if (challenge.turn_time_limit_ms < minClockMs) return "too_fast";
    if (challenge.deals !== null && challenge.deals > maxDeals) return "later";
    return undefined;
  };
}

/** A bot's decision: the view of its seat when it is to act, and the action to take. */
export type Decide = (view: GameView) => Action | Promise<Action>;

/** Where a bot says what it does (one line at a time). */
export type Log = (line: string) => void;

const say: Log = (line) => console.log(line);

/** The server refused a call for good (a 4xx that waiting does not cure). */
export class Refused extends Error {
  constructor(
    what: string,
    readonly status: number,
    readonly problem: unknown,
  ) {
    super(`${what}: ${status} ${JSON.stringify(problem)}`);
  }
}

/** What every generated call answers (with `throwOnError` false). */
type Answer<T> = { data?: T; error?: unknown; response?: Response };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The answer of `call` (a generated call), asked again while the server is unreachable or
 * failing (5xx: after 1, 2, 4, then 8 s), after `Retry-After` when it limits the rate (429).
 * When an answer's `RateLimit` header says nothing is left, waits until one more request is
 * allowed (one request's share of `RateLimit-Policy`'s window) before returning it, so that the
 * next call is not refused.
 */
/**
 * Seconds until one more request is allowed once none is left: one request's share of the
 * window (`w`/`q` of `RateLimit-Policy`), at most the `whole` bucket's refill.
 */
function nextAllowed(headers: Headers, whole: number): number {
  const policy = /;\s*q=(\d+)\s*;\s*w=(\d+)/.exec(headers.get("ratelimit-policy") ?? "");
  if (policy && Number(policy[1]) > 0) return Math.min(whole, Number(policy[2]) / Number(policy[1]));
  return whole;
}

export async function patiently<T>(call: () => Promise<Answer<T>>): Promise<Answer<T> & { response: Response }> {
  let pause = 1000;
  for (;;) {
    let answer: Answer<T> | undefined;
    let why: unknown;
    let wait = pause;
    try {
      answer = await call();
    } catch (err) {
      why = err;
    }
    const response = answer?.response;
    if (answer && response) {
      if (response.status < 500 && response.status !== 429) {
        const left = /;\s*r=(\d+)\s*;\s*t=(\d+)/.exec(response.headers.get("ratelimit") ?? "");
        if (left && Number(left[1]) === 0) await sleep(nextAllowed(response.headers, Number(left[2])) * 1000);
        return { ...answer, response };
      }
      why = response.status;
      if (response.status === 429) wait = Math.max(1, Number(response.headers.get("retry-after") ?? 1)) * 1000;
    } else if (answer) {
      why = answer.error;
    }
    console.error(`${String(why)}: again in ${wait / 1000} s`);
    await sleep(wait);
    pause = Math.min(pause * 2, 8000);
  }
}

/** The answer's data, or `Refused` with the problem document. */
export function expect<T>(answer: Answer<T> & { response: Response }, what: string): T {
  if (answer.response.ok && answer.data !== undefined) return answer.data;
  throw new Refused(what, answer.response.status, answer.error);
}

/** A client of the server at `baseUrl`, sending `Authorization: Bearer <token>` if given. */
export function seatClient(baseUrl: string, token?: string): Client {
  return createClient(
    createConfig({ baseUrl, auth: (auth) => (auth.type === "http" ? token : undefined) }),
  );
}

/** A bot account and its loop (see the module's comment). */
export class Bot {
  private lastEntry = 0;
  private savedKey: string | undefined;
  readonly keyDir: string;
  readonly log: Log;
  /** How the bot answers the challenges its inbox brings (`acceptByRule()` by default). */
  readonly consider: Consider;

  constructor(
    readonly baseUrl: string,
    readonly name: string,
    readonly decide: Decide,
    options: { key?: string; keyDir?: string; log?: Log; consider?: Consider } = {},
  ) {
    this.savedKey = options.key;
    const cache = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
    this.keyDir = options.keyDir ?? join(cache, "hasenpfeffer", "bots");
    this.log = options.log ?? say;
    this.consider = options.consider ?? acceptByRule();
  }

  /** The bot's key: the one given, or the one saved in `keyDir`, or a new registration's
   * (saved there at once, mode 0600; never printed). */
  async key(): Promise<string> {
    this.savedKey ??= await this.loadOrRegister();
    return this.savedKey;
  }

  private async loadOrRegister(): Promise<string> {
    const path = join(this.keyDir, `${this.name}.key`);
    try {
      const key = (await readFile(path, "utf8")).trim();
      this.log(`bot ${this.name}: its key from ${path}`);
      return key;
    } catch {
      // none saved: register
    }
    const answer = await patiently(() =>
      registerBot({ client: seatClient(this.baseUrl), body: { name: this.name } }),
    );
    if (answer.response.status === 409) {
      throw new Refused(`a bot named ${this.name} exists, and its key is not in ${path}`, 409, answer.error);
    }
    const registered = expect(answer, "POST /v1/bots");
    // Saved before anything else: the server shows a key only once.
    await mkdir(this.keyDir, { recursive: true });
    const file = await open(path, "wx", 0o600);
    await file.writeFile(`${registered.api_key}\n`);
    await file.close();
    this.log(`bot ${this.name}: registered, its key saved in ${path}`);
    return registered.api_key;
  }

  /** A client that sends `Authorization: Bot <key>` (and asks for JSON answers). */
  async client(): Promise<Client> {
    const key = await this.key();
    return createClient(
      createConfig({
        baseUrl: this.baseUrl,
        headers: { Accept: "application/json" },
        auth: (auth) => (auth.type === "apiKey" ? `Bot ${key}` : undefined),
      }),
    );
  }

  /**
   * Plays the inbox's unfinished seats, then queues (for `preset`, house players after
   * `fillAfterMs`) and plays each table the inbox announces, until `games` games are played
   * (0: for ever). Returns the last view of each game played.
   */
  async run(
    options: { games?: number; preset?: string; fillAfterMs?: number; house?: HouseFill } = {},
  ): Promise<GameView[]> {
    const { games = 0, preset, fillAfterMs = 5000, house = "heuristic" } = options;
    const bot = await this.client();
    const played: GameView[] = [];
    let seats = await this.inbox(bot, 0);
    for (;;) {
      for (const seated of seats) {
        const last = await this.playSeated(seated);
        if (last) {
          played.push(last);
          if (played.length === games) return played;
        }
      }
      const body = {
        ruleset: preset ? { preset: preset as never } : {},
        fill_with_house_after_ms: fillAfterMs,
        house_strategy: house,
      };
      expect(await patiently(() => joinQueue({ client: bot, body })), "POST /v1/queue");
      // Reading the inbox renews the bot's place in the queue.
      seats = [];
      while (seats.length === 0) seats = await this.inbox(bot, 25);
    }
  }

  /** The `seated` entries after the last one seen, less those of games the inbox says are
   * over; the first page waits up to `wait` seconds for an entry. */
  async inbox(bot: Client, wait: number): Promise<InboxSeated[]> {
    const seats: InboxSeated[] = [];
    const over = new Set<string>();
    for (;;) {
      const after = this.lastEntry;
      const page = expect(
        await patiently(() => botEvents({ client: bot, query: { after, wait } })),
        "GET /v1/bots/me/events",
      );
      if (page.length === 0) break;
      for (const entry of page) {
        this.lastEntry = Math.max(this.lastEntry, entry.id);
        switch (entry.type) {
          case "seated":
            seats.push(entry);
            break;
          case "game_over":
            over.add(entry.game_id);
            break;
          case "match_finished":
            this.log(`match ${entry.match_id}: finished`);
            break;
          case "challenge":
            await this.answer(bot, entry.challenge);
            break;
        }
      }
      wait = 0; // the rest at once
    }
    return seats.filter((s) => !over.has(s.game_id));
  }

  /** Accepts or declines a challenge by `consider` (its game's seat then comes as any other);
   * one that closed meanwhile (canceled, expired, answered before) is let be. */
  async answer(bot: Client, challenge: Challenge): Promise<void> {
    const reason = this.consider(challenge);
    const path = { id: challenge.challenge_id };
    const answer =
      reason === undefined
        ? await patiently(() => acceptChallenge({ client: bot, path }))
        : await patiently(() => declineChallenge({ client: bot, path, body: { reason } }));
    let what = reason === undefined ? "accepted" : `declined (${reason})`;
    if (answer.response.status === 409) what = "closed already";
    else expect(answer, `answering challenge ${challenge.challenge_id}`);
    this.log(`challenge ${challenge.challenge_id} from ${challenge.challenger}: ${what}`);
  }

  /** Plays an inbox's seat to the end, unless its game is over already (undefined): its last
   * view. */
  async playSeated(seated: InboxSeated): Promise<GameView | undefined> {
    const me = seatClient(this.baseUrl, seated.token);
    const answer = await patiently(() => getGame({ client: me, path: { id: seated.game_id } }));
    if (!answer.data) {
      this.log(`game ${seated.game_id}: gone, skipped`);
      return undefined;
    }
    if (answer.data.status === "finished") {
      this.log(`game ${seated.game_id}: over already, skipped`);
      return undefined;
    }
    return playSeat(this.baseUrl, seated.game_id, seated.seat, seated.token, this.decide, this.log);
  }
}

/**
 * Plays seat `seat` of a game to its end with its token: reads the view, long-polls each
 * change (`wait_for_version`), and posts `decide(view)` when the seat is to act. Returns the
 * last view.
 */
export async function playSeat(
  baseUrl: string,
  gameId: string,
  seat: number,
  token: string,
  decide: Decide,
  log: Log = say,
): Promise<GameView> {
  const me = seatClient(baseUrl, token);
  const path = { id: gameId };
  log(`game ${gameId}: playing seat ${seat}`);
  let view = expect(await patiently(() => getGame({ client: me, path })), "GET view");
  while (view.phase !== "game_over") {
    if (view.turn === seat) {
      const body = await decide(view);
      const headers = { "If-Match": `"${view.version}"` };
      const answer = await patiently(() => postAction({ client: me, path, body, headers }));
      if (answer.data) {
        view = answer.data;
        continue;
      }
      // Refused (the game moved on, or the action was not legal any more): look again.
      if (![409, 412, 422].includes(answer.response.status)) {
        throw new Refused("POST action", answer.response.status, answer.error);
      }
    }
    const query = { wait_for_version: view.version };
    view = expect(await patiently(() => getGame({ client: me, path, query })), "GET view");
  }
  log(`game over: scores ${JSON.stringify(view.scores)}, ${view.draw ? "a draw" : `side ${view.winner} wins`}`);
  return view;
}

/**
 * Creates a game of `preset` (the default preset if none, at its default player count) with
 * the bot in seat 0 and house players of `strategy` in the others, claims seat 0 and plays it
 * to the end (no account needed).
 */
export async function playVsHouse(
  baseUrl: string,
  decide: Decide,
  options: { preset?: string; strategy?: "random" | "heuristic" | "expert"; name?: string; log?: Log } = {},
): Promise<GameView> {
  const { strategy = "heuristic", name = "typescript-bot", log = say } = options;
  const want = options.preset ?? "hasenpfeffer";
  const anonymous = seatClient(baseUrl);
  const catalog = expect(await patiently(() => listRulesets({ client: anonymous })), "GET /v1/rulesets");
  const info = catalog.presets.find((p) => p.name === want);
  if (!info) throw new Refused(`no preset ${want}`, 404, catalog.presets.map((p) => p.name));
  const seats: SeatSpec[] = [{ kind: "open" }];
  for (let i = 1; i < info.rules.players; i++) seats.push({ kind: "bot", strategy });
  const created = expect(
    await patiently(() => createGame({ client: anonymous, body: { ruleset: { preset: info.name }, seats } })),
    "POST /v1/games",
  );
  const claimed = expect(
    await patiently(() => claimSeat({ client: anonymous, path: { id: created.game_id }, body: { name } })),
    "POST /v1/games/{id}/seats",
  );
  return playSeat(baseUrl, created.game_id, claimed.seat, claimed.token, decide, log);
}
