// Where interrupted imports stopped, so the next import of the same live index goes on from
// there: per live index (its URL) and namespace, the cursor of the next page to read, `""`
// once the namespace is done. A cursor moves only after its page is written, so resuming
// never skips a record; a page is never written twice either, and if it were (a resume point
// lost with the process), an upsert of the same id replaces the record: no duplicates.

/** The resume points as JSON: `{ [live URL]: { [namespace]: next cursor } }`. */
export type SavedResumePoints = Record<string, Record<string, string>>;

export class ResumePoints {
  private readonly sources = new Map<string, Map<string, string>>();

  /** The cursor to start `namespace` of `source` at; undefined when no import stopped in it. */
  cursor(source: string, namespace: string): string | undefined {
    return this.sources.get(source)?.get(namespace);
  }

  /** Records that the pages of `namespace` up to `next` are written (`""`: all of them). */
  advance(source: string, namespace: string, next: string): void {
    let points = this.sources.get(source);
    if (points === undefined) {
      points = new Map();
      this.sources.set(source, points);
    }
    points.set(namespace, next);
  }

  /** Forgets `namespaces` of `source`: their import finished, and the next one starts over. */
  finish(source: string, namespaces: readonly string[]): void {
    const points = this.sources.get(source);
    if (points === undefined) return;
    for (const name of namespaces) points.delete(name);
    if (points.size === 0) this.sources.delete(source);
  }

  /** Forgets every point: the records they describe were replaced (a reset, a restore). */
  clear(): void {
    this.sources.clear();
  }

  get size(): number {
    return this.sources.size;
  }

  toJSON(): SavedResumePoints {
    const saved: SavedResumePoints = Object.create(null);
    for (const [source, points] of this.sources) {
      saved[source] = Object.assign(Object.create(null), Object.fromEntries(points));
    }
    return saved;
  }

  /** Resume points as `toJSON` gave them; a TypeError for anything else. */
  static from(value: unknown): ResumePoints {
    const out = new ResumePoints();
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new TypeError("must be an object of live index URLs");
    }
    for (const [source, points] of Object.entries(value)) {
      if (typeof points !== "object" || points === null || Array.isArray(points)) {
        throw new TypeError(`${source}: must be an object of namespaces`);
      }
      for (const [name, cursor] of Object.entries(points)) {
        if (typeof cursor !== "string")
          throw new TypeError(`${source}, "${name}": must be a cursor`);
        out.advance(source, name, cursor);
      }
    }
    return out;
  }
}
