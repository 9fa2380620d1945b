// The profile picture for the printed card, read from the media store. A card without the photo is
// better than no card: a missing or unreadable object is logged and left out.
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readProfilePhoto(ctx: AppContext, photoKey: string | null): Promise<Buffer | null> {
  if (!photoKey) return null;
  try {
    const object = await ctx.media.get(`${photoKey}.jpg`);
    if (!object) {
      ctx.log.warn({ photoKey }, 'remembrance card without its photo: the picture is not in the store');
      return null;
    }
    return await readAll(object.body);
  } catch (err) {
    ctx.log.warn({ err, photoKey }, 'remembrance card without its photo: the picture could not be read');
    return null;
  }
}
