// POST /content/save-guest-message (spec §7): multipart identifier, fullname, email, message and
// optionally postPicture (800×800 JPEG) or postVideo (mp4), with upload progress; or `upload`, the id
// of a finished resumable upload of the video (issue 13 §4).
import type { UploadProgress } from '../../../lib/api-client';
import { contentApi } from '../../../lib/api';

export interface GuestMessageInput {
  identifier: string;
  fullname: string;
  email: string;
  message: string;
  postPicture?: Blob;
  postVideo?: File;
  upload?: string;
}

export async function saveGuestMessage(input: GuestMessageInput, onUploadProgress?: (progress: UploadProgress) => void): Promise<string> {
  const body = { ...input };
  const envelope = await contentApi.request<Record<string, never>>('POST', '/content/save-guest-message', onUploadProgress ? { body, onUploadProgress } : { body });
  return envelope.message;
}
