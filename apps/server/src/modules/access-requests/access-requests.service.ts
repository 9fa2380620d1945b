// A relative without the code asks the family, and the family answers (issue 29 §1–3,
// docs/decisions/029-asking-the-family.md).
// - Asking gets one answer whatever happens (an unknown or public memorial, a blocked address, over
//   the limit, a request already waiting): nothing in it tells who the family is or what exists.
// - Bounded: 3 requests a day per (memorial, network address) and 20 per address, reserved before
//   anything is looked up (atomic in the limiter: 100 at once give exactly 3); one waiting request per
//   person and memorial (a unique row); the family gets at most 5 request e-mails a day per memorial,
//   later ones wait for the daily summary (jobs/access-requests-daily.ts), which also deletes requests
//   nobody answered in 30 days.
// - Letting someone in makes a personal link (random, only its hash kept) that buys a guest session
//   with the permissions of spec §6 for guests; the session survives a new access code and ends when
//   the family takes the access back (auth/sessions.ts).
import { ACCESS_REQUEST_LIMITS, ACCESS_REQUEST_MESSAGES, PERSONAL_LINK_PARAM, accessRequestConsentText, type AccessRequestsData } from '@recuerdos/shared/access-requests';
import { mailboxOf } from '@recuerdos/shared/email';
import type { AppContext } from '../../context';
import type { Memorial } from '../../db/schema';
import { accessMemorial, findMemorial, type Caller } from '../../auth/memorial-access';
import { authorize } from '../../auth/permissions';
import { createGuestSession, revokeGrantSessions } from '../../auth/sessions';
import { hashToken, newToken } from '../../auth/tokens';
import { AppError, notFound } from '../../http/errors';
import type { AttemptPolicy } from '../../security/attempt-guard';
import { ACCESS_REQUEST_POLICY } from './access-requests.policy';
import * as repo from './access-requests.repository';
import { declinedMail, personalLinkMail, requestMail } from './access-requests.mails';
import { presentAccessRequests } from './access-requests.presenter';

const DAY_MS = 24 * 60 * 60_000;

export const ASK_LIMITS = {
  perAddressMemorial: { max: ACCESS_REQUEST_LIMITS.perAddressMemorialPerDay, windowMs: DAY_MS },
  perAddress: { max: ACCESS_REQUEST_LIMITS.perAddressPerDay, windowMs: DAY_MS },
  mailsPerMemorial: { max: ACCESS_REQUEST_LIMITS.mailsPerMemorialPerDay, windowMs: DAY_MS },
} as const;

/**
 * A personal link's secret has 256 random bits: guessing it is hopeless, but a client trying many is
 * still slowed like an access-code guesser (decision 011), failures only.
 */
export const LINK_LOGIN_POLICY: AttemptPolicy = {
  name: 'guest-link',
  perAddress: { max: 30, windowMs: 30 * 60_000 },
  perTargetAddress: { max: 10, windowMs: 30 * 60_000 },
  perTarget: { free: 10, windowMs: DAY_MS, firstMs: 1000, maxMs: 8000 },
  tooMany: 'Demasiados intentos con enlaces que no son válidos. Espera unos minutos e inténtalo de nuevo',
  onSuccess: 'release',
};

/** Reserves one unit of a limit; false (nothing taken) when it is spent. */
async function take(ctx: AppContext, key: string, cap: { max: number; windowMs: number }): Promise<boolean> {
  return (await ctx.limiter.reserve(key, cap.windowMs, cap.max)).granted;
}

async function ownerOf(ctx: AppContext, memorial: Memorial) {
  return ctx.db.selectFrom('accounts').select(['email', 'name']).where('id', '=', memorial.accountId).executeTakeFirstOrThrow();
}

/** POST /access-requests/ask: returns nothing, whatever happened (the route answers the one sentence). */
export async function ask(ctx: AppContext, caller: Caller, input: { id: string; name: string; email: string; message: string }): Promise<void> {
  // Counted first, on what was typed, whether or not the memorial exists.
  if (!(await take(ctx, `access-ask:addr:${caller.ip}`, ASK_LIMITS.perAddress))) return;
  if (!(await take(ctx, `access-ask:pair:${input.id}:${caller.ip}`, ASK_LIMITS.perAddressMemorial))) return;
  const memorial = await findMemorial(ctx.db, input.id);
  if (!memorial || memorial.type !== 'P') return;
  const mailbox = mailboxOf(input.email);
  if (await repo.isBlocked(ctx.db, memorial.id, mailbox)) return;
  const mailKey = `access-ask:mails:${memorial.id}`;
  const mailNow = await take(ctx, mailKey, ASK_LIMITS.mailsPerMemorial);
  const now = ctx.now().toISOString();
  // Read before the transaction: on SQLite its single connection is the transaction's until it ends.
  const owner = mailNow ? await ownerOf(ctx, memorial) : null;
  let told = false;
  try {
    told = await ctx.db.transaction().execute(async (trx) => {
      const id = await repo.insertRequest(trx, {
        memorialId: memorial.id,
        name: input.name,
        email: input.email,
        mailbox,
        message: input.message,
        consentText: accessRequestConsentText(memorial.fullname),
        createdAt: now,
      });
      // One request per person waits at a time: asking again changes nothing and tells nobody.
      if (id === null || !owner) return false;
      await repo.markRequestMailed(trx, id, now);
      await ctx.mail.queue(requestMail(ctx.config.publicUrl, owner, memorial.fullname, input), trx);
      return true;
    });
  } finally {
    // The day's e-mail was not used (nothing new, or the write failed): it stays for the next request.
    if (mailNow && !told) await ctx.limiter.release(mailKey);
  }
}

async function managed(ctx: AppContext, caller: Caller, identifier: string): Promise<Memorial> {
  const access = await accessMemorial(ctx.db, caller, identifier);
  authorize(ACCESS_REQUEST_POLICY.manage, access);
  return access.memorial;
}

/** GET /access-requests/list: the requests waiting, the people with a personal link, the blocked addresses. */
export async function list(ctx: AppContext, caller: Caller, identifier: string): Promise<AccessRequestsData> {
  const memorial = await managed(ctx, caller, identifier);
  // A request past its 30 days is as good as gone, even before the daily job deletes it.
  const since = new Date(ctx.now().getTime() - ACCESS_REQUEST_LIMITS.keepDays * DAY_MS).toISOString();
  const [requests, grants, blocked] = await Promise.all([
    repo.waitingRequests(ctx.db, memorial.id, since),
    repo.grantsOf(ctx.db, memorial.id),
    repo.blocksOf(ctx.db, memorial.id),
  ]);
  return presentAccessRequests(requests, grants, blocked);
}

export function personalLink(ctx: AppContext, memorial: Pick<Memorial, 'identifier'>, secret: string): string {
  return `${ctx.config.publicUrl}/guest?id=${encodeURIComponent(memorial.identifier)}#${PERSONAL_LINK_PARAM}=${secret}`;
}

/** POST /access-requests/approve: the request becomes a personal link, e-mailed in the same transaction. */
export async function approve(ctx: AppContext, caller: Caller, input: { identifier: string; request: number }): Promise<void> {
  const memorial = await managed(ctx, caller, input.identifier);
  const secret = newToken();
  await ctx.db.transaction().execute(async (trx) => {
    const request = await repo.takeRequest(trx, memorial.id, input.request);
    if (!request) throw notFound(ACCESS_REQUEST_MESSAGES.requestNotFound);
    await repo.replaceGrant(trx, {
      memorialId: memorial.id,
      name: request.name,
      email: request.email,
      mailbox: request.mailbox,
      tokenHash: hashToken(secret),
      createdAt: ctx.now().toISOString(),
    });
    await ctx.mail.queue(personalLinkMail(request, memorial.fullname, personalLink(ctx, memorial, secret)), trx);
  });
}

/** POST /access-requests/decline: the request and its data are deleted; a gentle line only if the family wants it. */
export async function decline(ctx: AppContext, caller: Caller, input: { identifier: string; request: number; notify: boolean }): Promise<void> {
  const memorial = await managed(ctx, caller, input.identifier);
  await ctx.db.transaction().execute(async (trx) => {
    const request = await repo.takeRequest(trx, memorial.id, input.request);
    if (!request) throw notFound(ACCESS_REQUEST_MESSAGES.requestNotFound);
    if (input.notify) await ctx.mail.queue(declinedMail(request, memorial.fullname), trx);
  });
}

/** POST /access-requests/block: the request is deleted and its address may not ask this memorial again. */
export async function block(ctx: AppContext, caller: Caller, input: { identifier: string; request: number }): Promise<void> {
  const memorial = await managed(ctx, caller, input.identifier);
  await ctx.db.transaction().execute(async (trx) => {
    const request = await repo.takeRequest(trx, memorial.id, input.request);
    if (!request) throw notFound(ACCESS_REQUEST_MESSAGES.requestNotFound);
    await repo.insertBlock(trx, { memorialId: memorial.id, email: request.email, mailbox: request.mailbox, createdAt: ctx.now().toISOString() });
  });
}

export async function unblock(ctx: AppContext, caller: Caller, input: { identifier: string; block: number }): Promise<void> {
  const memorial = await managed(ctx, caller, input.identifier);
  if (!(await repo.deleteBlock(ctx.db, memorial.id, input.block))) throw notFound(ACCESS_REQUEST_MESSAGES.blockNotFound);
}

/** POST /access-grants/revoke: the link stops at once, and the session it opened with it. */
export async function revoke(ctx: AppContext, caller: Caller, input: { identifier: string; grant: number }): Promise<void> {
  const memorial = await managed(ctx, caller, input.identifier);
  const removed = await ctx.db.transaction().execute((trx) => repo.deleteGrant(trx, memorial.id, input.grant));
  if (!removed) throw notFound(ACCESS_REQUEST_MESSAGES.grantNotFound);
}

/**
 * POST /user/guest/link-login: the personal link's secret buys a guest session of its memorial. One
 * session per link: opening it again (on another phone) ends the session it opened before.
 */
export async function linkLogin(ctx: AppContext, address: string, input: { identifier: string; link: string }): Promise<string> {
  const grant = await ctx.attempts.attempt(LINK_LOGIN_POLICY, input.identifier, address, () => repo.grantOfLink(ctx.db, input.identifier, hashToken(input.link)));
  if (!grant) throw new AppError(401, ACCESS_REQUEST_MESSAGES.linkInvalid);
  return ctx.db.transaction().execute(async (trx) => {
    // First, so a take-back racing this one either waits for it (and then ends the new session) or
    // has already won (and the link is refused, as it would be a moment later).
    if (!(await repo.markGrantOpened(trx, grant.id, ctx.now().toISOString()))) throw new AppError(401, ACCESS_REQUEST_MESSAGES.linkInvalid);
    await revokeGrantSessions(trx, grant.id);
    // Sessions live on the real clock, as the access code's (guest.service).
    return createGuestSession(trx, grant.memorialId, grant.accessCodeVersion, new Date(), grant.id);
  });
}
