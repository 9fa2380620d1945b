// Visits, for the family (issue 29 §4; docs/decisions/030-visits-for-the-family.md). The guest
// page's script reports each page load that showed the memorial (a beacon after load: the cached
// page and its 304s stay as they are, robots that do not run scripts send nothing, and the owner's
// session travels with it). A load counts when it is a visitor's (not the owner's, not a preview
// robot's, not a prefetch), and at most VISIT_LIMIT times a day per address and memorial, so a
// script cannot inflate the count cheaply. Nothing about who visited is kept: a row holds a
// memorial, a day and a number; the limiter's key is a keyed hash that ends with the day. Counted
// loads are written in batches (visit-tally.ts).
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { limaDate } from '@recuerdos/shared/dates';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { accessMemorial, type Caller } from '../../auth/memorial-access';
import { authorize, checkEmailParam, holds } from '../../auth/permissions';
import { isPreviewRobot, isSpeculative } from '../../http/link-previews';
import { VISIT_POLICY } from './visit.policy';
import { loadVisitKeySecret, visitCounts, type VisitCounts } from './visit.repository';

/**
 * Page loads counted per address (an IPv6 client: per /64) and memorial in one Lima day. Phones in
 * Peru often share one address (the carrier's NAT, a wake on one Wi-Fi), so it is not one: past it
 * the loads are still served, just not counted.
 */
export const VISIT_LIMIT = { perAddressPerDay: 30 } as const;

/** What the request says about the client, beyond its sessions. */
export interface VisitClient {
  userAgent: string | undefined;
  /** `Sec-Purpose` / `Purpose`: a prefetch or prerender is not a visit. */
  purpose: string | string[] | undefined;
}

const DAY_MS = 24 * 60 * 60_000;

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Milliseconds until Lima's next midnight (Lima keeps UTC−5 all year). */
function untilNextLimaDay(now: Date): number {
  return Math.max(1, Date.parse(`${addDays(limaDate(now), 1)}T00:00:00-05:00`) - now.getTime());
}

const secrets = new WeakMap<Kysely<Database>, Promise<Buffer>>();

function secretOf(db: Kysely<Database>): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = loadVisitKeySecret(db);
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

/** The limiter's key for one address, memorial and day: the address cannot be read back from it. */
async function limitKey(db: Kysely<Database>, memorialId: number, day: string, address: string): Promise<string> {
  const digest = createHmac('sha256', await secretOf(db)).update(`${memorialId}|${day}|${address}`).digest('base64url').slice(0, 22);
  return `visit:${day}:${digest}`;
}

/** Counts one page load of the memorial when it is a visit; true when it was counted. */
export async function countVisit(ctx: AppContext, caller: Caller, identifier: string, client: VisitClient): Promise<boolean> {
  const { memorial, relation } = await accessMemorial(ctx.db, caller, identifier);
  if (!holds(VISIT_POLICY.count[relation], memorial)) return false;
  if (isPreviewRobot(client.userAgent) || isSpeculative(client.purpose)) return false;
  const now = ctx.now();
  const day = limaDate(now);
  const key = await limitKey(ctx.db, memorial.id, day, caller.ip);
  const { granted } = await ctx.limiter.reserve(key, untilNextLimaDay(now), VISIT_LIMIT.perAddressPerDay);
  if (!granted) return false;
  ctx.visits.add(memorial.id, day);
  return true;
}

/** The periods the owner's home shows, for Lima's `today`. */
export function visitPeriods(today: string): { weekFrom: string; novemberFrom: string; novemberTo: string; novemberYear: number } {
  const year = Number(today.slice(0, 4));
  const novemberYear = today >= `${year}-11-01` ? year : year - 1;
  return { weekFrom: addDays(today, -6), novemberFrom: `${novemberYear}-11-01`, novemberTo: `${novemberYear}-11-02`, novemberYear };
}

export async function visitsForOwner(
  ctx: AppContext,
  caller: Caller,
  input: { identifier: string; email?: string | undefined },
): Promise<{ counts: VisitCounts; novemberYear: number }> {
  const access = await accessMemorial(ctx.db, caller, input.identifier);
  authorize(VISIT_POLICY.read, access);
  checkEmailParam(caller, input.email);
  const periods = visitPeriods(limaDate(ctx.now()));
  // This instance's latest counts, written now; other instances' follow within VISIT_FLUSH_MS.
  await ctx.visits.flush();
  return { counts: await visitCounts(ctx.db, access.memorial.id, periods), novemberYear: periods.novemberYear };
}
