// The media store chosen by configuration (DESIGN §2): S3 when S3_BUCKET is set, else MEDIA_DIR.
import type { Config } from '../config';
import { DiskMediaStore } from './disk-media-store';
import type { MediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';

export function openMediaStore(config: Config): MediaStore {
  return config.s3 ? new S3MediaStore(config.s3) : new DiskMediaStore(config.mediaDir);
}
