// The client of the Hasenpfeffer game server: every operation and type, generated from its
// OpenAPI document (src/generated, by @hey-api/openapi-ts: do not edit; scripts/clients.sh
// regenerates it), and the Bot layer (src/bot.ts).
export * from "./generated/index.js";
export { createClient, createConfig, type Client } from "./generated/client/index.js";
export {
  Bot,
  type Consider,
  type Decide,
  type Log,
  Refused,
  acceptByRule,
  expect,
  patiently,
  playSeat,
  playVsHouse,
  seatClient,
} from "./bot.js";
