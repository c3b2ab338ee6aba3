import { closestKey } from "@x/core/internal";

/**
 * The candidate a mistyped name most likely meant, or undefined when none is close: the
 * clients' own rule (core's `closestKey`), and failing that a candidate with the name as one
 * of its dash-separated words ("port" is far from "workflow-port" by edits, yet plainly
 * meant one of the ports).
 */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  return (
    closestKey(name, candidates) ??
    candidates.find((candidate) => candidate.split("-").includes(name))
  );
}

/** `; did you mean "x"?` when a candidate is close, else the list of what is accepted. */
export function suggestion(
  name: string,
  candidates: readonly string[],
  show: (candidate: string) => string = (candidate) => `"${candidate}"`,
): string {
  const near = closest(name, candidates);
  if (near !== undefined) return `; did you mean ${show(near)}?`;
  return `; expected one of ${candidates.map(show).join(", ")}`;
}
