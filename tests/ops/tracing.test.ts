import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { killInstance, startInstance, waitFor, type Instance } from '../support/instances';
import { freePort } from '../support/throwaway-servers';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** A real OTLP/HTTP receiver (JSON encoding, the exporter's default): keeps every span it is sent. */
async function startCollector(): Promise<{ url: string; spans: OtlpSpan[]; close: () => Promise<void> }> {
  const spans: OtlpSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** A real process with OTEL_EXPORTER_OTLP_ENDPOINT set, exporting to a real OTLP receiver. */
describe('traces over OTLP', () => {
  let t: TestApp;
  let instance: Instance | undefined;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp();
    collector = await startCollector();
    instance = await startInstance('traces', await freePort(), { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '100', OTEL_SERVICE_NAME: 'creator-api-test' });
    key = await t.key({ type: 'agency', id: (await t.agency()).id });
  }, 120_000);
  afterAll(async () => {
    await killInstance(instance);
    await collector?.close();
    await t?.close();
  });

  it('sends one span per operation with the request id, and its PostgreSQL queries beneath it', async () => {
    const response = await fetch(`${instance!.baseUrl}/public/v1/creators?limit=5`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id')!;
    const operation = await waitFor(
      'the operation span',
      () => Promise.resolve(collector.spans.find((span) => span.name === 'creators.list' && attribute(span, 'creator_api.request_id') === requestId)),
      15_000,
    );
    expect(attribute(operation, 'creator_api.door')).toBe('rest');
    expect(attribute(operation, 'creator_api.status')).toBe(200);
    const queries = await waitFor(
      'query spans beneath it',
      () => Promise.resolve(collector.spans.filter((span) => span.name === 'pg.query' && span.parentSpanId === operation.spanId)),
      15_000,
    );
    expect(queries.every((span) => span.traceId === operation.traceId)).toBe(true);
    expect(String(attribute(queries[0]!, 'db.query.text'))).toMatch(/\bcreators\b/i);
    // The statement's text only: no key, and no parameter values.
    expect(JSON.stringify(collector.spans)).not.toContain(key);
  });

  it('traces the request log’s batched COPY, its statement only', async () => {
    const response = await fetch(`${instance!.baseUrl}/public/v1/me`, { headers: { authorization: `Bearer ${key}`, 'user-agent': 'tracing-test-agent' } });
    expect(response.status).toBe(200);
    // Written by the instance's own flush, about a second later.
    const copy = await waitFor(
      'the COPY span',
      () => Promise.resolve(collector.spans.find((span) => span.name === 'pg.query' && String(attribute(span, 'db.query.text')).startsWith('COPY "request_logs"'))),
      15_000,
    );
    expect(String(attribute(copy, 'db.query.text'))).toMatch(/FROM STDIN \(FORMAT binary\)$/);
    expect(JSON.stringify(collector.spans)).not.toContain('tracing-test-agent');
  });

  it('marks a refused call with its status and problem type', async () => {
    const response = await fetch(`${instance!.baseUrl}/public/v1/creators/aaaaaaaaaaaaaaaaaaaaaaaa`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(404);
    const requestId = response.headers.get('x-request-id')!;
    const span = await waitFor('the span', () => Promise.resolve(collector.spans.find((s) => attribute(s, 'creator_api.request_id') === requestId)), 15_000);
    expect(span.name).toBe('creators.get');
    expect(attribute(span, 'creator_api.status')).toBe(404);
    expect(attribute(span, 'creator_api.problem')).toBe('not-found');
  });
});
