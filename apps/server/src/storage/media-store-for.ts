// The media store chosen by configuration (DESIGN §2: MEDIA_DIR, or S3 when S3_BUCKET is set).
import type { AppContext } from '../context';
import { DiskMediaStore } from './disk-media-store';
import type { MediaStore } from './media-store';

const stores = new WeakMap<AppContext, MediaStore>();

/** The store of a running app (one per context, so tests each get their own folder). */
export function mediaStoreFor(ctx: AppContext): MediaStore {
  let store = stores.get(ctx);
  if (!store) {
    if (ctx.config.s3) {
      // Refuse rather than silently keep media on a disk nobody backs up.
      throw new Error('S3_BUCKET is set, but the S3 media store is not implemented yet: unset S3_BUCKET to store media in MEDIA_DIR');
    }
    store = new DiskMediaStore(ctx.config.mediaDir);
    stores.set(ctx, store);
  }
  return store;
}
