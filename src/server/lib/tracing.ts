import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/**
 * Traces over OTLP (HTTP, JSON), on only when OTEL_EXPORTER_OTLP_ENDPOINT (or its traces-only twin)
 * is set: one span per operation, whichever door called it, with the request id as an attribute, and
 * a span per PostgreSQL query beneath it. The exporter reads the standard OTEL_* variables itself
 * (endpoint, headers, timeout); spans leave in batches off the request path. Off, every function
 * here returns at once after one boolean check, and the SDK and exporter are never loaded (several
 * hundred modules, about 10 MB of a process's memory).
 */
let provider: NodeTracerProvider | null = null;
const TRACER = 'creator-api';

export interface TracingSettings {
  serviceName: string;
}

export async function installTracing(settings: TracingSettings): Promise<void> {
  if (provider) return;
  const [{ OTLPTraceExporter }, { resourceFromAttributes }, { BatchSpanProcessor, NodeTracerProvider }] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
  ]);
  if (provider) return;
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Registers the AsyncLocalStorage context manager: a query's span finds its operation's span as parent.
  provider.register();
}

/** Sends the spans still buffered, then stops tracing (shutdown). */
export async function shutdownTracing(): Promise<void> {
  const current = provider;
  provider = null;
  if (!current) return;
  await current.shutdown();
  trace.disable();
}

export function tracingEnabled(): boolean {
  return provider !== null;
}

/** Runs `work` inside a span (the active one for everything it awaits); a thrown error marks the span. */
export async function inSpan<T>(name: string, kind: 'operation' | 'database', attributes: Attributes, work: (span: Span | null) => Promise<T>): Promise<T> {
  if (!provider) return work(null);
  const spanKind = kind === 'database' ? SpanKind.CLIENT : SpanKind.INTERNAL;
  return trace.getTracer(TRACER).startActiveSpan(name, { kind: spanKind, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span for a driver call that reports through a callback (pg's pool calls its clients this way). */
export function startSpan(name: string, attributes: Attributes): ((error?: unknown) => void) | null {
  if (!provider) return null;
  const span = trace.getTracer(TRACER).startSpan(name, { kind: SpanKind.CLIENT, attributes });
  return (error?: unknown) => {
    if (error) {
      span.recordException(error instanceof Error ? error : 'query failed');
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
}
