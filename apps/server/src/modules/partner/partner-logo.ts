// The partner's logo (issue 30 §1, §4, §5): uploaded by the operator in the back office, shown small
// beside "Con el acompañamiento de <partner>" on the QR page during the funeral phase and on the
// recordatorio card. PNG, JPEG or WebP by their bytes (never the name or the declared type), decoded
// and re-encoded with sharp into one WebP of PARTNER_LOGO's size with its transparency kept, so
// nothing of the original file survives and every logo has the same box. Stored in the media store
// (`<key>.webp`, public: a funeral home's logo is no family's secret), written to a temporary object
// first and promoted only once the row names it (STYLE habit 7).
import type { Kysely, Transaction } from 'kysely';
import { limaDate } from '@recuerdos/shared/dates';
import { BACKOFFICE_PARTNER_MESSAGES, BACKOFFICE_PARTNER_TEXT, PARTNER_LOGO } from '@recuerdos/shared/partner-schemas';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/database';
import { AppError, badRequest } from '../../http/errors';
import { newMediaKey } from '../../media/media-keys';
import { MAX_INPUT_PIXELS } from '../../media/picture';
import { sharp } from '../../media/sharp';
import { recordAudit, type AuditActor } from '../audit/audit.service';

type LogoFormat = 'png' | 'jpeg' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format told by the first bytes, or null for anything that is not PNG, JPEG or WebP. */
export function sniffLogo(bytes: Buffer): LogoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const invalid = () => badRequest(BACKOFFICE_PARTNER_TEXT.logoInvalid);

/** The stored logo: fitted inside PARTNER_LOGO on a transparent canvas, WebP with its alpha. */
export async function processLogo(input: Buffer): Promise<Buffer> {
  const format = sniffLogo(input);
  if (!format) throw invalid();
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });
    // The bytes said PNG/JPEG/WebP; the decoder must agree (no SVG, GIF or TIFF behind a forged header).
    if ((await image.metadata()).format !== format) throw invalid();
    return await image
      .rotate()
      .resize(PARTNER_LOGO.width, PARTNER_LOGO.height, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .toColourspace('srgb')
      .ensureAlpha()
      .webp({ quality: 88, alphaQuality: 100, effort: 4 })
      .toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Corrupt, truncated, too many pixels: sharp's reason is for the log, not for the operator.
    throw invalid();
  }
}

/** The stored object of a logo key. */
export function logoObject(key: string): string {
  return `${key}.webp`;
}

/** The path the API answers for a logo key, or null. */
export function logoPath(key: string | null): string | null {
  return key ? `/media/${logoObject(key)}` : null;
}

/** The logo as PNG (pdfkit embeds PNG and JPEG only), or null when there is none or it is gone. */
export async function logoPng(ctx: Pick<AppContext, 'media'>, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const object = await ctx.media.get(logoObject(key));
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return sharp(Buffer.concat(chunks)).png().toBuffer();
}

/**
 * The memorials that show this partner right now (in their funeral phase, Lima's today) get their
 * row touched: the row is the guest page's cache stamp (decisions 007, 031), so a new logo reaches
 * every instance's cached page and changes its ETag, with no extra read on the hot path.
 */
export async function touchFuneralPages(trx: Kysely<Database> | Transaction<Database>, partnerId: number, now: Date): Promise<void> {
  await trx
    .updateTable('memorials')
    .set({ updatedAt: nowIso(now) })
    .where('funeralUntil', '>=', limaDate(now))
    .where('id', 'in', (eb) =>
      eb.selectFrom('partnerSales').innerJoin('contracts', 'contracts.id', 'partnerSales.contractId').select('contracts.memorialId').where('partnerSales.partnerId', '=', partnerId),
    )
    .execute();
}

/**
 * Replaces the partner's logo: the new object, the row, the touched pages, the audit; then the
 * object this upload replaced goes. Uploads at once (two operators, two instances) each replace
 * exactly the key they found (a compare-and-set on the row), and one whose key is no longer the
 * row's once promoted removes its own object: no logo is left behind unnamed.
 */
export async function setPartnerLogo(ctx: AppContext, partnerId: number, input: Buffer, actor: AuditActor): Promise<string> {
  const found = await ctx.db.selectFrom('partners').select(['id', 'name']).where('id', '=', partnerId).executeTakeFirst();
  if (!found) throw new AppError(404, BACKOFFICE_PARTNER_MESSAGES.notFound);
  const webp = await processLogo(input);
  const key = newMediaKey(false);
  const temp = await ctx.media.putTemp(webp, { contentType: 'image/webp' });
  const now = ctx.now();
  let replaced: string | null;
  try {
    replaced = await ctx.db.transaction().execute(async (trx) => {
      for (;;) {
        const { logoKey } = await trx.selectFrom('partners').select('logoKey').where('id', '=', partnerId).executeTakeFirstOrThrow();
        const set = await trx
          .updateTable('partners')
          .set({ logoKey: key, updatedAt: nowIso(now) })
          .where('id', '=', partnerId)
          .where((eb) => (logoKey === null ? eb('logoKey', 'is', null) : eb('logoKey', '=', logoKey)))
          .executeTakeFirst();
        if (Number(set.numUpdatedRows) === 0) continue;
        await touchFuneralPages(trx, partnerId, now);
        await recordAudit(trx, actor, 'partner.logo-changed', `socio:${partnerId}`, { name: found.name });
        return logoKey;
      }
    });
  } catch (err) {
    await ctx.media.discardTemp(temp.tempKey);
    throw err;
  }
  try {
    await ctx.media.promote(temp.tempKey, logoObject(key));
  } catch (err) {
    await ctx.db.updateTable('partners').set({ logoKey: replaced }).where('id', '=', partnerId).where('logoKey', '=', key).execute();
    await ctx.media.discardTemp(temp.tempKey);
    throw err;
  }
  const current = await ctx.db.selectFrom('partners').select('logoKey').where('id', '=', partnerId).executeTakeFirst();
  // A later upload replaced this one before its object was in place: it could not remove it.
  const gone = [replaced, current?.logoKey === key ? null : key].filter((k): k is string => k !== null);
  for (const old of gone) {
    await ctx.media.delete(logoObject(old)).catch((err: unknown) => ctx.log.error({ err, key: old }, 'Could not delete an old partner logo'));
  }
  return key;
}
