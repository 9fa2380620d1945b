// GET /api/person/export: the owner alone downloads the memorial's ZIP, which holds its data (JSON
// and an HTML page in Spanish), every published post and their media — and nothing pending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeMemorial, makeOwner } from '../../../test/factories';
import { file, mp4Bytes, pictureBytes } from '../../../test/media-fixtures';
import { OWNER_ONLY, testRoles } from '../../../test/roles';
import { readZip, type ZipEntry } from '../../../test/zip-reader';
import { archiveName, mediaFileName, slug } from './export.presenter';
import { EXPORT_TICKET_TTL_MS, createExportTicket } from './export.service';
import { redactUrl } from '../../http/logging';
import { findUserSession } from '../../auth/sessions';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

async function download(identifier: string, headers: Record<string, string> = {}) {
  return fetch(`${t.url}/api/person/export?identifier=${encodeURIComponent(identifier)}`, { headers: { accept: 'application/json', ...headers } });
}

describe('who may download the archive', () => {
  testRoles(() => t.db, [
    {
      name: 'GET /person/export',
      expect: { P: OWNER_ONLY, U: OWNER_ONLY },
      async run(roles, options) {
        const headers: Record<string, string> = {};
        if (options.token) headers.token = options.token;
        if (options.guest) headers.guest = options.guest;
        const res = await download(roles.owner.memorial.identifier, headers);
        if (res.status === 200) {
          expect(res.headers.get('content-type')).toBe('application/zip');
          return { status: res.status, data: readZip(Buffer.from(await res.arrayBuffer())).length };
        }
        const body = (await res.json()) as { code: string; data: unknown };
        expect(body.code).toBe(String(res.status));
        return { status: res.status, data: body.data };
      },
    },
    {
      name: 'POST /person/export-ticket',
      expect: { P: OWNER_ONLY, U: OWNER_ONLY },
      async run(roles, options) {
        const res = await t.post<{ url?: string }>('/api/person/export-ticket', { identifier: roles.owner.memorial.identifier }, options);
        return { status: res.status, data: res.body.data };
      },
    },
  ]);

  it('answers 404 for an unknown memorial and 400 without an identifier', async () => {
    const { token } = await makeOwner(t.db);
    const unknown = await download('no-existe-123', { token });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('No encontramos este perfil');
    const missing = await fetch(`${t.url}/api/person/export`, { headers: { token } });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe('Indica el perfil');
  });
});

describe('what the archive holds', () => {
  function entry(entries: ZipEntry[], name: string): ZipEntry {
    const found = entries.find((e) => e.name === name);
    if (!found) throw new Error(`${name} is not in the archive: ${entries.map((e) => e.name).join(', ')}`);
    return found;
  }

  it('holds the data, every published post with its media, and nothing pending', async () => {
    const { memorial, token } = await makeOwner(t.db, {
      memorial: { fullname: 'Rosa Mamaní Huamán', type: 'P', accessCode: 'rosas', flagNotification: 0, candles: 7, flowers: 3 },
    });
    const guest = await makeGuestToken(t.db, memorial);
    const id = memorial.identifier;
    const photo = await pictureBytes({ width: 600, height: 600 });
    const video = mp4Bytes(300_000);

    expect((await t.post('/api/person/update-basic-data', {
      identifier: id, fullname: 'Rosa Mamaní Huamán', birthdate: '1941-03-14', deathdate: '2023-09-05',
      location: 'Cementerio El Ángel, Lima', description: 'Tu amor vive en nosotros & en <cada> flor.',
      picture: file(photo, 'perfil.jpg', 'image/jpeg'),
    }, { token })).status).toBe(200);
    expect((await t.postJson('/api/events/save', { identifier: id, kind: 'misa-30', date: '2023-10-05', time: '19:00', place: 'Parroquia San Antonio <Miraflores>', mapUrl: 'https://maps.google.com/?q=-12.12,-77.03' }, { token })).status).toBe(200);
    expect((await t.postJson('/api/events/save', { identifier: id, kind: 'otro', title: 'Responso', date: '2023-09-06', time: '', place: 'Casa familiar' }, { token })).status).toBe(200);
    expect((await t.post('/api/content/save-admin-message', { identifier: id, message: 'Te extrañamos, mamá' }, { token })).status).toBe(200);
    expect((await t.post('/api/content/save-admin-message', { identifier: id, message: 'En la playa', postPicture: file(photo, 'playa.jpg', 'image/jpeg') }, { token })).status).toBe(200);
    expect((await t.post('/api/content/save-admin-message', { identifier: id, message: ' ', postVideo: file(video, 'cumple.mp4', 'video/mp4') }, { token })).status).toBe(200);
    expect((await t.post('/api/content/save-guest-message', { identifier: id, fullname: 'Lucía', email: 'lucia@ejemplo.pe', message: 'Gracias por todo, tía', postPicture: file(photo, 'tia.jpg', 'image/jpeg') }, { guest })).status).toBe(200);
    expect((await t.post('/api/content/save-guest-message', { identifier: id, fullname: 'Pedro', message: 'Aún pendiente' }, { guest })).status).toBe(200);
    const pending = await t.get<{ posts: { reg: string; fullname: string }[] }>(`/api/content/get-guest-pending-posts?identifier=${id}`, { token });
    const lucia = pending.body.data.posts.find((p) => p.fullname === 'Lucía');
    expect((await t.post('/api/content/approve-message', { identifier: id, date: lucia?.reg ?? '' }, { token, as: 'json' })).status).toBe(200);

    const res = await download(id, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="recuerdos-rosa-mamani-huaman.zip"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    const folder = 'recuerdos-rosa-mamani-huaman';
    expect(entries.map((e) => e.name).sort()).toEqual(
      [
        'foto-de-perfil.jpg',
        'fotos/familia-002.jpg',
        'fotos/visitas-001.jpg',
        'index.html',
        'recuerdos.json',
        'videos/familia-001.mp4',
      ].map((name) => `${folder}/${name}`),
    );

    // The video is the very file that was uploaded, stored without recompression.
    const videoEntry = entry(entries, `${folder}/videos/familia-001.mp4`);
    expect(videoEntry.method).toBe(0);
    expect(videoEntry.data.equals(video)).toBe(true);
    expect(entry(entries, `${folder}/fotos/familia-002.jpg`).data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    const json = JSON.parse(entry(entries, `${folder}/recuerdos.json`).data.toString('utf8')) as {
      memorial: Record<string, unknown>;
      publicacionesDeLaFamilia: { autor: string; tipo: string; texto: string; archivo: string | null }[];
      recuerdosCompartidos: Record<string, unknown>[];
      ceremonias: Record<string, string>[];
    };
    expect(json.memorial).toMatchObject({
      nombre: 'Rosa Mamaní Huamán',
      nacimiento: '1941-03-14',
      fallecimiento: '2023-09-05',
      ubicacion: 'Cementerio El Ángel, Lima',
      enlace: `http://recuerdos.test/guest?id=${id}`,
      fotoDePerfil: 'foto-de-perfil.jpg',
      velas: 7,
      flores: 3,
    });
    // The ceremonies in date order, with their day in words.
    expect(json.ceremonias).toEqual([
      { nombre: 'Responso', fecha: '2023-09-06', hora: '', fechaLegible: 'miércoles 6 de setiembre del 2023', lugar: 'Casa familiar', mapa: '' },
      { nombre: 'Misa de 30 días', fecha: '2023-10-05', hora: '19:00', fechaLegible: 'jueves 5 de octubre del 2023, 19:00', lugar: 'Parroquia San Antonio <Miraflores>', mapa: 'https://maps.google.com/?q=-12.12,-77.03' },
    ]);
    // The family's posts in the memorial's order (newest on top), then the visitors'.
    expect(json.publicacionesDeLaFamilia.map((p) => [p.tipo, p.texto, p.archivo, p.autor])).toEqual([
      ['video', '', 'videos/familia-001.mp4', 'Familia'],
      ['foto', 'En la playa', 'fotos/familia-002.jpg', 'Familia'],
      ['mensaje', 'Te extrañamos, mamá', null, 'Familia'],
    ]);
    expect(json.recuerdosCompartidos).toHaveLength(1);
    expect(json.recuerdosCompartidos[0]).toMatchObject({ autor: 'Lucía', tipo: 'foto', texto: 'Gracias por todo, tía', archivo: 'fotos/visitas-001.jpg' });
    // A guest's e-mail stays on the server; the pending post is not there.
    const everything = entries.map((e) => e.data.toString('utf8')).join('\n');
    expect(everything).not.toContain('lucia@ejemplo.pe');
    expect(everything).not.toContain('Aún pendiente');

    const html = entry(entries, `${folder}/index.html`).data.toString('utf8');
    expect(html).toContain('<html lang="es-PE">');
    expect(html).toContain('<h1>Rosa Mamaní Huamán</h1>');
    expect(html).toContain('Tu amor vive en nosotros &amp; en &lt;cada&gt; flor.');
    expect(html).toContain('<h2>Ceremonias</h2><article><h3>Responso</h3><p>miércoles 6 de setiembre del 2023</p><p class="place">Casa familiar</p></article>');
    expect(html).toContain('<h3>Misa de 30 días</h3><p>jueves 5 de octubre del 2023, 19:00</p><p class="place">Parroquia San Antonio &lt;Miraflores&gt;</p><p class="file"><a href="https://maps.google.com/?q=-12.12,-77.03">Ver el mapa</a></p>');
    expect(html).toContain('<h2>Recuerdos compartidos por otros</h2>');
    expect(html).toContain('De Lucía');
    expect(html).toContain('src="videos/familia-001.mp4"');
    expect(html).toContain('src="fotos/visitas-001.jpg"');
    expect(html).toContain('src="foto-de-perfil.jpg"');
  });

  it('lists a post whose file has gone missing without it, and the archive stays whole', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { fullname: 'Juan' } });
    const photo = await pictureBytes({ width: 300, height: 300 });
    const saved = await t.post<{ data: { path: string } }>('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Foto', postPicture: file(photo, 'a.jpg', 'image/jpeg') }, { token });
    await t.ctx.media.delete(saved.body.data.data.path.replace('/media/', ''));

    const res = await download(memorial.identifier, { token });
    expect(res.status).toBe(200);
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    expect(entries.map((e) => e.name).sort()).toEqual(['recuerdos-juan/index.html', 'recuerdos-juan/recuerdos.json']);
    const json = JSON.parse(entries.find((e) => e.name.endsWith('.json'))?.data.toString('utf8') ?? '{}') as { publicacionesDeLaFamilia: { archivo: string | null }[] };
    expect(json.publicacionesDeLaFamilia).toEqual([expect.objectContaining({ archivo: null, tipo: 'foto' })]);
    expect(entries.find((e) => e.name.endsWith('.html'))?.data.toString('utf8')).toContain('ya no estaba disponible');
  });
});

describe('the download link', () => {
  async function ticketUrl(identifier: string, token: string): Promise<string> {
    const res = await t.post<{ url: string }>('/api/person/export-ticket', { identifier }, { token });
    expect(res.status).toBe(200);
    return res.body.data.url;
  }
  const INVALID = 'El enlace de descarga no es válido o ha expirado. Vuelve a intentarlo desde tu cuenta';

  it('downloads the archive once without the session header, with its exact size', async () => {
    const { memorial, token } = await makeOwner(t.db, { memorial: { fullname: 'Ana Quispe' } });
    const photo = await pictureBytes({ width: 300, height: 300 });
    await t.post('/api/content/save-admin-message', { identifier: memorial.identifier, message: 'Foto', postPicture: file(photo, 'a.jpg', 'image/jpeg') }, { token });
    const url = await ticketUrl(memorial.identifier, token);
    expect(url).toMatch(/^\/api\/person\/export\?identifier=[\w-]+&ticket=[\w-]+$/);

    const res = await fetch(`${t.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="recuerdos-ana-quispe.zip"');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(readZip(body).map((e) => e.name).sort()).toEqual([
      'recuerdos-ana-quispe/fotos/familia-001.jpg',
      'recuerdos-ana-quispe/index.html',
      'recuerdos-ana-quispe/recuerdos.json',
    ]);

    const again = await fetch(`${t.url}${url}`, { headers: { accept: 'application/json' } });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ code: '401', message: INVALID, data: {} });
  });

  it('refuses a ticket for another memorial, an invented one and an expired one', async () => {
    const { account, memorial, token } = await makeOwner(t.db);
    const second = await makeMemorial(t.db, account.id);
    const url = new URL(await ticketUrl(memorial.identifier, token), t.url);
    const ticket = url.searchParams.get('ticket') ?? '';
    const tryWith = async (identifier: string, value: string) => {
      const res = await fetch(`${t.url}/api/person/export?identifier=${identifier}&ticket=${value}`);
      return { status: res.status, body: (await res.json()) as { message: string } };
    };
    expect(await tryWith(second.identifier, ticket)).toMatchObject({ status: 401, body: { message: INVALID } });
    expect(await tryWith(memorial.identifier, 'inventado-123')).toMatchObject({ status: 401, body: { message: INVALID } });
    expect((await tryWith('no-existe-123', ticket)).status).toBe(404);
    // Still unused after those attempts: it works for its own memorial.
    expect((await fetch(`${t.url}${url.pathname}${url.search}`)).status).toBe(200);

    const session = { user: await findUserSession(t.db, token), guest: null, ip: '127.0.0.1' };
    const expired = await createExportTicket(t.ctx, session, memorial.identifier, new Date(Date.now() - EXPORT_TICKET_TTL_MS - 1000));
    expect(await tryWith(memorial.identifier, expired)).toMatchObject({ status: 401, body: { message: INVALID } });
  });

  it('keeps the ticket out of the request log', () => {
    expect(redactUrl('/api/person/export?identifier=abc&ticket=secreto')).toBe('/api/person/export?identifier=abc&ticket=[redacted]');
  });
});

describe('names', () => {
  it('makes ASCII names from Spanish ones', () => {
    expect(slug('Rosa Mamaní Huamán')).toBe('rosa-mamani-huaman');
    expect(slug('  Ñuño  Peña-Ávila ')).toBe('nuno-pena-avila');
    expect(slug('???')).toBe('memorial');
    expect(archiveName({ fullname: 'José' })).toBe('recuerdos-jose');
    expect(mediaFileName('visitas', 11, 'video')).toBe('videos/visitas-012.mp4');
  });
});
