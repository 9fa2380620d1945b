// A NUL character in a query or a path is refused at the door with a Spanish 400; in a field it is
// taken out (as the text rules of issue 12 §9 take it out of names and messages). PostgreSQL refuses
// NUL in text (SQLSTATE 22021): before this, an identifier such as `a%00b` made every read of spec §7,
// and several writes, fail as a 500 there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';
import { makeOwner } from '../../test/factories';
import { file, pictureBytes } from '../../test/media-fixtures';
import { MESSAGES_HTTP } from '../http/errors';

const NUL = 'a\u0000b';

describe('a NUL character anywhere in a request', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('in a query: every read answers 400 in Spanish, on SQLite and PostgreSQL alike', async () => {
    const { token } = await makeOwner(t.db);
    const reads = [
      '/content/get-admin-posts',
      '/content/get-admin-posts-for-guest',
      '/content/get-guest-approved-posts',
      '/content/get-guest-approved-posts-for-guest',
      '/content/get-guest-pending-posts',
      '/contract/get-disclaimers',
      '/gift/get-gifts',
      '/gift/get-gifts-for-guest',
      '/person/get-data-for-guest',
      '/person/get-person',
      '/person/verify-type-account',
      '/visit/get-visits',
    ];
    for (const read of reads) {
      const res = await t.get(`/api${read}?identifier=${encodeURIComponent(NUL)}&id=${encodeURIComponent(NUL)}`, { token });
      expect({ read, status: res.status, message: res.body.message }).toEqual({ read, status: 400, message: MESSAGES_HTTP.invalidCharacters });
    }
    expect((await t.get(`/api/user/${encodeURIComponent(NUL)}`)).status).toBe(400);
  });

  it('in a JSON, url-encoded or multipart field: taken out, never a 500', async () => {
    const { token, memorial } = await makeOwner(t.db);
    // Each is refused as for any identifier that names nothing (these were 500s on PostgreSQL).
    const writes: [string, Record<string, string>][] = [
      ['/user/guest/login', { identifier: NUL, accessCode: 'abcd' }],
      ['/user/renew-token', { identifier: NUL, profilePath: '' }],
      ['/gift/update-gift', { identifier: NUL, type: 'V' }],
      ['/content/update-cards-order', { identifier: NUL }],
      ['/visit/count-visit', { identifier: NUL }],
    ];
    for (const as of ['multipart', 'json', 'form'] as const) {
      for (const [path, body] of writes) {
        const res = await t.post(`/api${path}`, body, { token, as });
        expect({ path, as, refused: res.status >= 400 && res.status < 500 }).toEqual({ path, as, refused: true });
      }
    }
    // The session survived every refused renewal.
    expect((await t.get('/api/person/get-persons', { token })).status).toBe(200);
    const res = await t.post('/api/person/update-basic-data', {
        identifier: memorial.identifier,
        fullname: `Rosa${NUL} Paz`,
        birthdate: '1941-03-14',
        deathdate: '2023-09-05',
        location: `Cementerio El Ángel${NUL}`,
        description: 'Siempre con nosotros.',
      }, { token });
    expect(res.status).toBe(200);
    const row = await t.db.selectFrom('memorials').select(['fullname', 'location']).where('id', '=', memorial.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ fullname: 'Rosaab Paz', location: 'Cementerio El Ángelab' });
  });

  it('in a field sent with a photo: taken out of the saved text', async () => {
    const { token, memorial } = await makeOwner(t.db);
    const picture = file(await pictureBytes({}), 'foto.jpg', 'image/jpeg');
    // The text after the file: the photo has been stored by the time the field is read.
    const res = await t.post('/api/content/save-admin-message', { identifier: memorial.identifier, postPicture: picture, message: `Te ${NUL} extrañamos` }, { token });
    expect(res.status).toBe(200);
    const posts = await t.db.selectFrom('posts').select('text').where('memorialId', '=', memorial.id).execute();
    expect(posts).toEqual([{ text: 'Te ab extrañamos' }]);
  });
});
