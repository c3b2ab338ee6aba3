// Deliveries in flight are cut when the service closes or restores, which aborts one signal
// shared by all of them. A listener per delivery on that signal passed Node's limit of 10
// at the 11th concurrent delivery and printed a MaxListenersExceededWarning into the user's
// terminal; here each shared signal gets one listener, which cuts every delivery held.
//
// The two plainer ways fall short: `setMaxListeners` only hides the warning (a listener per
// delivery stays on the shared signal), and `AbortSignal.any` holds its dependent signals
// weakly, where runtimes have lost aborts to garbage collection (nodejs/node#65995 on
// Node 24 and 26; the same class of bug in Deno and Bun); a missed abort here would leave a
// delivery running after close().

const held = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `cut` once when `signal` aborts (at once when it already has); returns what stops
 * that, for when the delivery ends first. Adds at most one listener to each signal.
 */
export function onAbort(signal: AbortSignal, cut: () => void): () => void {
  if (signal.aborted) {
    cut();
    return () => {};
  }
  let cuts = held.get(signal);
  if (cuts === undefined) {
    const all = new Set<() => void>();
    held.set(signal, all);
    signal.addEventListener(
      "abort",
      () => {
        for (const each of all) each();
        all.clear();
      },
      { once: true },
    );
    cuts = all;
  }
  const own = cuts;
  own.add(cut);
  return () => {
    own.delete(cut);
  };
}
