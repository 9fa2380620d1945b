// Videos (DESIGN §6): MP4 only, recognised by its leading `ftyp` box and an MP4 brand, never by its
// name or declared type. The check runs on the stream as it arrives, so a wrong file is refused
// after a few bytes and the video is never held whole in memory.
import { MESSAGES } from '@recuerdos/shared/fields';
import { AppError } from '../http/errors';

/** ISO base media brands that browsers play as video/mp4 (QuickTime 'qt  ' is not one of them). */
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9',
  'mp41', 'mp42', 'mp71', 'avc1', 'hvc1', 'hev1', 'av01', 'M4V ', 'M4VP', 'mmp4', 'dash', 'MSNV', 'XAVC',
]);

const MAX_FTYP_BYTES = 4096;

export type Mp4Verdict = 'mp4' | 'not-mp4' | 'need-more';

/** Judges the first bytes of a file: a `ftyp` box whose major or a compatible brand is MP4. */
export function checkMp4Head(head: Buffer): Mp4Verdict {
  if (head.length < 8) return 'need-more';
  const size = head.readUInt32BE(0);
  if (head.toString('latin1', 4, 8) !== 'ftyp' || size < 16 || size > MAX_FTYP_BYTES) return 'not-mp4';
  if (head.length < size) return 'need-more';
  for (let offset = 8; offset + 4 <= size; offset += 4) {
    // offset 12 is the minor version, not a brand.
    if (offset !== 12 && MP4_BRANDS.has(head.toString('latin1', offset, offset + 4))) return 'mp4';
  }
  return 'not-mp4';
}

export const videoInvalid = () => new AppError(400, MESSAGES.videoInvalid);
export const videoTooLarge = () => new AppError(413, MESSAGES.videoTooLarge);

/**
 * Passes the chunks through once the head is known to be MP4; throws 400 otherwise, and 413 as soon
 * as `overLimit()` says the upload went past spec §9's 50 MB.
 */
export async function* mp4Checked(source: AsyncIterable<Buffer>, overLimit: () => boolean): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source) {
    if (overLimit()) throw videoTooLarge();
    if (head === null) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    const verdict = checkMp4Head(head);
    if (verdict === 'not-mp4') throw videoInvalid();
    if (verdict === 'mp4') {
      yield head;
      head = null;
    }
  }
  if (overLimit()) throw videoTooLarge();
  if (head !== null) throw videoInvalid();
}
