import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

const run = promisify(execFile);

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Record<string, any>;

  beforeAll(async () => {
    t = await startTestApp();
    doc = await (await t.request('/openapi.json')).json();
  });
  afterAll(() => t.close());

  it('is served at /openapi.json and /public/v1/openapi.json', async () => {
    const again = await (await t.request('/public/v1/openapi.json')).json();
    expect(again).toEqual(doc);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers[0].url).toMatch(/\/public\/v1$/);
  });

  it('documents bearer security, the envelope, problem+json errors and required scopes', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [pathKey, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const where = `${method.toUpperCase()} ${pathKey}`;
        expect(operation.security, where).toEqual([{ bearerAuth: [] }]);
        expect(operation.description, where).toMatch(/\*\*Access:\*\*/);
        // 403 only where something can refuse an authenticated caller: not GET /me (any key, any entitlement).
        for (const status of ['400', '401', ...(where === 'GET /me' ? [] : ['403']), '429', '500']) {
          expect(operation.responses[status], `${where} ${status}`).toEqual({ $ref: `#/components/responses/Problem${status}` });
        }
        const [successStatus, success] = Object.entries<any>(operation.responses).find(([status]) => status.startsWith('2'))!;
        // 204 (DELETE) has no body; every other success is the envelope.
        if (successStatus === '204') expect(success.content, where).toBeUndefined();
        else expect(success.content['application/json'].schema.required, where).toContain('request_id');
        expect(success.headers['RateLimit-Limit'], where).toBeDefined();
      }
    }
    expect(doc.components.responses.Problem401.content['application/problem+json']).toBeDefined();
  });

  it('passes redocly lint (recommended-strict) with no errors and no warnings', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-'));
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const result = await run('npx', ['--no-install', 'redocly', 'lint', file, '--config', path.resolve('redocly.yaml'), '--format', 'json'], {
      maxBuffer: 20 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: { stdout: string; stderr: string }) => error);
    const report = JSON.parse(result.stdout) as { totals: { errors: number }; problems: { severity: string; message: string; location: unknown }[] };
    expect(report.problems, JSON.stringify(report.problems, null, 2)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect((report.totals as { warnings?: number }).warnings).toBe(0);
  }, 60_000);
});
