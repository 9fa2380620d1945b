// POST /content/save-admin-message, multipart {identifier, message, postPicture | postVideo} with
// upload progress (spec §7), or with `upload`: the id of a finished resumable upload of the video
// (issue 13 §4). The reply's data.data {path, date, reg} becomes the new post, which is
// placed first; a reply not shaped as expected still adds it, with the current time and no path
// (spec §8).
import type { Post, SavedPostData } from '@recuerdos/shared/api-types';
import { limaDateTime } from '@recuerdos/shared/dates';
import type { UploadProgress } from '../../../lib/api-client';
import { contentApi } from '../../../lib/api';

export interface AdminPostInput {
  identifier: string;
  /** '' is sent as a single space (spec §5). */
  message: string;
  picture?: Blob | null;
  video?: File | null;
  /** A finished resumable upload of `video`, sent instead of the file. */
  upload?: string;
}

export async function saveAdminPost(input: AdminPostInput, onUploadProgress?: (progress: UploadProgress) => void): Promise<Partial<SavedPostData>> {
  const body = {
    identifier: input.identifier,
    message: input.message.trim() === '' ? ' ' : input.message,
    postPicture: input.picture ?? undefined,
    postVideo: input.upload ? undefined : (input.video ?? undefined),
    upload: input.upload,
  };
  const hasFile = Boolean(input.picture ?? (input.upload ? null : input.video));
  return contentApi.post<Partial<SavedPostData>>('/content/save-admin-message', body, hasFile && onUploadProgress ? { onUploadProgress } : {});
}

/** The new post as the list shows it: first place, signed 'Familia'. */
export function savedPost(reply: Partial<SavedPostData> | undefined, input: AdminPostInput, topPlace: number, now = new Date()): Post {
  const saved = reply?.data;
  const reg = typeof saved?.reg === 'string' && saved.reg ? saved.reg : typeof saved?.date === 'string' && saved.date ? saved.date : limaDateTime(now);
  return {
    identifier: input.identifier,
    reg,
    date: typeof saved?.date === 'string' && saved.date ? saved.date : reg,
    fullname: 'Familia',
    text: input.message.trim(),
    path: typeof saved?.path === 'string' ? saved.path : '',
    place: topPlace + 1,
  };
}
