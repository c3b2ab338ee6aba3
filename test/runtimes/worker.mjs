// workerd entry, bundled with the clients by esbuild: each POST carries the smoke config
// as JSON and is answered with the results.
import * as vector from "@x/vector";
import * as workflow from "@x/workflow";
import { runSmoke } from "./smoke.mjs";

export default {
  async fetch(request) {
    const config = await request.json();
    return Response.json(await runSmoke({ vector, workflow }, config));
  },
};
