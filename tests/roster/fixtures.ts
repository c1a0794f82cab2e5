import type { TestApp } from '../support/app';

/** Adds a roster creator through the real API and returns its id and default kit. */
export async function addRosterCreator(t: TestApp, key: string, body: Record<string, unknown>) {
  const response = await t.request('/public/v1/creators', { method: 'POST', key, json: body });
  if (response.status !== 201 && response.status !== 200) throw new Error(`POST /creators → ${response.status}: ${await response.text()}`);
  const { data } = await response.json();
  return { creatorId: data.creator.id as string, mediaKitId: data.media_kit.id as string, creator: data.creator };
}
