// A tiny bot on the package's `Bot`: one game of each preset, through the matchmaking queue
// with house players, as a bot account. CI runs it against the server (scripts/clients.sh).
//
//   BASE_URL=http://localhost:8080 BOT_NAME=my-bot PRESETS="euchre bacon" node every-preset.js
//
// Its decision: pass in the auction when it may (the house partner bids), otherwise the first
// legal action (every entry of `legal_actions` is a complete action, ready to post).
import { type Action, Bot, type GameView } from "hasenpfeffer-client";

function decide(view: GameView): Action {
  if (view.phase === "auction") {
    const pass = view.legal_actions.find((a) => a.type === "pass");
    if (pass) return pass;
  }
  const first = view.legal_actions[0];
  if (!first) throw new Error(`game ${view.game_id}: our turn, but no legal action`);
  return first;
}

const base = process.env.BASE_URL ?? "http://localhost:8080";
const bot = new Bot(base, process.env.BOT_NAME ?? "typescript-example", decide);
const presets = (process.env.PRESETS ?? "hasenpfeffer").split(/\s+/).filter(Boolean);
for (const preset of presets) {
  const [last] = await bot.run({ games: 1, preset, fillAfterMs: 0, house: "heuristic" });
  if (!last || last.status !== "finished" || last.ruleset.preset !== preset) {
    console.error(`game ${last?.game_id}: ${last?.status} ${last?.ruleset.preset}, not a finished ${preset} game`);
    process.exit(1);
  }
  console.log(`(game ${last.game_id}: a finished ${preset} game, ${last.hand_number + 1} hands)`);
}
console.log(`typescript: ${presets.length} games, one of each preset`);
