// The dev server's random values (run ids; never the token, which stays random). Without a seed
// they come from the operating system; with `randomSeed` from a small seeded generator
// (sfc32), so two servers started alike and sent the same requests make the same values,
// and a snapshot carries the generator's state to go on where it left off.
import { randomBytes } from "node:crypto";
import { ValidationError } from "@x/core";

/** Four 32-bit words: the whole state of the seeded generator, as a snapshot keeps it. */
export type RandomState = [number, number, number, number];

export interface RandomSource {
  /** `bytes` random bytes as lower-case hex. */
  hex(bytes: number): string;
  /** The seeded generator's state; undefined when the values come from the system. */
  save(): RandomState | undefined;
  /** Goes on from a saved state (ignored without a seed: system values have no state). */
  load(state: RandomState): void;
}

class SystemRandom implements RandomSource {
  hex(bytes: number): string {
    return randomBytes(bytes).toString("hex");
  }
  save(): undefined {
    return undefined;
  }
  load(): void {}
}

/** sfc32 (Chris Doty-Humphrey's small fast chaotic generator): 128 bits of state, JSON-friendly. */
class SeededRandom implements RandomSource {
  private state: RandomState;

  constructor(seed: number) {
    // Spread the seed over the four words with splitmix32 so nearby seeds start far apart.
    let s = seed >>> 0;
    const high = Math.floor(seed / 2 ** 32) >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s ^ high;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.state = [next(), next(), next(), next()];
    // The first outputs of sfc32 still echo the seed; they are thrown away.
    for (let i = 0; i < 12; i++) this.word();
  }

  hex(bytes: number): string {
    let out = "";
    while (out.length < bytes * 2) out += this.word().toString(16).padStart(8, "0");
    return out.slice(0, bytes * 2);
  }

  save(): RandomState {
    return [...this.state];
  }

  load(state: RandomState): void {
    this.state = [...state];
  }

  private word(): number {
    let [a, b, c, d] = this.state;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    this.state = [a >>> 0, b >>> 0, c >>> 0, d >>> 0];
    return t >>> 0;
  }
}

/** Random values from `seed` (a safe integer >= 0), or from the system without one. */
export function createRandom(seed: number | undefined): RandomSource {
  if (seed === undefined) return new SystemRandom();
  if (!(Number.isSafeInteger(seed) && seed >= 0)) {
    throw new ValidationError(
      "randomSeed",
      `must be an integer from 0 to ${Number.MAX_SAFE_INTEGER} (got ${String(seed)})`,
    );
  }
  return new SeededRandom(seed);
}

/** Whether `value` is a generator state a snapshot may carry. */
export function isRandomState(value: unknown): value is RandomState {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((word) => Number.isInteger(word) && word >= 0 && word < 2 ** 32)
  );
}
