import { getInputOutputParsers, type OpenApiProcedure } from 'trpc-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../../src/server/routers/app';
import type { OperationExamples } from '../../src/server/trpc/meta';
import { forEachApiOperation } from '../../src/server/trpc/operations';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The published document is complete, checked mechanically so that new operations are held to the
 * same bar: every schema property and parameter described, a request and a response example on
 * every operation (valid against the operation's own zod schemas), the conditional-request and
 * idempotency headers declared where the API honours them, RateLimit-* on every response that
 * carries them, and response enums equal to request enums.
 */
type Json = Record<string, any>;

describe('OpenAPI document completeness', () => {
  let t: TestApp;
  let doc: Json;
  const operations: { key: string; method: string; path: string; op: Json }[] = [];

  const deref = (node: Json): Json => {
    if (!node?.$ref) return node;
    const target = (node.$ref as string).replace('#/', '').split('/').reduce((acc: Json, part) => acc[part], doc);
    return deref(target);
  };

  beforeAll(async () => {
    t = await startTestApp();
    doc = await (await t.request('/openapi.json')).json();
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op });
    }
  });
  afterAll(() => t.close());

  it('describes every schema property, at any depth, and every parameter', () => {
    const missing: string[] = [];
    const walk = (schema: Json | undefined, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
        const described = property.description ?? (property.$ref ? deref(property).description : undefined);
        if (!described) missing.push(`${where}.${name}`);
        walk(property, `${where}.${name}`);
      }
      for (const key of ['items', 'additionalProperties']) if (schema[key] && typeof schema[key] === 'object') walk(schema[key], `${where}[]`);
      for (const key of ['anyOf', 'oneOf', 'allOf']) for (const [i, sub] of (schema[key] ?? []).entries()) walk(sub, `${where}|${i}`);
    };
    for (const [name, schema] of Object.entries<Json>(doc.components.schemas)) walk(schema, name);
    for (const { key, op } of operations) {
      for (const media of Object.values<Json>(op.requestBody?.content ?? {})) walk(media.schema, `${key} body`);
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        for (const media of Object.values<Json>(deref(response).content ?? {})) walk(media.schema, `${key} ${status}`);
      }
      for (const parameter of op.parameters ?? []) if (!deref(parameter).description) missing.push(`${key} parameter ${parameter.name}`);
    }
    expect(missing).toEqual([]);
  });

  it('has a request and a response example for every operation, valid against its zod schemas', () => {
    const procedures = new Map<string, OpenApiProcedure>();
    const examples = new Map<string, OperationExamples>();
    forEachApiOperation(appRouter, ({ meta, procedure }) => {
      procedures.set(`${meta.openapi.method} ${meta.openapi.path}`, procedure);
      if (meta.examples) examples.set(`${meta.openapi.method} ${meta.openapi.path}`, meta.examples);
    });
    expect([...examples.keys()].sort(), 'examples in every operation’s meta').toEqual([...procedures.keys()].sort());

    for (const { key, op } of operations) {
      const example = examples.get(key)!;
      const { inputParser, outputParser } = getInputOutputParsers(procedures.get(key)!) as { inputParser: z.ZodType; outputParser: z.ZodType };
      const multipart = Boolean(op.requestBody?.content?.['multipart/form-data']);
      if (!multipart) {
        const parsed = inputParser.safeParse(example.request);
        expect(parsed.success, `${key} request example: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
      const output = outputParser.safeParse(example.response);
      expect(output.success, `${key} response example: ${JSON.stringify(output.error?.issues)}`).toBe(true);
      // Output schemas strip unknown keys: an example with a property the API never sends would pass silently.
      expect(output.data, `${key} response example has properties the schema lacks`).toEqual(example.response);

      for (const media of Object.values<Json>(op.requestBody?.content ?? {})) expect(media.example, `${key} request body example`).toBeDefined();
      for (const parameter of op.parameters ?? []) {
        const p = deref(parameter);
        if (p.in === 'path' || p.required) expect(p.example, `${key} parameter ${p.name} example`).toBeDefined();
      }
      const success = op.responses[String(example.status)];
      if (example.status === 204) continue; // No content, no example.
      expect(success?.content?.['application/json']?.example, `${key} ${example.status} example`).toMatchObject({ request_id: expect.any(String) });
    }
  });

  it('declares Idempotency-Key on every POST and PATCH, If-Match and 412 on every PATCH, and the replay header', () => {
    for (const { key, method, op } of operations) {
      const headerParams = (op.parameters ?? []).map((p: Json) => deref(p)).filter((p: Json) => p.in === 'header').map((p: Json) => p.name);
      if (method === 'POST' || method === 'PATCH') {
        expect(headerParams, key).toContain('Idempotency-Key');
        expect(op.responses['409'], key).toBeDefined();
        expect(op.responses['422'], key).toBeDefined();
        for (const [status, response] of Object.entries<Json>(op.responses)) {
          if (status.startsWith('2')) expect(response.headers['Idempotent-Replayed'], `${key} ${status}`).toBeDefined();
        }
      }
      if (method === 'PATCH') {
        expect(headerParams, key).toContain('If-Match');
        expect(op.responses['412'], key).toBeDefined();
        expect(op.responses['200'].headers.ETag, key).toBeDefined();
      }
    }
  });

  it('declares ETag, If-None-Match and 304 on every single-resource GET, and none on lists', () => {
    for (const { key, method, op } of operations) {
      if (method !== 'GET') continue;
      const data = deref(op.responses['200'].content['application/json'].schema.properties.data);
      const single = data.type === 'object' && !op.responses['200'].content['application/json'].schema.properties.meta;
      expect(Boolean(op.responses['200'].headers.ETag), key).toBe(single);
      expect(Boolean(op.responses['304']), key).toBe(single);
      expect((op.parameters ?? []).some((p: Json) => deref(p).name === 'If-None-Match'), key).toBe(single);
    }
  });

  it('declares RateLimit-* on every response that carries them (4xx too) and Location on every 202', () => {
    // 503 can be answered before the limit was counted (the key lookup needed the database).
    const withoutRateLimit = new Set(['401', '405', '413', '415', '503']);
    for (const { key, op } of operations) {
      for (const [status, ref] of Object.entries<Json>(op.responses)) {
        const response = deref(ref);
        const headers = Object.keys(response.headers ?? {});
        if (status === '503') expect(headers, `${key} 503`).toEqual(expect.arrayContaining(['X-Request-Id', 'Retry-After']));
        if (withoutRateLimit.has(status)) continue;
        expect(headers, `${key} ${status}`).toEqual(expect.arrayContaining(['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
        if (status === '202') expect(headers, `${key} 202`).toContain('Location');
        if (status === '429') expect(headers, `${key} 429`).toContain('Retry-After');
      }
    }
  });

  it('answers with the same enums it accepts (a field named alike in request and response)', () => {
    const mismatches: string[] = [];
    for (const { key, op } of operations) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (!body) continue;
      const requestProps = deref(body).properties ?? {};
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        if (!status.startsWith('2')) continue;
        const data = deref(response.content['application/json'].schema.properties.data);
        for (const [name, requested] of Object.entries<Json>(requestProps)) {
          const answered = data.properties?.[name];
          if (!answered) continue;
          const enumOf = (s: Json): unknown[] | undefined => deref(s).enum ?? (deref(s).items ? deref(deref(s).items).enum : undefined) ?? deref(s).anyOf?.map((x: Json) => enumOf(x)).find(Boolean);
          const [a, b] = [enumOf(requested), enumOf(answered)];
          if (a && JSON.stringify([...a].sort()) !== JSON.stringify([...(b ?? [])].sort())) mismatches.push(`${key} ${name}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('asks for the bearer key at the top level (the /docs try-it panel) and documents every problem type', () => {
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const types = doc.components.schemas.Problem.properties.type.enum as string[];
    for (const slug of ['idempotency-key-reused', 'idempotency-key-in-use', 'precondition-failed']) {
      expect(types).toContain(`https://creator-api.dev/problems/${slug}`);
    }
  });
});
