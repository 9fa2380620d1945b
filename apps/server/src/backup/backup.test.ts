// Issue 16 §7: `admin backup` writes the whole installation (every table, every media object, a
// manifest with checksums) while the server serves; `admin restore` puts it into an empty
// installation, byte for byte, whatever its database and store, and refuses a non-empty target or a
// damaged archive without changing anything. The restored installation serves the memorial.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@recuerdos/shared/api-types';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { openMediaStore } from '../storage/open-media-store';
import type { MediaStore } from '../storage/media-store';
import { FIXTURE_WEB_DIST, startTestServer, type Fields, type TestServer } from '../../test/helper';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/database';
import { startS3rver, type TestS3 } from '../../test/s3';
import { runAdmin, runAdminOn } from '../../test/admin-cli';
import { makeGuestToken, makeOwner } from '../../test/factories';
import { file, mp4Bytes, objectNameOf, pictureBytes } from '../../test/media-fixtures';
import { BACKUP_TABLES, TRANSIENT_TABLES } from './backup-archive';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestServer;
let work: string;
let identifier: string;
let archive: string;
/** The source as it was when `archive` was written. */
let sourceTables: Record<string, string[]>;
let sourceObjects: Record<string, string>;

/** A new, empty installation: its own database (SQLite file or PostgreSQL schema) and media store. */
interface Target {
  config: Config;
  database: TestDatabase;
  s3: TestS3 | null;
  open(): Promise<{ db: DatabaseHandle; media: MediaStore; close(): Promise<void> }>;
  close(): Promise<void>;
}

async function newTarget(kind: 'sqlite-disk' | 'postgres-s3'): Promise<Target> {
  const dir = await fs.mkdtemp(path.join(work, 'target-'));
  const database = await createTestDatabase(dir, kind === 'sqlite-disk' ? 'sqlite' : 'postgres');
  const s3 = kind === 'postgres-s3' ? await startS3rver('recuerdos-restore') : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    DATABASE_URL: database.url,
    SEED_DEMO: '0',
    WEB_DIST_DIR: FIXTURE_WEB_DIST,
    PUBLIC_URL: 'http://recuerdos.test',
    ...s3?.env,
  });
  return {
    config,
    database,
    s3,
    async open() {
      const db = openDatabase(config.database, quiet);
      const media = openMediaStore(config);
      return {
        db,
        media,
        async close() {
          await media.close();
          await db.close();
        },
      };
    },
    async close() {
      await database.drop();
      await s3?.close();
    },
  };
}

/** Every table as sorted JSON lines (keys sorted), so two installations compare whatever their dialect. */
async function tablesOf(db: DatabaseHandle['db']): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const table of BACKUP_TABLES) {
    const rows = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(table).selectAll().execute();
    dump[table] = rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
  }
  return dump;
}

/** Every media object's SHA-256, read through the store. */
async function objectsOf(media: MediaStore): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const name of (await media.list()).sort()) {
    const object = await media.get(name);
    if (!object) throw new Error(`listed but gone: ${name}`);
    const hash = createHash('sha256');
    for await (const chunk of object.body) hash.update(chunk as Buffer);
    sums[name] = hash.digest('hex');
  }
  return sums;
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-backup-'));
  t = await startTestServer();
  // A quiet source: no scheduled job writes while the round trip compares both sides.
  await t.ctx.jobs.stop();

  // A memorial with a profile photo, a photo, a video and a text; a visitor's photo waiting for approval on another.
  const { memorial, token } = await makeOwner(t.db, { memorial: { type: 'U' } });
  identifier = memorial.identifier;
  const profile = await t.post(
    '/api/person/update-basic-data',
    { identifier, fullname: 'Rosa Elvira Mamani', birthdate: '1941-03-14', deathdate: '2023-09-05', location: 'Lima', description: 'Siempre con nosotros.', picture: file(await pictureBytes({ width: 500, height: 500 }), 'perfil.jpg', 'image/jpeg') },
    { token },
  );
  expect(profile.status).toBe(200);
  const family: Fields[] = [
    { message: 'Su jardín', postPicture: file(await pictureBytes({ width: 900, height: 600 }), 'jardin.jpg', 'image/jpeg') },
    { message: 'Su risa', postVideo: file(mp4Bytes(300_000), 'risa.mp4', 'video/mp4') },
    { message: 'Te extrañamos.' },
  ];
  for (const media of family) {
    expect((await t.post('/api/content/save-admin-message', { identifier, ...media }, { token })).status).toBe(200);
  }
  // Visitors leave memories on private memorials (spec §6).
  const closed = await makeOwner(t.db, { memorial: { type: 'P', accessCode: 'clave1' } });
  const guest = await makeGuestToken(t.db, closed.memorial);
  const sent = await t.post(
    '/api/content/save-guest-message',
    { identifier: closed.memorial.identifier, fullname: 'Lucía', message: 'Gracias', postPicture: file(await pictureBytes(), 'g.jpg', 'image/jpeg') },
    { guest },
  );
  expect(sent.status).toBe(200);
  // A ceremony, and a visitor subscribed to reminders who already got one (issue 14 §1, §2).
  const event = await t.postJson('/api/events/save', { identifier, kind: 'misa-30', date: '2030-04-09', time: '19:00', place: 'Parroquia San Antonio' }, { token });
  expect(event.status).toBe(200);
  const subscription = await t.db
    .insertInto('reminderSubscriptions')
    .values({ memorialId: memorial.id, email: 'nieta@example.pe', state: 'confirmed', confirmTokenHash: null, consentText: 'Autorizo…', requestedAt: '2030-01-01T00:00:00.000Z', confirmedAt: '2030-01-01T01:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('reminderDeliveries').values({ subscriptionId: subscription.id, occasion: 'birthday:2030', sentAt: '2030-03-14T13:00:00.000Z' }).execute();
  await t.mailsSent();

  archive = path.join(work, 'recuerdos.zip');
  const run = await runAdmin(t, ['backup', '--to', archive]);
  expect(run.err).toEqual([]);
  expect(run.code).toBe(0);
  // 1 profile + 1 post picture (a JPEG and 3 WebP sizes each), 1 video and its poster, 1 pending guest picture.
  expect(run.out.join('\n')).toMatch(/^Backup written to .*recuerdos\.zip \([\d.]+ MB\): 26 tables, \d+ rows, 14 media objects \([\d.]+ MB\), with checksums\.$/);
  sourceTables = await tablesOf(t.db);
  sourceObjects = await objectsOf(t.ctx.media);
}, 120_000);

afterAll(async () => {
  await t.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('backup', () => {
  it('names every table of the database (a new table must be added to the backup)', async () => {
    // PostgreSQL: this server's schema only (the job engine keeps its tables in another).
    const schema = t.dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(t.db)).rows[0]?.name : undefined;
    const tables = (await t.db.introspection.getTables())
      .filter((table) => table.schema === schema && !table.name.startsWith('kysely_migration'))
      .map((table) => table.name)
      .sort();
    expect(tables).toEqual([...BACKUP_TABLES, ...TRANSIENT_TABLES].map((name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)).sort());
  });

  it('keeps writing while the server serves, and restores one consistent moment', async () => {
    const { memorial, token } = await makeOwner(t.db);
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const res = await t.post('/api/content/save-admin-message', { identifier: memorial.identifier, message: `Durante ${written}` }, { token });
        expect(res.status).toBe(200);
        written += 1;
      }
    })();
    const during = path.join(work, 'during.zip');
    const run = await runAdmin(t, ['backup', '--to', during]);
    writing = false;
    await writer;
    expect(run.code).toBe(0);

    const target = await newTarget('sqlite-disk');
    try {
      expect((await runAdminOn(target.config, ['restore', '--from', during])).code).toBe(0);
      const opened = await target.open();
      try {
        const posts = await opened.db.db.selectFrom('posts').select(['memorialId', 'text']).where('memorialId', '=', memorial.id).execute();
        // A prefix of what was written, in order: nothing half-written, nothing out of its moment.
        expect(posts.length).toBeLessThanOrEqual(written);
        expect(posts.map((p) => p.text).sort()).toEqual(Array.from({ length: posts.length }, (_, i) => `Durante ${i}`).sort());
        // The memorial's version matches the posts it holds (the restore put back the saved one).
        const version = await opened.db.db.selectFrom('memorials').select('contentVersion').where('id', '=', memorial.id).executeTakeFirstOrThrow();
        const source = await t.db.selectFrom('memorials').select('contentVersion').where('id', '=', memorial.id).executeTakeFirstOrThrow();
        expect(version.contentVersion).toBeLessThanOrEqual(source.contentVersion);
      } finally {
        await opened.close();
      }
    } finally {
      await target.close();
    }
  }, 120_000);
});

describe('restore', () => {
  it('onto an empty SQLite with disk media: every table and every object byte for byte, and it serves the memorial', async () => {
    const target = await newTarget('sqlite-disk');
    try {
      const run = await restoreAndCompare(target);
      expect(run.out.join('\n')).toMatch(/: 26 tables, \d+ rows, 14 media objects \([\d.]+ MB\); checksums verified\.$/);
      if (testDialect() === 'sqlite') await expectServes(target);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('refuses a target that is not empty, and changes nothing', async () => {
    const before = await tablesOf(t.db);
    const objects = await objectsOf(t.ctx.media);
    const run = await runAdmin(t, ['restore', '--from', archive]);
    expect(run.code).toBe(1);
    expect(run.err.join('\n')).toMatch(/the target is not empty \(\d+ rows in accounts, .*\); restore only into a new, empty installation/);
    expect(await tablesOf(t.db)).toEqual(before);
    expect(await objectsOf(t.ctx.media)).toEqual(objects);
  });

  it('refuses a damaged archive and leaves the target empty', async () => {
    const bytes = await fs.readFile(archive);
    // The video is stored as it is: flip one byte in the middle of it.
    const video = (await t.ctx.media.list()).find((name) => name.endsWith('.mp4')) ?? '';
    const object = await t.ctx.media.get(video);
    const chunks: Buffer[] = [];
    for await (const chunk of object?.body ?? []) chunks.push(chunk as Buffer);
    const original = Buffer.concat(chunks);
    const at = bytes.indexOf(original.subarray(150_000, 150_064));
    expect(at).toBeGreaterThan(0);
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    const damaged = path.join(work, 'damaged.zip');
    await fs.writeFile(damaged, bytes);

    const target = await newTarget('sqlite-disk');
    try {
      const run = await runAdminOn(target.config, ['restore', '--from', damaged]);
      expect(run.code).toBe(1);
      expect(run.err.join('\n')).toContain(`checksum mismatch in media/${video}: the archive is damaged`);
      const opened = await target.open();
      try {
        const tables = await tablesOf(opened.db.db);
        for (const table of BACKUP_TABLES) if (!['appSecrets', 'epitaphs'].includes(table)) expect(tables[table], table).toEqual([]);
        expect(await opened.media.list()).toEqual([]);
        expect(await opened.media.listTemp()).toEqual([]);
      } finally {
        await opened.close();
      }
    } finally {
      await target.close();
    }
  }, 60_000);

  const crossDialect = Boolean(process.env.TEST_DATABASE_URL) && testDialect() === 'sqlite';
  if (!crossDialect) console.info('backup.test: SQLite/disk → PostgreSQL/S3 runs in the SQLite project when TEST_DATABASE_URL is set');
  it.runIf(crossDialect)('moves an installation from SQLite with disk media to PostgreSQL with S3, byte for byte', async () => {
    const target = await newTarget('postgres-s3');
    try {
      const run = await restoreAndCompare(target);
      expect(run.out.join('\n')).toContain('on sqlite with disk media');
      await expectServes(target);
    } finally {
      await target.close();
    }
  }, 120_000);
});

/** Restores `archive` into `target` and finds every table and object as the source had them. */
async function restoreAndCompare(target: Target) {
  const run = await runAdminOn(target.config, ['restore', '--from', archive]);
  expect(run.err).toEqual([]);
  expect(run.code).toBe(0);
  const opened = await target.open();
  try {
    expect(await tablesOf(opened.db.db)).toEqual(sourceTables);
    expect(await objectsOf(opened.media)).toEqual(sourceObjects);
  } finally {
    await opened.close();
  }
  return run;
}

/** A server started on the restored installation shows the memorial, its photo and video, and takes new posts. */
async function expectServes(target: Target): Promise<void> {
  const server = await startTestServer({ env: { DATABASE_URL: target.database.url, MEDIA_DIR: target.config.mediaDir }, ...(target.s3 ? { s3: target.s3 } : {}) });
  try {
    const posts = await server.get<{ posts: Post[] }>(`/api/content/get-admin-posts-for-guest?id=${identifier}`);
    expect(posts.status).toBe(200);
    const paths = posts.body.data.posts.map((post) => post.path).filter(Boolean);
    expect(paths).toHaveLength(2);
    for (const media of paths) {
      const res = await fetch(server.url + media);
      expect(res.status, media).toBe(200);
      expect(createHash('sha256').update(Buffer.from(await res.arrayBuffer())).digest('hex')).toBe(sourceObjects[objectNameOf(media)]);
    }
    // New rows continue after the restored ones (sequences moved on).
    const owner = await makeOwner(server.db);
    expect(owner.memorial.id).toBeGreaterThan(1);
  } finally {
    await server.close();
  }
}
