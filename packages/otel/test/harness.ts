// An SDK tracer provider that keeps finished spans in memory, the W3C propagator, and the
// token search every test runs over what its spans recorded.
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { type TracingOptions, tracing } from "@x/otel";
import { expect } from "vitest";

/** Visible ASCII that percent-encoding and JSON escaping both change (`"`, `/`, `+`, `&`, `=`). */
export const TOKEN = 'tok"otel/s3cret+key&x=1';

/**
 * A provider with its own exporter, and the `tracing` of a client that reports to it.
 * Without attempt spans unless asked, so each call leaves one span to read; spans.test.ts
 * covers the attempt spans.
 */
export function traced(options: Omit<TracingOptions, "tracerProvider"> = {}) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  return {
    provider,
    tracing: tracing({
      tracerProvider: provider,
      propagator: new W3CTraceContextPropagator(),
      attemptSpans: false,
      ...options,
    }),
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
  };
}

/** Every string a span holds: its name, attribute keys and values, events, status. */
function textOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [String(value)];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...textOf(inner)]);
}

/** All the text the spans recorded, one string a line. */
export function recordedText(spans: ReadableSpan[]): string {
  return spans
    .flatMap(({ name, attributes, events, status, links }) =>
      textOf({ name, attributes, events, status, links }),
    )
    .join("\n");
}

/** Fails when the token shows in any span, raw, percent-encoded or JSON-escaped. */
export function expectNoToken(spans: ReadableSpan[]): void {
  const text = recordedText(spans);
  expect(text.length).toBeGreaterThan(0);
  for (const form of [TOKEN, encodeURIComponent(TOKEN), JSON.stringify(TOKEN).slice(1, -1)]) {
    expect(text).not.toContain(form);
  }
}

/** The one finished span, failing when there is not exactly one. */
export function onlySpan(spans: ReadableSpan[]): ReadableSpan {
  expect(spans.map((span) => span.name)).toHaveLength(1);
  return spans[0] as ReadableSpan;
}
