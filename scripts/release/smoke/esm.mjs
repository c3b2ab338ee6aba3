// The smoke through `import`: the packages' ESM builds, as an ESM user loads them.
import { startDevServer } from "@x/dev-server";
import { VectorIndex, ValidationError as VectorValidationError } from "@x/vector";
import { AuthenticationError, ValidationError, WorkflowClient } from "@x/workflow";
import smoke from "./steps.cjs";

const modules = {
  startDevServer,
  VectorIndex,
  VectorValidationError,
  WorkflowClient,
  ValidationError,
  AuthenticationError,
};
process.exitCode = (await smoke.runSmoke(modules, "esm")) === 0 ? 0 : 1;
