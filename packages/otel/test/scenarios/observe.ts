// What a user can observe of a call, gathered while it runs: log lines, spans (started,
// ended, and ended twice, which the SDK reports through `diag`), the client's own timers,
// and rejections nobody handled. Also the search for a secret in any written form.
import { type DiagLogger, DiagLogLevel, diag } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import type { Logger } from "@x/core";

/** Spans by what happened to them; keeps the unended ones, which an exporter never sees. */
export class SpanLedger implements SpanProcessor {
  started: Span[] = [];
  ended: ReadableSpan[] = [];
  /** What the SDK said through `diag`: a second `end()`, a change to an ended span. */
  complaints: string[] = [];
  readonly provider = new BasicTracerProvider({ spanProcessors: [this] });

  constructor() {
    const complain = (message: string) => this.complaints.push(message);
    const logger: DiagLogger = {
      error: complain,
      warn: complain,
      info: () => {},
      debug: () => {},
      verbose: () => {},
    };
    diag.setLogger(logger, { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
  }

  reset(): void {
    this.started = [];
    this.ended = [];
    this.complaints = [];
  }

  onStart(span: Span): void {
    this.started.push(span);
  }

  onEnd(span: ReadableSpan): void {
    this.ended.push(span);
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** One line a logger received. */
export interface LogLine {
  level: keyof Logger;
  message: string;
  details: unknown[];
}

/** A logger that keeps every line. */
export function recordingLogger(lines: LogLine[]): Logger {
  const at =
    (level: keyof Logger) =>
    (message: string, ...details: unknown[]) =>
      lines.push({ level, message, details });
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** Where a timer comes from when the clients' sources set it. */
const CLIENT_SOURCE = /\/packages\/(core|workflow|vector|otel)\/src\//;

/**
 * Whether the caller of the function that called this one is in the clients' sources: only
 * the frame that called `setTimeout` itself counts, not fetch's internals that a client
 * call set off further down the stack.
 */
function calledFromClient(): boolean {
  const frames = (new Error().stack ?? "").split("\n");
  // 0: the message, 1: this function, 2: the setTimeout stand-in, 3: its caller.
  return CLIENT_SOURCE.test(frames[3] ?? "");
}

/**
 * Waits at least this long are backoff (the transport waits 375 ms or more, or what a
 * Retry-After of 1 s or more asks); attempts time out far sooner in these scenarios.
 */
export const BACKOFF_FLOOR_MS = 200;

/** Backoff waits run this many times faster, so retries cost milliseconds, not seconds. */
export const BACKOFF_SCALE = 100;

/**
 * The timers the clients' sources set, tracked until they fire or are cleared, with their
 * backoff waits sped up by {@link BACKOFF_SCALE}: the same scaled clock for every scenario.
 * `onBackoff` hears of each backoff wait as it starts.
 */
export class ClientTimers {
  readonly pending = new Set<unknown>();
  onBackoff: (() => void) | undefined;
  readonly #setTimeout = globalThis.setTimeout;
  readonly #clearTimeout = globalThis.clearTimeout;

  install(): void {
    const realSet = this.#setTimeout;
    const realClear = this.#clearTimeout;
    const pending = this.pending;
    const scaled = ((callback: (...args: unknown[]) => void, ms = 0, ...args: unknown[]) => {
      if (!calledFromClient()) return realSet(callback, ms, ...args);
      const backoff = ms >= BACKOFF_FLOOR_MS;
      const timer = realSet(
        (...given: unknown[]) => {
          pending.delete(timer);
          callback(...given);
        },
        backoff ? ms / BACKOFF_SCALE : ms,
        ...args,
      );
      pending.add(timer);
      if (backoff) queueMicrotask(() => this.onBackoff?.());
      return timer;
    }) as typeof setTimeout;
    globalThis.setTimeout = scaled;
    globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
      pending.delete(timer);
      realClear(timer);
    }) as typeof clearTimeout;
  }

  uninstall(): void {
    globalThis.setTimeout = this.#setTimeout;
    globalThis.clearTimeout = this.#clearTimeout;
  }
}

/** Every form a secret can be written in: raw, percent-encoded, JSON-escaped. */
export function formsOf(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  return [secret, encoded, encoded.toLowerCase(), JSON.stringify(secret).slice(1, -1)];
}

/**
 * The base64 and base64url forms of a token wherever its bytes fall in the encoded text, less
 * the few characters at either end shared with the bytes around it.
 */
export function base64FormsOf(secret: string): string[] {
  return [0, 1, 2].flatMap((offset) => {
    const encoded = Buffer.from(`${"x".repeat(offset)}${secret}`).toString("base64");
    const middle = encoded.slice(offset + 2, -4);
    return [middle, middle.replaceAll("+", "-").replaceAll("/", "_")];
  });
}

/** Whether any of `forms` occurs in any of `texts`; the first text that holds one. */
export function findSecret(forms: string[], texts: string[]): string | undefined {
  return texts.find((text) => forms.some((form) => text.includes(form)));
}

/**
 * All the text reachable from `value`: strings, keys, an error's name, message, stack,
 * `cause` and own fields, a `Headers`' entries, a `Response`'s URL and headers. With
 * `messagesOnly`, an error gives only its name, message, stack and cause (not its body).
 */
export function textsOf(value: unknown, messagesOnly = false, depth = 0): string[] {
  if (depth > 8 || value === null || value === undefined) return [];
  if (typeof value === "string") return [value];
  if (typeof value !== "object") return [String(value)];
  const inner = (item: unknown) => textsOf(item, messagesOnly, depth + 1);
  if (value instanceof Headers) return [...value].flat();
  if (value instanceof Response) return [value.url, ...inner(value.headers)];
  if (value instanceof Error) {
    const own = messagesOnly ? [] : Object.entries(value).flatMap(([k, v]) => [k, ...inner(v)]);
    return [value.name, value.message, value.stack ?? "", ...inner(value.cause), ...own];
  }
  if (messagesOnly) return [];
  return Object.entries(value).flatMap(([key, item]) => [key, ...inner(item)]);
}

/** Everything a span holds as text: name, attributes, events, status, links. */
export function spanTexts(span: ReadableSpan): string[] {
  const { name, attributes, events, status, links } = span;
  return [name, ...textsOf({ attributes, events, status, links })];
}
