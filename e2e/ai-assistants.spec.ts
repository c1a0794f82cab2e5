import { expect, test } from '@playwright/test';

test('the AI assistant docs show client snippets for this deployment and every tool', async ({ page, request, baseURL }) => {
  await page.goto('/docs/ai-assistants');
  await expect(page.getByRole('heading', { level: 1, name: 'Use with an AI assistant' })).toBeVisible();
  for (const client of ['Claude Code', 'Claude Desktop', 'Cursor', 'VS Code (GitHub Copilot agent mode)']) {
    await expect(page.getByRole('heading', { level: 3, name: client })).toBeVisible();
  }
  await expect(page.getByText(`claude mcp add --transport http creator-api ${baseURL}/mcp`)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'link_in_bio_save_block' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'creators_create' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Hosted assistants (custom connectors with OAuth)' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Resource and prompt' })).toBeVisible();

  // The discovery card and the endpoint are served under the same server as the pages.
  const card = await request.get('/.well-known/mcp.json');
  expect(card.status()).toBe(200);
  expect((await card.json()).transport.url).toBe(`${baseURL}/mcp`);
  const unauthenticated = await request.post('/mcp', { data: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
  expect(unauthenticated.status()).toBe(401);
  expect(unauthenticated.headers()['www-authenticate']).toContain('Bearer');
  expect(unauthenticated.headers()['www-authenticate']).toContain(`resource_metadata="${baseURL}/.well-known/oauth-protected-resource/mcp"`);
  const metadata = await request.get('/.well-known/oauth-protected-resource/mcp');
  expect(metadata.status()).toBe(200);
  expect((await metadata.json()).resource).toBe(`${baseURL}/mcp`);
});
