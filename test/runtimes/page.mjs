// Browser entry, bundled with the clients by esbuild and loaded by a page served from
// another origin than the dev server's, so every call crosses origins (CORS).
import * as vector from "@x/vector";
import * as workflow from "@x/workflow";
import { runSmoke } from "./smoke.mjs";

globalThis.runSmoke = (config) => runSmoke({ vector, workflow }, config);
