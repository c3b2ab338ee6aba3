import { InvalidInputError } from "./errors.js";

// What bounds the time a filter holds the server. The length limits bound a filter's text,
// not its work: a GLOB compares up to pattern length x value length characters, and every
// condition runs once per record tested. One budget of steps per request counts the work
// as it is done, over every record the request tests: a condition and each step of a path
// are one step, each element CONTAINS looks at and each character position GLOB tries
// (one step of its matcher) another. Work stops where the budget runs out, so no pattern,
// value or number of records holds the server longer than the budget's steps take.

/** The steps one request's filters may still take; `spend` refuses the request past them. */
export class FilterWork {
  private left: number;

  constructor(private readonly max: number) {
    this.left = max;
  }

  /** Takes `steps` of the budget; past it, the request is refused with a 400. */
  spend(steps: number): void {
    this.left -= steps;
    if (this.left < 0) {
      throw new InvalidInputError(
        `the filter would take more than this server's limit of ${this.max} steps over these records (a GLOB costs up to its pattern's length x the value's length on each record); narrow the filter or shorten its patterns, or start the dev server with --max-filter-steps to raise it`,
      );
    }
  }
}
