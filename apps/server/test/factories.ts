// Small factories with overrides (STYLE habit 8): rows straight into the real test database, and
// sessions made the way the server makes them, so a test can act as any role.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Memorial, Account } from '../src/db/schema';
import { nowIso } from '../src/db/database';
import { hashPassword } from '../src/auth/passwords';
import { newIdentifier } from '../src/auth/tokens';
import { createGuestSession, createUserSession } from '../src/auth/sessions';
import { MEMORIAL_DEFAULTS } from '../src/modules/memorial/memorial.repository';

export const DEFAULT_PASSWORD = 'clave-segura-1';

let passwordHashOnce: Promise<string> | null = null;

export async function makeAccount(
  db: Kysely<Database>,
  overrides: Partial<Omit<Account, 'id'>> & { password?: string | null } = {},
): Promise<Account & { password: string | null }> {
  const { password = DEFAULT_PASSWORD, ...rest } = overrides;
  let passwordHash: string | null = null;
  if (password === DEFAULT_PASSWORD) {
    passwordHashOnce ??= hashPassword(DEFAULT_PASSWORD);
    passwordHash = await passwordHashOnce;
  } else if (password !== null) {
    passwordHash = await hashPassword(password);
  }
  const now = nowIso();
  const values = {
    email: `cuenta-${randomBytes(4).toString('hex')}@ejemplo.pe`,
    name: 'Ana',
    lastname: 'Quispe',
    passwordHash,
    createdAt: now,
    updatedAt: now,
    ...rest,
  };
  const row = await db.insertInto('accounts').values(values).returningAll().executeTakeFirstOrThrow();
  return { ...row, password };
}

export async function makeMemorial(
  db: Kysely<Database>,
  accountId: number,
  overrides: Partial<Omit<Memorial, 'id' | 'accountId'>> = {},
): Promise<Memorial> {
  const now = nowIso();
  return db
    .insertInto('memorials')
    .values({
      ...MEMORIAL_DEFAULTS,
      identifier: newIdentifier(),
      accountId,
      fullname: 'Rosa Mamani Huamán',
      birthdate: '1941-03-14',
      deathdate: '2023-09-05',
      description: 'Tu amor vive en cada uno de nosotros.',
      location: 'Cementerio Presbítero Maestro, Lima',
      type: 'U',
      accessCode: '',
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An account holder with one memorial and a live session on it. */
export async function makeOwner(
  db: Kysely<Database>,
  overrides: { account?: Parameters<typeof makeAccount>[1]; memorial?: Parameters<typeof makeMemorial>[2] } = {},
): Promise<{ account: Account & { password: string | null }; memorial: Memorial; token: string }> {
  const account = await makeAccount(db, overrides.account);
  const memorial = await makeMemorial(db, account.id, overrides.memorial);
  const token = await createUserSession(db, account.id, memorial.id);
  return { account, memorial, token };
}

/** A guest token for a memorial, as if the right access code had been given. */
export async function makeGuestToken(db: Kysely<Database>, memorial: Pick<Memorial, 'id' | 'accessCodeVersion'>): Promise<string> {
  return createGuestSession(db, memorial.id, memorial.accessCodeVersion);
}

/** A published post holding a stored key, so /media/ serves the key's objects (they answer only as a memorial's). */
export async function makeMediaPost(
  db: Kysely<Database>,
  memorialId: number,
  mediaKey: string,
  mediaKind: 'picture' | 'video' = 'picture',
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('posts')
    .values({
      memorialId,
      reg: `${now}-${randomBytes(3).toString('hex')}`,
      authorKind: 'owner',
      authorName: 'Familia',
      authorEmail: null,
      text: '',
      mediaKey,
      mediaKind,
      place: 0,
      state: 'approved',
      createdAt: now,
      approvedAt: now,
    })
    .execute();
}
