import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/**
 * The image's Node.js (issue 27, ARCHITECTURE.md "Next in the server process"). Next keeps its
 * request state in AsyncLocalStorage stores; once it has rendered a page they are enabled for the
 * life of the process. Before Node 24 every enabled store is copied onto every async resource any
 * request creates (an async_hooks init hook), so the share pages and the API — which never touch
 * those stores — paid for them on every request. Node 24 carries the context in one frame instead.
 */
const MIN_NODE_MAJOR = 24;

describe('the production image', () => {
  it(`runs Node.js ${MIN_NODE_MAJOR} or later in every stage`, async () => {
    const dockerfile = await readFile('Dockerfile', 'utf8');
    const stages = [...dockerfile.matchAll(/^FROM\s+node:(\d+)\S*/gm)].map((match) => Number(match[1]));
    expect(stages.length).toBeGreaterThan(0);
    expect(stages.filter((major) => major < MIN_NODE_MAJOR)).toEqual([]);
    // No stage from another base image that would bring its own Node.
    expect([...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((match) => match[1]).filter((image) => !image!.startsWith('node:'))).toEqual([]);
  });
});
