// The guest-session lookup every private-memorial request makes (auth/sessions.ts findGuestSession),
// since personal links (issue 29, decision 029) made its condition "a personal link's session, or
// the current access code's": the time per lookup of a code session and of a link session among many
// rows, and SQLite's query plan (it must still find the row by the token's hash). SQLite file in a
// temporary folder; prints figures, never passes or fails.
//   npm run bench -- guest-session            (200,000 sessions, 20,000 lookups each)
//   BENCH_SESSIONS=50000 npm run bench -- guest-session
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createGuestSession, findGuestSession } from '../apps/server/src/auth/sessions';
import { hashToken } from '../apps/server/src/auth/tokens';
import { printTable } from './support/table';

const sessions = Number(process.env.BENCH_SESSIONS ?? 200_000);
const lookups = Number(process.env.BENCH_LOOKUPS ?? 20_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-bench-guest-'));
const handle = openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.db') }, { error: () => undefined });
const { db } = handle;
try {
  await migrateToLatest(db, 'sqlite');
  const now = new Date().toISOString();
  const account = await db.insertInto('accounts').values({ email: 'bench@example.pe', name: 'Bench', lastname: 'Bench', passwordHash: null, createdAt: now, updatedAt: now } as never).returning('id').executeTakeFirstOrThrow();
  const memorial = await db
    .insertInto('memorials')
    .values({ identifier: 'benchmem01', accountId: account.id, fullname: 'Bench', type: 'P', accessCode: 'clave', accessCodeVersion: 1, createdAt: now, updatedAt: now } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const grant = await db
    .insertInto('accessGrants')
    .values({ memorialId: memorial.id, name: 'Rosa', email: 'rosa@example.pe', mailbox: 'rosa@example.pe', tokenHash: 'x', createdAt: now, lastOpenedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  // Filler rows in batches: old code sessions, a few link sessions.
  for (let start = 0; start < sessions; start += 500) {
    const rows = Array.from({ length: Math.min(500, sessions - start) }, (_, i) => ({
      tokenHash: hashToken(`filler-${start + i}`),
      memorialId: memorial.id,
      accessCodeVersion: (start + i) % 3 === 0 ? 1 : 0,
      createdAt: now,
      expiresAt: expires,
      replacedAt: null,
      grantId: (start + i) % 100 === 0 ? grant.id : null,
    }));
    await db.insertInto('guestSessions').values(rows).execute();
  }
  const byCode = await createGuestSession(db, memorial.id, 1);
  const byLink = await createGuestSession(db, memorial.id, 0, new Date(), grant.id);

  const plan = await sql<{ detail: string }>`explain query plan
    select gs.id from guest_sessions gs join memorials m on m.id = gs.memorial_id
    where gs.token_hash = ${hashToken(byLink)} and gs.expires_at > ${now}
      and (gs.grant_id is not null or gs.access_code_version = m.access_code_version)`.execute(db);

  const time = async (token: string) => {
    for (let i = 0; i < 500; i++) await findGuestSession(db, token);
    const started = process.hrtime.bigint();
    for (let i = 0; i < lookups; i++) if (!(await findGuestSession(db, token))) throw new Error('session not found');
    return Number(process.hrtime.bigint() - started) / 1000 / lookups;
  };
  const codeUs = await time(byCode);
  const linkUs = await time(byLink);
  console.log(`guest_sessions rows: ${sessions + 2}; lookups each: ${lookups}`);
  printTable(
    ['session', 'µs per lookup', 'lookups/s'],
    [
      ['opened with the access code', codeUs.toFixed(1), Math.round(1e6 / codeUs).toLocaleString('en-US')],
      ['opened with a personal link', linkUs.toFixed(1), Math.round(1e6 / linkUs).toLocaleString('en-US')],
    ],
  );
  console.log(`query plan: ${plan.rows.map((row) => row.detail).join(' | ')}`);
} finally {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
