// The figures a run of scenarios prints: how many ran, the faults injected by kind, and
// the counts that must stay 0 (leaks, spans left open).
import type { Scenario } from "./draw";
import type { Violation } from "./invariants";
import type { Observation } from "./run";

export class Tally {
  scenarios = 0;
  readonly faults = new Map<string, number>();
  readonly violations = new Map<string, number>();
  spansStarted = 0;
  spansUnended = 0;
  timersLeft = 0;
  socketsLeft = 0;

  add(scenario: Scenario, seen: Observation, broken: Violation[]): void {
    this.scenarios++;
    const count = (key: string) => this.faults.set(key, (this.faults.get(key) ?? 0) + 1);
    for (const { behaviour } of seen.served) {
      // A valid 2xx is no fault; an echo is one only through what it carries back.
      if (behaviour.kind === "json") continue;
      count("status" in behaviour ? `${behaviour.kind} ${behaviour.status}` : behaviour.kind);
    }
    if (seen.abort) count(`abort ${scenario.abort.when}`);
    for (const hook of seen.hooks) {
      if (hook.answered !== undefined || (hook.kind === "throw" && hook.hook === "onRequest")) {
        count(`middleware ${hook.kind}`);
      }
    }
    this.spansStarted += seen.started.length;
    this.spansUnended += seen.started.length - seen.ended.length;
    this.timersLeft += seen.timersLeft;
    this.socketsLeft += seen.socketsLeft;
    for (const { invariant } of broken) {
      this.violations.set(invariant, (this.violations.get(invariant) ?? 0) + 1);
    }
  }

  /** The figures, a line each. */
  report(): string {
    const faults = [...this.faults].sort(([a], [b]) => a.localeCompare(b));
    const injected = faults.reduce((sum, [, n]) => sum + n, 0);
    return [
      `scenarios: ${this.scenarios}`,
      `faults injected: ${injected} (${faults.map(([kind, n]) => `${kind}: ${n}`).join(", ")})`,
      `spans started: ${this.spansStarted}, unended: ${this.spansUnended}`,
      `leaks: timers ${this.timersLeft}, sockets ${this.socketsLeft}`,
      `violations: ${this.violations.size === 0 ? 0 : [...this.violations].map(([name, n]) => `${name}: ${n}`).join("; ")}`,
    ].join("\n");
  }
}
