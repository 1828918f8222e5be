// @hey-api/openapi-ts's settings for the generated client (src/generated), run by
// scripts/clients.sh: the fetch client (bundled into the output: no runtime dependency), and
// imports with `.js` so that Node's ESM loader finds them.
export default {
  input: process.env.HP_OPENAPI ?? "../../openapi/openapi.json",
  output: {
    path: process.env.HP_OUT ?? "src/generated",
    importFileExtension: ".js",
  },
  plugins: ["@hey-api/client-fetch"],
  logs: { file: false },
};
