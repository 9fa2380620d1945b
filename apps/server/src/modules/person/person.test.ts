// /api/person/*: permissions per role, guest-facing shapes that leak nothing, settings, and the
// profile picture through the media pipeline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type TestServer, type RequestOptions } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';
import { auth, EVERYONE, makeRoles, OWNER_ONLY, OWNER_OR_GUEST, ROLES, testRoles, type Role, type RoleCase, type RoleSet } from '../../../test/roles';
import { file, mediaFiles, pictureBytes, withJpegComment } from '../../../test/media-fixtures';
import type { Memorial } from '../../db/schema';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const memorialRow = (id: number) => t.db.selectFrom('memorials').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const basicData = (identifier: string) => ({
  identifier,
  fullname: 'Rosa Elvira Mamani',
  birthdate: '1941-03-14',
  deathdate: '2023-09-05',
  location: 'Cementerio El Ángel, Lima',
  description: 'Siempre con nosotros.',
});

describe('permissions per role', () => {
  const ownerOnly = { P: OWNER_ONLY, U: OWNER_ONLY };
  const guestRead = { P: OWNER_OR_GUEST, U: EVERYONE };
  const changedSetting = async (roles: RoleSet, path: string, fields: Record<string, string>, column: keyof Memorial, options: RequestOptions) => {
    const before = await memorialRow(roles.owner.memorial.id);
    const res = await t.post(path, { identifier: roles.owner.memorial.identifier, ...fields }, options);
    const after = await memorialRow(roles.owner.memorial.id);
    return { status: res.status, data: res.body.data, changed: before[column] !== after[column] };
  };
  const cases: RoleCase[] = [
    {
      name: 'GET verify-type-account',
      expect: { P: EVERYONE, U: EVERYONE },
      run: async (roles, options) => {
        const res = await t.get(`/api/person/verify-type-account?id=${roles.owner.memorial.identifier}`, options);
        return { status: res.status, data: res.body.data };
      },
    },
    {
      name: 'GET get-data-for-guest',
      expect: guestRead,
      run: async (roles, options) => {
        const res = await t.get(`/api/person/get-data-for-guest?id=${roles.owner.memorial.identifier}`, options);
        return { status: res.status, data: res.body.data };
      },
    },
    {
      name: 'GET get-person',
      expect: ownerOnly,
      run: async (roles, options) => {
        const res = await t.get(`/api/person/get-person?identifier=${roles.owner.memorial.identifier}`, options);
        return { status: res.status, data: res.body.data };
      },
    },
    {
      name: 'POST update-basic-data',
      expect: ownerOnly,
      run: async (roles, options) => {
        const res = await t.post('/api/person/update-basic-data', { ...basicData(roles.owner.memorial.identifier), fullname: `Nombre ${Math.random()}` }, options);
        const after = await memorialRow(roles.owner.memorial.id);
        return { status: res.status, data: res.body.data, changed: after.fullname !== roles.owner.memorial.fullname && after.fullname.startsWith('Nombre') };
      },
    },
    {
      name: 'POST update-profile-type',
      expect: ownerOnly,
      run: async (roles, options) => changedSetting(roles, '/api/person/update-profile-type', { type: roles.owner.memorial.type === 'P' ? 'U' : 'P' }, 'type', options),
    },
    {
      name: 'POST update-access-code',
      expect: ownerOnly,
      run: async (roles, options) => changedSetting(roles, '/api/person/update-access-code', { code: `c${Math.floor(Math.random() * 1e6)}` }, 'accessCode', options),
    },
    ...(
      [
        ['picture', 'flagPicture', '0'],
        ['message', 'flagMessage', '0'],
        ['notification', 'flagNotification', '0'],
        ['share-code', 'flagShareCode', '1'],
      ] as const
    ).map(([flag, setting, value]): RoleCase => ({
      name: `POST update-flag-${flag}`,
      expect: ownerOnly,
      run: async (roles, options) => changedSetting(roles, `/api/person/update-flag-${flag}`, { flag: value }, setting, options),
    })),
  ];

  testRoles(() => t.db, cases);

  it('answers 404 for an unknown memorial, to every caller', async () => {
    const roles = await makeRoles(t.db);
    for (const role of ROLES) {
      const res = await t.get('/api/person/get-data-for-guest?id=noexiste123', auth(roles, role));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('No encontramos este perfil');
      expect((await t.get('/api/person/verify-type-account?id=noexiste123', auth(roles, role))).status).toBe(404);
    }
    expect((await t.get('/api/person/get-person?identifier=noexiste123', { token: roles.owner.token })).status).toBe(404);
  });

  const personsExpect: Record<Role, number> = { anonymous: 401, guest: 401, otherGuest: 401, owner: 200, otherOwner: 403 };
  for (const role of ROLES) {
    it(`GET get-persons?email=<owner's> as ${role} → ${personsExpect[role]}`, async () => {
      const roles = await makeRoles(t.db);
      const res = await t.get<{ persons?: { identifier: string }[] }>(`/api/person/get-persons?email=${encodeURIComponent(roles.owner.account.email)}`, auth(roles, role));
      expect(res.status).toBe(personsExpect[role]);
      if (res.status === 200) expect(res.body.data.persons?.map((p) => p.identifier)).toEqual([roles.owner.memorial.identifier]);
      else expect(res.body.data).toEqual({});
    });
  }

  it('get-persons lists only the caller’s memorials, and refuses another e-mail', async () => {
    const roles = await makeRoles(t.db);
    const second = await t.db
      .insertInto('memorials')
      .values({ ...roles.owner.memorial, id: undefined, identifier: `seg${Date.now()}`, fullname: 'Segundo' })
      .returningAll()
      .executeTakeFirstOrThrow();
    const mine = await t.get<{ persons: { identifier: string; fullname: string; profilepath: string }[] }>(
      `/api/person/get-persons?email=${encodeURIComponent(roles.owner.account.email)}`,
      { token: roles.owner.token },
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.persons.map((p) => p.identifier)).toEqual([roles.owner.memorial.identifier, second.identifier]);
    expect(mine.body.data.persons[0]).toEqual({ identifier: roles.owner.memorial.identifier, fullname: roles.owner.memorial.fullname, profilepath: '' });
    const theirs = await t.get(`/api/person/get-persons?email=${encodeURIComponent(roles.other.account.email)}`, { token: roles.owner.token });
    expect(theirs.status).toBe(403);
    expect(theirs.body.data).toEqual({});
    expect((await t.get('/api/person/get-persons', {})).status).toBe(401);
    expect((await t.get('/api/person/get-persons', { guest: roles.guestToken })).status).toBe(401);
    const onOwnersOther = await t.get(
      `/api/person/get-person?identifier=${roles.owner.memorial.identifier}&email=${encodeURIComponent(roles.other.account.email)}`,
      { token: roles.owner.token },
    );
    expect(onOwnersOther.status).toBe(403);
  });
});

describe('response shapes', () => {
  it('gives the owner the settings and guests only the card', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'secreto7', flagPicture: 0 } });
    const guest = await makeGuestToken(t.db, memorial);
    // What a guest sees of the memorial: the card. The owner sees it with the settings.
    const card = {
      fullname: memorial.fullname,
      profilepath: '',
      birthdate: '1941-03-14',
      deathdate: '2023-09-05',
      description: memorial.description,
      location: memorial.location,
    };
    const owner = await t.get(`/api/person/get-person?identifier=${memorial.identifier}`, { token });
    expect(owner.body.data).toEqual({
      personData: {
        identifier: memorial.identifier,
        ...card,
        type: 'P',
        entercode: 'secreto7',
        flagpic: '0',
        flagmsg: '1',
        flagnotification: '1',
        flagsharecode: '0',
      },
    });
    const forGuest = await t.get(`/api/person/get-data-for-guest?id=${memorial.identifier}`, { guest });
    expect(forGuest.body.data).toEqual({ personData: card });
    const type = await t.get(`/api/person/verify-type-account?id=${memorial.identifier}`);
    expect(type.body.data).toEqual({ type: 'P', fullname: memorial.fullname, flagmsg: '1', flagpic: '0' });
    for (const res of [forGuest, type]) expect(JSON.stringify(res.body)).not.toContain('secreto7');
  });
});

describe('settings', () => {
  it('strips whitespace from the access code, refuses 16 characters, and ends guest sessions on change', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'antes' } });
    const guest = await makeGuestToken(t.db, memorial);
    expect((await t.get(`/api/person/get-data-for-guest?id=${memorial.identifier}`, { guest })).status).toBe(200);

    const same = await t.post('/api/person/update-access-code', { identifier: memorial.identifier, code: ' an tes ' }, { token });
    expect(same.status).toBe(200);
    // 'an tes' → 'antes' is no change: visitors stay signed in.
    expect((await t.get(`/api/person/get-data-for-guest?id=${memorial.identifier}`, { guest })).status).toBe(200);

    const tooLong = await t.post('/api/person/update-access-code', { identifier: memorial.identifier, code: 'a'.repeat(16) }, { token });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('El código de acceso puede tener como máximo 15 caracteres');
    const fifteen = await t.post('/api/person/update-access-code', { identifier: memorial.identifier, code: ' abc de\tfgh ijklmno ' }, { token });
    expect(fifteen.status).toBe(200);
    expect(fifteen.body.data).toMatchObject({ personData: { entercode: 'abcdefghijklmno' } });
    expect((await memorialRow(memorial.id)).accessCodeVersion).toBe(memorial.accessCodeVersion + 1);
    const after = await t.get(`/api/person/get-data-for-guest?id=${memorial.identifier}`, { guest });
    expect(after.status).toBe(401);
    expect((await t.get('/api/user/guest/renew-token', { guest })).status).toBe(401);
  });

  it('remembers whether the family sends the access code along, off until chosen (issue 28 §1)', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'rosa2024' } });
    const stored = async () => (await t.get(`/api/person/get-person?identifier=${memorial.identifier}`, { token })).body.data as { personData: { flagsharecode: string } };
    expect((await stored()).personData.flagsharecode).toBe('0');
    const on = await t.post('/api/person/update-flag-share-code', { identifier: memorial.identifier, flag: '1' }, { token });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ personData: { flagsharecode: '1', entercode: 'rosa2024' } });
    expect((await stored()).personData.flagsharecode).toBe('1');
    // Another of the account's settings keeps the choice.
    await t.post('/api/person/update-access-code', { identifier: memorial.identifier, code: 'nueva' }, { token });
    expect((await stored()).personData.flagsharecode).toBe('1');
    await t.post('/api/person/update-flag-share-code', { identifier: memorial.identifier, flag: '0' }, { token });
    expect((await stored()).personData.flagsharecode).toBe('0');
  });

  it('refuses bad values with the shared messages and changes nothing', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'P' } });
    const bad: [string, Record<string, string>, string][] = [
      ['/api/person/update-profile-type', { type: 'X' }, 'El estado de perfil debe ser privado o público'],
      ['/api/person/update-flag-picture', { flag: '2' }, 'El valor debe ser 1 o 0'],
      ['/api/person/update-flag-message', { flag: '' }, 'El valor debe ser 1 o 0'],
      ['/api/person/update-flag-share-code', { flag: 'sí' }, 'El valor debe ser 1 o 0'],
      ['/api/person/update-access-code', { code: '   ' }, 'Ingresa el código de acceso'],
    ];
    for (const [path, fields, message] of bad) {
      const res = await t.post(path, { identifier: memorial.identifier, ...fields }, { token });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await memorialRow(memorial.id)).toEqual(memorial);
  });
});

describe('update-basic-data', () => {
  it('validates real dates and the limits of spec §5, one past each edge', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const base = basicData(memorial.identifier);
    const bad: [Partial<typeof base>, string][] = [
      [{ fullname: 'a'.repeat(61) }, 'El nombre puede tener como máximo 60 caracteres'],
      [{ fullname: '   ' }, 'Ingresa el nombre de tu ser querido'],
      [{ location: 'a'.repeat(101) }, 'La ubicación puede tener como máximo 100 caracteres'],
      [{ description: 'a'.repeat(501) }, 'El epitafio puede tener como máximo 500 caracteres'],
      [{ description: '' }, 'Ingresa el epitafio'],
      [{ birthdate: '2023-02-30' }, 'Ingresa una fecha de nacimiento válida'],
      [{ birthdate: '1899-12-31' }, 'Ingresa una fecha de nacimiento válida'],
      [{ deathdate: '2999-01-01' }, 'Ingresa una fecha de partida válida'],
      [{ birthdate: '2023-09-06' }, 'La fecha de partida no puede ser anterior a la de nacimiento'],
    ];
    for (const [change, message] of bad) {
      const res = await t.post('/api/person/update-basic-data', { ...base, ...change }, { token });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await memorialRow(memorial.id)).toEqual(memorial);

    const edge = { ...base, fullname: 'a'.repeat(60), location: 'b'.repeat(100), description: 'c'.repeat(500), birthdate: '1900-01-01' };
    const ok = await t.post('/api/person/update-basic-data', edge, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ profilepath: '' });
    expect(await memorialRow(memorial.id)).toMatchObject({ fullname: edge.fullname, location: edge.location, description: edge.description, birthdate: '1900-01-01' });
  });

  it('stores a new profile picture re-encoded at 300×300 with WebP sizes, without its metadata, and removes the old one', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const jpeg = withJpegComment(await pictureBytes({ width: 1200, height: 900, exif: { Copyright: 'exif-secreto' }, gps: true }), 'comentario-secreto');
    const first = await t.post<{ profilepath: string }>(
      '/api/person/update-basic-data',
      { ...basicData(memorial.identifier), picture: file(jpeg, 'perfil.jpg', 'image/jpeg') },
      { token },
    );
    expect(first.status).toBe(200);
    const path1 = first.body.data.profilepath;
    expect(path1).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\.jpg$/);
    const served = Buffer.from(await (await fetch(t.url + path1)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.comments).toBeUndefined();
    expect(served.includes('exif-secreto')).toBe(false);
    expect(served.includes('comentario-secreto')).toBe(false);
    for (const width of [130, 260, 300]) {
      const webp = await fetch(t.url + path1.replace('.jpg', `-${width}.webp`));
      expect(webp.status).toBe(200);
      expect(webp.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(width);
    }
    const owner = await t.get<{ personData: { profilepath: string } }>(`/api/person/get-person?identifier=${memorial.identifier}`, { token });
    expect(owner.body.data.personData.profilepath).toBe(path1);

    const png = await pictureBytes({ format: 'png', width: 400, height: 400 });
    const second = await t.post<{ profilepath: string }>(
      '/api/person/update-basic-data',
      { ...basicData(memorial.identifier), picture: file(png, 'otra.png') },
      { token },
    );
    expect(second.status).toBe(200);
    expect(second.body.data.profilepath).not.toBe(path1);
    expect((await fetch(t.url + path1)).status).toBe(404);
    const key2 = second.body.data.profilepath.slice('/media/'.length, -'.jpg'.length);
    expect(await mediaFiles(t.ctx.media)).toEqual(
      expect.arrayContaining([`${key2}.jpg`, `${key2}-130.webp`, `${key2}-260.webp`, `${key2}-300.webp`]),
    );
    expect((await mediaFiles(t.ctx.media)).filter((f) => f.startsWith(path1.slice(7, 29)))).toEqual([]);
  });

  it('refuses a file that is not a PNG or JPEG, whatever its name, and keeps nothing', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const before = await mediaFiles(t.ctx.media);
    const fakes = [
      file(Buffer.from('<html><script>alert(1)</script></html>'), 'foto.jpg', 'image/jpeg'),
      file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'foto.jpg', 'image/jpeg'),
      file(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'foto.png', 'image/png'),
      file((await pictureBytes()).subarray(0, 600), 'cortada.jpg', 'image/jpeg'),
    ];
    for (const picture of fakes) {
      const res = await t.post('/api/person/update-basic-data', { ...basicData(memorial.identifier), fullname: 'Cambiado', picture }, { token });
      expect(res.status, picture.filename).toBe(400);
      expect(res.body.message).toBe('La foto debe ser una imagen PNG o JPG');
    }
    expect(await memorialRow(memorial.id)).toEqual(memorial);
    expect(await mediaFiles(t.ctx.media)).toEqual(before);
  });
});
