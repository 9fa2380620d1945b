// Issue 26 §4: two instances on one database (PostgreSQL with TEST_DB=postgres) and one S3 bucket
// (s3rver, or TEST_S3_URL's) share the conversion queue: a video sent to one is converted by the
// other, which downloads the original to its own scratch folder, converts, and uploads the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../test/helper';
import { makeOwner } from '../../test/factories';
import { file, mediaFiles, objectNameOf, phoneVideo } from '../../test/media-fixtures';
import { realBucket, startS3rver, type TestS3 } from '../../test/s3';
import { drainConversions, videoConvertJob } from './video-conversion';

let s3: TestS3;
let first: TestServer;
let second: TestServer;
// The queue is drained by the test alone.
const jobs = [{ ...videoConvertJob, cron: '0 0 1 1 *' }];

beforeAll(async () => {
  s3 = realBucket() ?? (await startS3rver());
  first = await startTestServer({ s3, jobs });
  second = await startTestServer({ shareWith: first, jobs });
  first.ctx.jobs.soon = () => Promise.resolve();
});
afterAll(async () => {
  await second.close();
  await first.close();
  await s3.close();
});

describe('two instances on one bucket', () => {
  it('converts on the second instance a video sent to the first; both then serve the converted video, and no original is left', async () => {
    expect(first.ctx.media.kind).toBe('s3');
    const { memorial, token } = await makeOwner(first.db, { memorial: { type: 'U' } });
    const res = await first.post('/api/content/save-admin-message', { identifier: memorial.identifier, message: '', postVideo: file(phoneVideo('mpeg4-3gp'), 'VID0001.3gp', 'video/3gpp') }, { token });
    expect(res.status).toBe(200);
    // Nothing to take on the first instance's behalf twice: the second takes it, the first then finds none.
    expect(await drainConversions(second.ctx, { perInstance: 1, threads: 1 })).toEqual({ converted: 1, failed: 0 });
    expect(await drainConversions(first.ctx, { perInstance: 1, threads: 1 })).toEqual({ converted: 0, failed: 0 });
    for (const server of [first, second]) {
      const posts = (await server.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}`)).body.data.posts;
      expect(posts).toHaveLength(1);
      const served = await fetch(server.url + (posts[0]?.path ?? ''));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('video/mp4');
    }
    expect((await mediaFiles(first.ctx.media)).filter((name) => name.endsWith('-original.video') || name.startsWith('.tmp/'))).toEqual([]);
    const key = objectNameOf((await first.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${memorial.identifier}`)).body.data.posts[0]?.path ?? '');
    expect(key).toMatch(/^[\w-]{22}\.mp4$/);
  });
});
