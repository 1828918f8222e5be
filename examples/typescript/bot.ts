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
 *
 * The bot long-polls its view (`GET /v1/games/{id}?wait_for_version=N` answers as soon as the
 * game moves past version N) and, when it is its turn, posts one of `legal_actions`. Every call
 * goes through openapi-fetch, typed by the generated `paths`: a path, a parameter or a body the
 * contract does not have is a compile error. It posts `legal_actions` as they are, so it plays
 * every preset (`GET /v1/rulesets` lists them). Copy this file and change `choose` to make the
 * bot your own.
 */

import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";

type GameView = components["schemas"]["GameView"];
type Action = components["schemas"]["Action"];
type Preset = components["schemas"]["Preset"];

const BASE_URL = process.env.BASE_URL ?? "http://localhost:8080";

/** The data of a call, or exit with the problem document the server sent. */
function ok<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) {
    console.error(`the server refused (${answer.response.status}):`, JSON.stringify(answer.error));
    process.exit(1);
  }
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
  const path = { id: gameId };

  // 2. Claim a seat: our seat number and its bearer token (shown only once).
  const claimed = ok(
    await anonymous.POST("/v1/games/{id}/seats", {
      params: { path },
      body: { name: "typescript-starter-bot" },
    }),
  );
  const me = createClient<paths>({
    baseUrl: BASE_URL,
    headers: { Authorization: `Bearer ${claimed.token}` },
  });
  console.log(`game ${gameId}: playing seat ${claimed.seat}`);

  // 3. Read our view; then wait for each change with a long poll.
  let view = ok(await me.GET("/v1/games/{id}", { params: { path } }));
  while (view.phase !== "game_over") {
    if (view.turn === claimed.seat) {
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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
