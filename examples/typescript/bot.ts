/**
 * A starter bot in TypeScript, on types generated from openapi/openapi.json.
 *
 * Run it with `bash examples/typescript/run.sh`: it installs the pinned dependencies, generates
 * `schema.d.ts` from the contract with openapi-typescript, type-checks this file (`tsc`, strict)
 * and runs it, all in a cache directory (nothing is written next to this file).
 *
 *     BASE_URL=http://localhost:8080 bash examples/typescript/run.sh     # a new game vs house players
 *     GAME_ID=<id> bash examples/typescript/run.sh                       # an open seat of a game
 *     PRESET=bacon bash examples/typescript/run.sh                       # a new game of another preset
 *     BOT_NAME=my-bot bash examples/typescript/run.sh                    # account mode: queue, play, forever
 *
 * The bot long-polls its view (`GET /v1/games/{id}?wait_for_version=N` answers as soon as the
 * game moves past version N) and, when it is its turn, posts one of `legal_actions`. Every call
 * goes through openapi-fetch, typed by the generated `paths`: a path, a parameter or a body the
 * contract does not have is a compile error. It posts `legal_actions` as they are, so it plays
 * every preset (`GET /v1/rulesets` lists them). Copy this file and change `choose` to make the
 * bot your own.
 *
 * Account mode, when `BOT_NAME` is set: the bot's key is `BOT_KEY`, or the one saved in
 * `${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer/bots/<BOT_NAME>.key`, or else the bot registers
 * (`POST /v1/bots`) and saves its key there (mode 0600; the key is never printed). It first plays
 * the seats its inbox holds of games not over yet (a restarted bot resumes), then joins the queue
 * (`POST /v1/queue`: `PRESET`; `FILL_AFTER_MS`, default 5000, before house players fill the
 * table; `HOUSE`, default `heuristic`, or a list such as `random,heuristic,expert` taken in turn,
 * one per join), long-polls its inbox until a seat comes, plays that game to the end and queues
 * again; `GAMES` (default 0: forever) games, then it stops. It waits out a rate limit (429) and
 * retries after a second when the server is unreachable or failing (5xx). Challenges from other
 * bots (`challenge` in its inbox) it answers by one rule, `consider`: a game of `PRESET` (any
 * when unset) with a turn clock of a second or more, and a duplicate match of at most 20 deals,
 * accepted; anything else declined with the reason.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.js";

type GameView = components["schemas"]["GameView"];
type Action = components["schemas"]["Action"];
type Preset = components["schemas"]["Preset"];
type HouseFill = components["schemas"]["HouseFill"];
type Seated = Extract<components["schemas"]["InboxItem"], { type: "seated" }>;
/** A client with the bot's key that asks for JSON (the inbox's long poll). */
type BotClient = Client<paths, "application/json">;
type Challenge = components["schemas"]["Challenge"];
type DeclineReason = components["schemas"]["DeclineReason"];

const BASE_URL = process.env.BASE_URL ?? "http://localhost:8080";

/** The server refused a call: its status and problem document. */
class Refused extends Error {
  constructor(status: number, problem: unknown) {
    super(`the server refused (${status}): ${JSON.stringify(problem)}`);
  }
}

/** The data of a call, or `Refused` with the problem document the server sent. */
function ok<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) throw new Refused(answer.response.status, answer.error);
  return answer.data;
}

/** The decision: pass in the auction when we may (let the house partner bid), otherwise the
 * first legal action. Every entry of `legal_actions` is a complete action, ready to post. */
function choose(view: GameView): Action {
  if (view.phase === "auction") {
    const pass = view.legal_actions.find((action) => action.type === "pass");
    if (pass) return pass;
  }
  const first = view.legal_actions[0];
  if (!first) throw new Error("our turn, but no legal action");
  return first;
}

async function main(): Promise<void> {
  const anonymous = createClient<paths>({ baseUrl: BASE_URL });

  // 1. The game: GAME_ID, or a new one (of PRESET, if set) with us in seat 0 and three house
  //    players.
  let gameId = process.env.GAME_ID;
  if (!gameId) {
    const house = { kind: "bot", strategy: "heuristic" } as const;
    const preset = process.env.PRESET as Preset | undefined;
    const created = ok(
      await anonymous.POST("/v1/games", {
        body: {
          seats: [{ kind: "open" }, house, house, house],
          ...(preset ? { ruleset: { preset } } : {}),
        },
      }),
    );
    gameId = created.game_id;
  }

  // 2. Claim a seat: our seat number and its bearer token (shown only once).
  const claimed = ok(
    await anonymous.POST("/v1/games/{id}/seats", {
      params: { path: { id: gameId } },
      body: { name: "typescript-starter-bot" },
    }),
  );
  await play(gameId, claimed.seat, claimed.token);
}

/** Plays our seat of a game to its end. */
async function play(gameId: string, seat: number, token: string): Promise<void> {
  const path = { id: gameId };
  const me = createClient<paths>({
    baseUrl: BASE_URL,
    headers: { Authorization: `Bearer ${token}` },
  });
  console.log(`game ${gameId}: playing seat ${seat}`);

  // 3. Read our view; then wait for each change with a long poll.
  let view = ok(await me.GET("/v1/games/{id}", { params: { path } }));
  while (view.phase !== "game_over") {
    if (view.turn === seat) {
      // 4. Our turn: post one of the legal actions. If-Match applies it only if the game is
      // still at the version we saw; on a refusal (409, 422) we just look again.
      const answer = await me.POST("/v1/games/{id}/actions", {
        params: { path, header: { "If-Match": `"${view.version}"` } },
        body: choose(view),
      });
      if (answer.data) {
        view = answer.data;
        continue;
      }
    }
    view = ok(
      await me.GET("/v1/games/{id}", {
        params: { path, query: { wait_for_version: view.version } },
      }),
    );
  }

  const result = view.draw ? "a draw" : `team ${view.winner ?? "?"} wins`;
  console.log(`game over: scores ${JSON.stringify(view.scores)} (team 0 is seats 0 and 2), ${result}`);
}

/** Account mode: play the inbox's unfinished seats, then queue, wait for a seat, play it, and
 * again, `GAMES` times (0: forever). */
async function account(name: string): Promise<void> {
  const key = await botKey(name);
  const bot: BotClient = createClient<paths, "application/json">({
    baseUrl: BASE_URL,
    headers: { Authorization: `Bot ${key}`, Accept: "application/json" },
  });
  const fill = count("FILL_AFTER_MS", 5000);
  const games = count("GAMES", 0);
  const houses = (env("HOUSE") ?? "heuristic")
    .split(",")
    .map((house) => house.trim())
    .filter((house) => house) as HouseFill[];
  const preset = env("PRESET") as Preset | undefined;

  let played = 0;
  // 1. What the inbox holds already: seats of games a previous run may not have finished.
  let [seats, last] = await inbox(bot, 0, 0);
  for (let joins = 0; ; joins++) {
    for (const seated of seats) {
      if ((await playSeated(seated)) && ++played === games) return;
    }
    // 2. Queue for a table, with house players after FILL_AFTER_MS (HOUSE taken in turn).
    ok(
      await patiently(() =>
        bot.POST("/v1/queue", {
          body: {
            ruleset: preset ? { preset } : {},
            fill_with_house_after_ms: fill,
            house_strategy: houses[joins % houses.length] ?? "heuristic",
          },
        }),
      ),
    );
    // 3. Wait for the seat: reading the inbox renews our place in the queue.
    do {
      [seats, last] = await inbox(bot, last, 25);
    } while (seats.length === 0);
  }
}

/** The bot's key: BOT_KEY, or the one saved in the cache directory, or a new registration's
 * (saved there at once). */
async function botKey(name: string): Promise<string> {
  const fromEnv = env("BOT_KEY");
  if (fromEnv) return fromEnv;
  const cache = env("XDG_CACHE_HOME") ?? join(homedir(), ".cache");
  const file = join(cache, "hasenpfeffer", "bots", `${name}.key`);
  if (existsSync(file)) {
    console.log(`bot ${name}: its key from ${file}`);
    return readFileSync(file, "utf8").trim();
  }
  const anonymous = createClient<paths>({ baseUrl: BASE_URL });
  const answer = await patiently(() => anonymous.POST("/v1/bots", { body: { name } }));
  if (answer.response.status === 409) {
    throw new Error(
      `a bot named ${name} exists already, and its key is not in ${file}: ` +
        "set BOT_KEY, or choose another BOT_NAME",
    );
  }
  const registered = ok(answer);
  // Saved before anything else: the server shows a key only once.
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${registered.api_key}\n`, { mode: 0o600, flag: "wx" });
  console.log(`bot ${name}: registered, its key saved in ${file}`);
  return registered.api_key;
}

/** The `seated` entries after `after`, less those of games the inbox says are over, and the last
 * entry's id; the first page waits up to `wait` seconds for an entry. */
async function inbox(bot: BotClient, after: number, wait: number): Promise<[Seated[], number]> {
  const seats: Seated[] = [];
  const over = new Set<string>();
  let last = after;
  for (let first = true; ; first = false) {
    const query = { after: last, wait: first ? wait : 0 }; // the rest at once
    // (With a bound on the wait, should the connection die silently.)
    const poll = () =>
      bot.GET("/v1/bots/me/events", { params: { query }, signal: AbortSignal.timeout(60_000) });
    const page = ok(await patiently(poll));
    if (page.length === 0) break;
    for (const entry of page) {
      last = Math.max(last, entry.id);
      if (entry.type === "seated") seats.push(entry);
      else if (entry.type === "game_over") over.add(entry.game_id);
      else if (entry.type === "challenge") await answer(bot, entry.challenge);
    }
  }
  return [seats.filter((seated) => !over.has(seated.game_id)), last];
}

/** The rule by which the bot takes challenges: undefined to accept, else the reason to decline. */
function consider(challenge: Challenge): DeclineReason | undefined {
  const preset = env("PRESET");
  if (preset && challenge.preset !== preset) return "preset";
  if (challenge.turn_time_limit_ms < 1000) return "too_fast";
  if (challenge.deals !== null && challenge.deals > 20) return "later";
  return undefined;
}

/** Accepts or declines a challenge by `consider`; one that closed meanwhile (canceled, expired,
 * answered by an earlier run) is let be. */
async function answer(bot: BotClient, challenge: Challenge): Promise<void> {
  const reason = consider(challenge);
  const params = { path: { id: challenge.challenge_id } };
  const res =
    reason === undefined
      ? await patiently(() => bot.POST("/v1/challenges/{id}/accept", { params }))
      : await patiently(() => bot.POST("/v1/challenges/{id}/decline", { params, body: { reason } }));
  const what = res.response.status === 409 ? "closed already" : reason === undefined ? "accepted" : `declined (${reason})`;
  if (res.response.status !== 409) ok(res);
  console.log(`challenge ${challenge.challenge_id} from ${challenge.challenger}: ${what}`);
}

/** Plays a `seated` entry's game to the end, unless it is over already (or gone): whether it
 * did. A failure midway (the server restarting) is retried after a second. */
async function playSeated(seated: Seated): Promise<boolean> {
  const id = seated.game_id;
  const me = createClient<paths>({
    baseUrl: BASE_URL,
    headers: { Authorization: `Bearer ${seated.token}` },
  });
  for (;;) {
    const answer = await patiently(() => me.GET("/v1/games/{id}", { params: { path: { id } } }));
    if (!answer.data) {
      console.log(`game ${id}: ${answer.response.status}, skipped`);
      return false;
    }
    if (answer.data.status === "finished") {
      console.log(`game ${id}: over already, skipped`);
      return false;
    }
    try {
      await play(id, seated.seat, seated.token);
      return true;
    } catch (err: unknown) {
      console.error(`game ${id}: ${err instanceof Error ? err.message : String(err)}; again in a second`);
    }
    await sleep(1000);
  }
}

/** The answer of `call`, asked again after a second while the server is unreachable or failing
 * (5xx), after the wait it names when it limits the rate (429). */
async function patiently<A extends { response: Response }>(call: () => Promise<A>): Promise<A> {
  for (;;) {
    let why: string;
    let wait = 1;
    try {
      const answer = await call();
      const { status, headers } = answer.response;
      if (status < 500 && status !== 429) return answer;
      why = `${status} ${answer.response.url}`;
      if (status === 429) {
        wait = Math.max(1, Number(headers.get("retry-after") ?? headers.get("ratelimit-reset")) || 1);
      }
    } catch (err: unknown) {
      why = err instanceof Error ? err.message : String(err); // fetch failed: unreachable
    }
    console.error(`${why}: again in ${wait} s`);
    await sleep(wait * 1000);
  }
}

/** An environment variable that is set and not empty. */
function env(name: string): string | undefined {
  return process.env[name] || undefined;
}

/** A whole number from the environment, or `fallback`. */
function count(name: string, fallback: number): number {
  const value = Number(env(name) ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} is not a whole number`);
  return value;
}

const name = env("BOT_NAME");
(name ? account(name) : main()).catch((err: unknown) => {
  // A refusal, or why account mode stopped: its message; anything else with its stack.
  console.error(err instanceof Refused || (name && err instanceof Error) ? err.message : err);
  process.exit(1);
});
