// Pictures (DESIGN §6): PNG or JPEG by their bytes, whatever the file is called; re-encoded with
// sharp so nothing of the original file survives (EXIF, GPS, comments, ICC, polyglot payloads),
// turned upright from the EXIF orientation, cropped square to the spec §9 canvas, and stored as
// the largest JPEG plus WebP sizes for `srcset` (@recuerdos/shared/media).
import type { OutputInfo } from 'sharp';
import { sharp } from './sharp';
import { MESSAGES } from '@recuerdos/shared/fields';
import { LIMITS } from '@recuerdos/shared/limits';
import { pictureWidths, type PictureKind } from '@recuerdos/shared/media';
import { AppError } from '../http/errors';

/** A decompression-bomb guard: 24 megapixels (6000×4000) is more than any phone photo needs here. */
export const MAX_INPUT_PIXELS = 24_000_000;

const JPEG_QUALITY = 82;
const WEBP_QUALITY = 78;

export type PictureFormat = 'jpeg' | 'png';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format told by the first bytes, or null for anything that is not PNG or JPEG. */
export function sniffPicture(bytes: Buffer): PictureFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  return null;
}

export interface ProcessedPicture {
  /** The largest size, JPEG: `<key>.jpg`. */
  jpeg: Buffer;
  /** `<key>-<width>.webp` for each width of the kind. */
  webp: { width: number; data: Buffer }[];
}

export function canvasOf(kind: PictureKind): number {
  return kind === 'post' ? LIMITS.postCanvas : LIMITS.profileCanvas;
}

const invalid = () => new AppError(400, MESSAGES.pictureInvalid);

export async function processPicture(input: Buffer, kind: PictureKind): Promise<ProcessedPicture> {
  const format = sniffPicture(input);
  if (!format) throw invalid();
  const size = canvasOf(kind);
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });
    const meta = await image.metadata();
    // The bytes said PNG/JPEG; the decoder must agree (no SVG, GIF or TIFF behind a forged header).
    if (meta.format !== format) throw invalid();
    pixels = await image
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Corrupt, truncated, too many pixels: sharp's reason is for the log, not for the visitor.
    throw invalid();
  }
  const raw = () => sharp(pixels.data, { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } });
  const [jpeg, webp] = await Promise.all([
    raw().jpeg({ quality: JPEG_QUALITY, progressive: true, mozjpeg: true }).toBuffer(),
    Promise.all(
      pictureWidths(kind).map(async (width) => ({
        width,
        data: await raw().resize(width, width).webp({ quality: WEBP_QUALITY }).toBuffer(),
      })),
    ),
  ]);
  return { jpeg, webp };
}
