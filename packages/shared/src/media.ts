// How stored pictures are named, so the server writes and the browser reads the same variants.
// A picture's API path is its largest JPEG, `/media/<key>.jpg`; beside it the server stores WebP
// variants `/media/<key>-<width>.webp` for `srcset` (DESIGN §6).
import { isVideoPath } from './format';

export const POST_PICTURE_WIDTHS = [240, 480, 800] as const;
export const PROFILE_PICTURE_WIDTHS = [130, 260, 300] as const;

export type PictureKind = 'post' | 'profile';

export function pictureWidths(kind: PictureKind): readonly number[] {
  return kind === 'post' ? POST_PICTURE_WIDTHS : PROFILE_PICTURE_WIDTHS;
}

/** `srcset` for a stored picture path, or '' for a video, an empty path or a foreign URL. */
export function pictureSrcSet(path: string | null | undefined, kind: PictureKind): string {
  if (!path || isVideoPath(path) || !path.startsWith('/media/') || !path.endsWith('.jpg')) return '';
  const base = path.slice(0, -'.jpg'.length);
  return pictureWidths(kind)
    .map((width) => `${base}-${width}.webp ${width}w`)
    .join(', ');
}

/** The API path of a stored picture: its largest JPEG. '' when there is none. */
export function picturePath(key: string | null | undefined): string {
  return key ? `/media/${key}.jpg` : '';
}

/** The API path of a stored video. */
export function videoPath(key: string): string {
  return `/media/${key}.mp4`;
}
