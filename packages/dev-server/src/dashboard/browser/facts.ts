/**
 * What the server decides and the page must agree with. The build writes these into the
 * bundle (esbuild's `define`, in scripts/dashboard-bundle.ts) from the server's own modules,
 * so the page offers the operations a fault rule accepts, hides Cancel on the states the
 * server calls final, and marks its polls with the header the request log looks for.
 */
export interface DashboardFacts {
  /** The header that marks a poll, which the request log leaves out unless `logPolls`. */
  pollHeader: string;
  /** The states a run never leaves. */
  finalStates: readonly string[];
  /** The operations a fault rule accepts, by service. */
  faultOperations: Readonly<Record<string, readonly string[]>>;
}

declare const DASHBOARD_FACTS: DashboardFacts;

export const FACTS: DashboardFacts = DASHBOARD_FACTS;
