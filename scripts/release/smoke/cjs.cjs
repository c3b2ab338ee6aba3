// The smoke through `require`: the packages' CommonJS builds, as a CommonJS user loads them.
const { startDevServer } = require("@x/dev-server");
const { ValidationError: VectorValidationError, VectorIndex } = require("@x/vector");
const { AuthenticationError, ValidationError, WorkflowClient } = require("@x/workflow");
const { runSmoke } = require("./steps.cjs");

const modules = {
  startDevServer,
  VectorIndex,
  VectorValidationError,
  WorkflowClient,
  ValidationError,
  AuthenticationError,
};
runSmoke(modules, "cjs").then((failed) => {
  process.exitCode = failed === 0 ? 0 : 1;
});
