import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { startTestServer, type TestServer } from '../../../test/helper';
import { makeGuestToken, makeOwner } from '../../../test/factories';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

async function decode(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

async function download(identifier: string, format: string, headers: Record<string, string> = {}) {
  return fetch(`${t.url}/api/person/qr-code?identifier=${identifier}&format=${format}`, { headers });
}

describe('GET /api/person/qr-code', () => {
  it('gives the owner a PNG and an SVG that decode to the guest link, with the link printed', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const guestLink = `http://recuerdos.test/guest?id=${memorial.identifier}`;

    const png = await download(memorial.identifier, 'png', { token });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toBe(`attachment; filename="recuerdos-qr-${memorial.identifier}.png"`);
    const pngBytes = Buffer.from(await png.arrayBuffer());
    expect((await sharp(pngBytes).metadata()).format).toBe('png');
    expect(await decode(pngBytes)).toBe(guestLink);

    const svg = await download(memorial.identifier, 'svg', { token });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    const svgText = await svg.text();
    expect(svgText).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svgText).toContain(`>recuerdos.test/guest?id=${memorial.identifier}</text>`);
    expect(await decode(await sharp(Buffer.from(svgText)).png().toBuffer())).toBe(guestLink);
  });

  it('refuses anyone but the owner', async () => {
    const { memorial } = await makeOwner(t.db);
    const other = await makeOwner(t.db);
    const guest = await makeGuestToken(t.db, memorial);

    const anonymous = await download(memorial.identifier, 'png');
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toBe('Tu sesión ha expirado. Inicia sesión nuevamente');
    expect((await download(memorial.identifier, 'png', { guest })).status).toBe(401);
    // A guest token in the owner header is not an owner token.
    expect((await download(memorial.identifier, 'png', { token: guest })).status).toBe(401);
    const stranger = await download(memorial.identifier, 'png', { token: other.token });
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { message: string }).message).toBe('No encontramos este perfil');
  });

  it('refuses an unknown format with a Spanish message', async () => {
    const { memorial, token } = await makeOwner(t.db);
    const res = await download(memorial.identifier, 'gif', { token });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('El formato debe ser svg o png');
  });
});
