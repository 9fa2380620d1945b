// The bell's count (issue 28 §4): one small request, a full list reload only when the count differs
// from it. When it is asked (every minute while visible, on return, never while hidden): e2e
// account-moderation.
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { mockApi, storeUser } from '../../test/render';
import { accountKeys } from './keys';
import { pendingCountQueryOptions, pendingPostsQueryOptions, type PendingItem } from './get-pending-posts';

const item = (reg: string): PendingItem => ({ id: `mem-1|${reg}`, reg, date: reg, fullname: 'Lucía', text: 'Hola', path: '' });

describe('the pending count', () => {
  it('reloads the list only when the count says it changed', async () => {
    storeUser();
    let count = 1;
    const calls = mockApi({ 'GET /content/count-guest-pending-posts': () => ({ code: '200', data: { count } }) });
    const client = createQueryClient();
    client.setQueryData(accountKeys.pendingPosts('mem-1'), [item('a')]);
    const listState = () => client.getQueryState(accountKeys.pendingPosts('mem-1'));

    expect(await client.query({ ...pendingCountQueryOptions('mem-1'), staleTime: 0 })).toBe(1);
    expect(listState()?.isInvalidated).toBe(false);
    count = 2;
    expect(await client.query({ ...pendingCountQueryOptions('mem-1'), staleTime: 0 })).toBe(2);
    expect(listState()?.isInvalidated).toBe(true);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /content/count-guest-pending-posts', 'GET /content/count-guest-pending-posts']);
  });

  it('is known from the list, so opening the page asks nothing more', async () => {
    storeUser();
    const calls = mockApi({ 'GET /content/get-guest-pending-posts': () => ({ code: '200', data: { posts: [item('a'), item('b')] } }) });
    const client = createQueryClient();
    await client.query(pendingPostsQueryOptions('mem-1'));
    expect(client.getQueryData(accountKeys.pendingCount('mem-1'))).toBe(2);
    expect(await client.query(pendingCountQueryOptions('mem-1'))).toBe(2);
    expect(calls.map((c) => c.path)).toEqual(['/content/get-guest-pending-posts']);
  });

});
