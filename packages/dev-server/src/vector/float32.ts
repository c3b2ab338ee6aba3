// The service holds every number of a vector, and every score, as a float32, and writes each
// in the shortest decimal that reads back as the same float32: a stored 0.1 comes back as
// 0.1, not as the float64 digits of its float32 (0.10000000149011612).

/** Float32 needs at most 9 significant digits to read back unchanged. */
const MAX_DIGITS = 9;

/** 10^0 to 10^22, the powers of ten a float64 holds exactly. */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/**
 * How far from a half the scaled value must be for its rounding to be certain. A float64
 * product or quotient is off by at most half an ulp: under 2^-23 for values below 10^9,
 * the most a 9-digit scaled value reaches.
 */
const TIE_MARGIN = 1e-6;

/** The decimal value of `f` to `digits` significant digits: what `Number(f.toPrecision(digits))` gives. */
type Rounding = (f: number, digits: number) => number | undefined;

/** Exact for every float32, but each call formats and parses a string. */
const roundedByText: Rounding = (f, digits) => Number(f.toPrecision(digits));

/**
 * The same value as `roundedByText`, in float64 arithmetic (a snapshot writes millions of
 * values, and the text took seconds): `|f|` is scaled by an exact power of ten to `digits`
 * digits before the point, rounded to an integer, and scaled back in one correctly rounded
 * operation, as parsing the digits rounds. Undefined when the result could differ: the
 * scaled value too near a half to know which way it rounds, or a power of ten past 10^22
 * (values below about 1e-14 or above 1e22).
 */
const roundedByArithmetic: Rounding = (f, digits) => {
  const size = Math.abs(f);
  const shift = digits - 1 - Math.floor(Math.log10(size));
  if (Math.abs(shift) >= EXACT_POWERS_OF_TEN.length) return undefined;
  const power = EXACT_POWERS_OF_TEN[Math.abs(shift)] as number;
  const scaled = shift >= 0 ? size * power : size / power;
  const whole = Math.floor(scaled);
  const fraction = scaled - whole;
  if (Math.abs(fraction - 0.5) < TIE_MARGIN) return undefined;
  // A log10 off by one near a power of ten only moves the point: a scaled value of
  // 9999.99999997 rounds to 10000 either way, and the value is the same power of ten.
  const digitsValue = fraction > 0.5 ? whole + 1 : whole;
  const value = shift >= 0 ? digitsValue / power : digitsValue * power;
  return f < 0 ? -value : value;
};

/**
 * The fewest digits from which `f` reads back, searched as reading back holds from some
 * digit count on and for every count past it (in about three tries instead of up to nine:
 * random values need eight or nine), and `f` to that many digits. Undefined when `rounded`
 * could not tell.
 */
function shortest(f: number, rounded: Rounding): number | undefined {
  let fewest = 1;
  let enough = MAX_DIGITS;
  while (fewest < enough) {
    const digits = (fewest + enough) >> 1;
    const candidate = rounded(f, digits);
    if (candidate === undefined) return undefined;
    if (Math.fround(candidate) === f) enough = digits;
    else fewest = digits + 1;
  }
  return rounded(f, enough);
}

/**
 * `x` rounded to float32, as the number whose JSON form is the shortest decimal that reads
 * back as that float32 (`Math.fround(0.1)` gives `0.1`; `2 / 60` gives `0.033333335`). A
 * score past float32's range (a dot product of large values) stays the float64 it is, since
 * Infinity has no JSON form.
 */
export function float32Json(x: number): number {
  const f = Math.fround(x);
  if (!Number.isFinite(f)) return x;
  if (f === 0) return 0;
  return shortest(f, roundedByArithmetic) ?? (shortest(f, roundedByText) as number);
}

/** Each of `values` as `float32Json` writes it, in an array of unboxed doubles. */
export function float32JsonArray(values: ArrayLike<number>): number[] {
  // Pushed one by one: Array.from with a map function makes an array of boxed numbers,
  // which a snapshot of millions holds and a restore reads more slowly.
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) out.push(float32Json(values[i] as number));
  return out;
}
