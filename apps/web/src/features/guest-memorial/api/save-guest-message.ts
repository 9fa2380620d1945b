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

/**
 * The server's message, and for a video it converts before the family sees it, the receipt with
 * which this page asks how that went (issue 26; api/video-receipts.ts).
 */
export async function saveGuestMessage(input: GuestMessageInput, onUploadProgress?: (progress: UploadProgress) => void): Promise<{ message: string; receipt: string | null }> {
  const body = { ...input };
  const envelope = await contentApi.request<{ receipt?: unknown }>('POST', '/content/save-guest-message', onUploadProgress ? { body, onUploadProgress } : { body });
  const receipt = (envelope.data as { receipt?: unknown } | undefined)?.receipt;
  return { message: envelope.message, receipt: typeof receipt === 'string' && receipt ? receipt : null };
}
