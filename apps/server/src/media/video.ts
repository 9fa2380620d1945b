// Videos (DESIGN §6; issue 26): what a phone records — MP4, MOV, 3GP, M4V or WebM — recognised by
// what ffprobe reads in the bytes once they are in (video-processing.ts), never by the name or the
// declared type. Here: the size limit, checked as the bytes arrive so a file over it is refused
// without being held whole, and the refusals.
import { MESSAGES } from '@recuerdos/shared/fields';
import { AppError } from '../http/errors';

export const videoTooLarge = () => new AppError(413, MESSAGES.videoTooLarge);

/** Passes the chunks through; throws 413 as soon as `overLimit()` says the upload went past its limit. */
export async function* sizeChecked(source: AsyncIterable<Buffer>, overLimit: () => boolean): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    if (overLimit()) throw videoTooLarge();
    yield chunk;
  }
  if (overLimit()) throw videoTooLarge();
}
