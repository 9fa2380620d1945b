// The demo seed of `npm start` (SEED_DEMO=1): created once, printed at every start, and usable.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import type { Disclaimer, LoginData } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../test/helper';
import { DEMO_EMAIL, seedDemo } from './demo';
import { mediaFiles } from '../../test/media-fixtures';

function databaseUrl(server: TestServer): string {
  const db = server.config.database;
  return db.kind === 'sqlite' ? `sqlite:${db.file}` : db.url;
}

/** Starts a server as `npm start` does (start-up tasks included) and returns what it printed. */
async function startWithSeed(env: Record<string, string> = {}): Promise<{ server: TestServer; printed: string }> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  try {
    const server = await startTestServer({ startup: true, env: { SEED_DEMO: '1', ...env } });
    return { server, printed: lines.join('\n') };
  } finally {
    spy.mockRestore();
  }
}

let first: TestServer;
let firstPrinted: string;
let second: TestServer;
let secondPrinted: string;

beforeAll(async () => {
  ({ server: first, printed: firstPrinted } = await startWithSeed());
  // A second start on the same database.
  ({ server: second, printed: secondPrinted } = await startWithSeed({ DATABASE_URL: databaseUrl(first) }));
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe('demo seed', () => {
  it('prints the e-mail, the password (first start only) and the guest link', () => {
    const identifier = first.ctx.site.demoIdentifier ?? '';
    expect(identifier).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(firstPrinted).toContain(`Demo account:   ${DEMO_EMAIL}`);
    expect(firstPrinted).toMatch(/Password:\s+\S{12}\s/);
    expect(firstPrinted).toContain(`http://recuerdos.test/guest?id=${identifier}`);

    expect(secondPrinted).toContain(DEMO_EMAIL);
    expect(secondPrinted).toContain('shown at the first start');
    expect(secondPrinted).toContain('npm run admin -- set-password --email demo@recuerdos.pe');
    expect(secondPrinted).toContain(`http://recuerdos.test/guest?id=${identifier}`);
    const password = /Password:\s+(\S{12})\s/.exec(firstPrinted)?.[1] ?? '';
    expect(secondPrinted).not.toContain(password);
  });

  it('starting twice creates one demo account and one memorial, and both starts point at it', async () => {
    const accounts = await first.db.selectFrom('accounts').select('id').where('email', '=', DEMO_EMAIL).execute();
    expect(accounts).toHaveLength(1);
    const memorials = await first.db
      .selectFrom('memorials')
      .select('identifier')
      .where('accountId', '=', accounts[0]?.id ?? 0)
      .execute();
    expect(memorials).toEqual([{ identifier: first.ctx.site.demoIdentifier }]);
    expect(second.ctx.site.demoIdentifier).toBe(first.ctx.site.demoIdentifier);

    // The landing's demo link is in the site config of every page.
    const html = await (await fetch(`${second.url}/`)).text();
    const json = /<script type="application\/json" id="site-config">(.*?)<\/script>/.exec(html)?.[1] ?? 'null';
    expect((JSON.parse(json) as { demoIdentifier: string }).demoIdentifier).toBe(first.ctx.site.demoIdentifier);
  });

  it('makes a public memorial with kind data, an active contract, posts, candles and flowers', async () => {
    const identifier = first.ctx.site.demoIdentifier ?? '';
    const memorial = await first.db
      .selectFrom('memorials')
      .selectAll()
      .where('identifier', '=', identifier)
      .executeTakeFirstOrThrow();
    expect(memorial.type).toBe('U');
    expect(memorial.fullname).not.toBe('');
    expect(memorial.description).not.toBe('');
    expect(memorial.location).not.toBe('');
    expect(memorial.candles).toBeGreaterThan(0);
    expect(memorial.flowers).toBeGreaterThan(0);

    const contract = await first.db
      .selectFrom('contracts')
      .select(['state', 'expiresOn'])
      .where('memorialId', '=', memorial.id)
      .executeTakeFirstOrThrow();
    expect(contract).toEqual({ state: 'active', expiresOn: null });

    const posts = await first.db
      .selectFrom('posts')
      .select(['authorKind', 'authorName', 'state', 'place', 'reg', 'text'])
      .where('memorialId', '=', memorial.id)
      .orderBy('reg')
      .execute();
    const owner = posts.filter((p) => p.authorKind === 'owner');
    const guest = posts.filter((p) => p.authorKind === 'guest');
    expect(owner.length).toBeGreaterThanOrEqual(2);
    expect(guest.length).toBeGreaterThanOrEqual(2);
    expect(posts.every((p) => p.state === 'approved' && p.text.trim() !== '')).toBe(true);
    expect(owner.every((p) => p.authorName === 'Familia')).toBe(true);
    // Newest post on top: places 1..n in the order of time.
    expect(owner.map((p) => p.place)).toEqual(owner.map((_, i) => i + 1));
    for (const p of posts) expect(p.reg).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
  });

  it('gives the memorial a profile picture and picture posts, served in every size at that size', async () => {
    const identifier = first.ctx.site.demoIdentifier ?? '';
    const person = await first.get<{ personData: { profilepath: string } }>(`/api/person/get-data-for-guest?id=${identifier}`);
    const posts = await first.get<{ posts: { path: string }[] }>(`/api/content/get-admin-posts-for-guest?id=${identifier}`);
    const pictures = posts.body.data.posts.map((p) => p.path).filter((path) => path !== '');
    expect(pictures).toHaveLength(2);
    const profile = person.body.data.personData.profilepath;
    expect(profile).toMatch(/^\/media\/[A-Za-z0-9_-]+\.jpg$/);
    // The pictures ship already encoded (assets/demo): they must still be what the pipeline makes.
    const size = async (res: Response) => {
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      return [meta.format, meta.width, meta.height];
    };
    for (const [path, widths] of [[profile, [130, 260, 300]], ...pictures.map((p) => [p, [240, 480, 800]] as const)] as const) {
      const jpeg = await fetch(first.url + path);
      expect(jpeg.status).toBe(200);
      expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
      expect(await size(jpeg)).toEqual(['jpeg', widths.at(-1), widths.at(-1)]);
      for (const width of widths) {
        const webp = await fetch(first.url + path.replace('.jpg', `-${width}.webp`));
        expect(webp.status).toBe(200);
        expect(webp.headers.get('content-type')).toBe('image/webp');
        expect(await size(webp)).toEqual(['webp', width, width]);
      }
    }
  });

  it('the printed credentials open the account on the demo memorial, with no banners', async () => {
    const password = /Password:\s+(\S{12})\s/.exec(firstPrinted)?.[1] ?? '';
    const login = await second.post<LoginData>('/api/user/login', { email: DEMO_EMAIL, password });
    expect(login.status).toBe(200);
    expect(login.body.data.user.identifier).toBe(first.ctx.site.demoIdentifier);
    const banners = await second.get<{ disclaimers: Disclaimer[] }>(
      `/api/contract/get-disclaimers?identifier=${first.ctx.site.demoIdentifier ?? ''}`,
      { token: login.body.data.token },
    );
    expect(banners.body.data.disclaimers).toEqual([]);
  });

  it('two instances seeding the same empty database at once make one demo', async () => {
    const a = await startTestServer();
    const b = await startTestServer({ env: { DATABASE_URL: databaseUrl(a) } });
    try {
      const quiet = () => undefined;
      const [ra, rb] = await Promise.all([seedDemo(a.ctx, quiet), seedDemo(b.ctx, quiet)]);
      expect([ra.created, rb.created].filter(Boolean)).toHaveLength(1);
      expect(ra.identifier).toBe(rb.identifier);
      expect(a.ctx.site.demoIdentifier).toBe(b.ctx.site.demoIdentifier);
      const accounts = await a.db.selectFrom('accounts').select('id').where('email', '=', DEMO_EMAIL).execute();
      expect(accounts).toHaveLength(1);
      // The loser staged its pictures in its own media folder and must have discarded them.
      const loser = ra.created ? b : a;
      const winner = ra.created ? a : b;
      expect(await mediaFiles(loser.ctx.media)).toEqual([]);
      expect((await mediaFiles(winner.ctx.media)).filter((f) => !f.startsWith('.tmp/'))).toHaveLength(3 * 4);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
