// The workflow probe: one trigger of a run that calls the user's own endpoint, through the
// spec guard. It is the one probe that changes something (a run is created), so it runs only
// when the user names the endpoint.
import { WorkflowClient } from "@x/workflow";
import { specGuard } from "@x/workflow/guard";
import { type ProbeStep, probeStep } from "./probe-steps.js";

/** The workflow service at `baseUrl`, probed with one trigger of `endpoint`. */
export async function probeWorkflow(
  baseUrl: string,
  token: string,
  endpoint: string,
): Promise<ProbeStep[]> {
  // One attempt: a retried trigger could start a second run.
  const wf = new WorkflowClient({ baseUrl, token, maxRetries: 0 });
  const guard = specGuard({ mode: "collect" });
  const { step } = await probeStep("trigger", wf, guard, () => wf.trigger({ url: endpoint }));
  return [step];
}
