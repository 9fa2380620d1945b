// The published lists are cached under memorials.content_version, which a trigger bumps on any change
// of a post: even a change made outside the service code (another instance, an operator's SQL) shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeOwner } from '../../../test/factories';
import { insertPost } from './content.repository';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

async function version(memorialId: number): Promise<number> {
  const row = await t.db.selectFrom('memorials').select('contentVersion').where('id', '=', memorialId).executeTakeFirstOrThrow();
  return row.contentVersion;
}

async function ownerList(identifier: string): Promise<string[]> {
  const res = await t.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${identifier}`);
  expect(res.status).toBe(200);
  return res.body.data.posts.map((p) => p.text);
}

describe('post list cache', () => {
  it('bumps the version on insert, update and delete of a post', async () => {
    const { memorial } = await makeOwner(t.db);
    const v0 = await version(memorial.id);
    const post = await insertPost(t.db, { memorialId: memorial.id, authorKind: 'owner', authorName: 'Familia', authorEmail: null, text: 'uno', mediaKey: null, mediaKind: null, state: 'approved', approvedAt: null });
    const v1 = await version(memorial.id);
    expect(v1).toBeGreaterThan(v0);
    await t.db.updateTable('posts').set({ text: 'dos' }).where('id', '=', post.id).execute();
    const v2 = await version(memorial.id);
    expect(v2).toBeGreaterThan(v1);
    await t.db.deleteFrom('posts').where('id', '=', post.id).execute();
    expect(await version(memorial.id)).toBeGreaterThan(v2);
  });

  it('never serves a list older than the posts, however they changed', async () => {
    const { memorial } = await makeOwner(t.db);
    const base = { memorialId: memorial.id, authorKind: 'owner' as const, authorName: 'Familia', authorEmail: null, mediaKey: null, mediaKind: null, state: 'approved' as const, approvedAt: null };
    const first = await insertPost(t.db, { ...base, text: 'primero' });
    expect(await ownerList(memorial.identifier)).toEqual(['primero']);
    // Served twice from the cache, then changed behind the service's back.
    expect(await ownerList(memorial.identifier)).toEqual(['primero']);
    await t.db.updateTable('posts').set({ text: 'primero (editado)' }).where('id', '=', first.id).execute();
    expect(await ownerList(memorial.identifier)).toEqual(['primero (editado)']);
    await insertPost(t.db, { ...base, text: 'segundo' });
    expect(await ownerList(memorial.identifier)).toEqual(['segundo', 'primero (editado)']);
    await t.db.updateTable('posts').set({ place: 99 }).where('id', '=', first.id).execute();
    expect(await ownerList(memorial.identifier)).toEqual(['primero (editado)', 'segundo']);
    await t.db.deleteFrom('posts').where('id', '=', first.id).execute();
    expect(await ownerList(memorial.identifier)).toEqual(['segundo']);
  });
});
