// POST /content/save-admin-message, multipart {identifier, message, postPicture | postVideo} with
// upload progress (spec §7), or with `upload`: the id of a finished resumable upload of the video
// (issue 13 §4). The reply's data.data {path, date, reg} becomes the new post, which the hook
// places first in the owner's list; a reply not shaped as expected still adds it, with the current
// time and no path (spec §8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, SavedPostData } from '@recuerdos/shared/api-types';
import { limaDateTime } from '@recuerdos/shared/dates';
import { ApiError, type UploadProgress } from '../../../lib/api-client';
import { contentApi } from '../../../lib/api';
import { accountKeys } from '../../../lib/account/keys';
import { useResumableVideo } from '../../../lib/use-resumable-video';

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
    // A video may be converting (issue 26): shown so until the list, asked again at once, says.
    ...(input.video ? { processing: { progress: 0 } } : {}),
  };
}

export interface SaveAdminPostVariables {
  input: AdminPostInput;
  /** The upload's progress, 0–100 (a video's from 0 as soon as it starts). */
  onProgress: (percent: number) => void;
}

/**
 * Saves the owner's post and places it first in their list. A video goes first, resumably: a
 * dropped connection costs only what was in flight, and saving the same file again (the dialog's
 * "Reintentar") goes on with the same upload unless the server no longer has it (issue 13 §4). The
 * caller says a failure itself: the dialog keeps what was written and offers to retry.
 */
export function useSaveAdminPost(identifier: string) {
  const queryClient = useQueryClient();
  const resumable = useResumableVideo(identifier);
  return useMutation({
    mutationFn: async ({ input, onProgress }: SaveAdminPostVariables) => {
      if (input.video) onProgress(0);
      const upload = input.video ? await resumable.upload(input.video, onProgress) : undefined;
      const reply = await saveAdminPost(upload ? { ...input, upload } : input, (p) => onProgress(p.percent));
      resumable.forget();
      return reply;
    },
    onSuccess: (reply, { input }) => {
      queryClient.setQueryData<Post[]>(accountKeys.adminPosts(input.identifier), (posts = []) => {
        const top = posts.reduce((max, post) => Math.max(max, post.place), 0);
        return [savedPost(reply, input, top), ...posts];
      });
      if (input.video) void queryClient.invalidateQueries({ queryKey: accountKeys.adminPosts(input.identifier) });
    },
    onError: (error) => {
      // The server no longer has the upload: a retry starts a new one.
      if (error instanceof ApiError && error.code === '404') resumable.forget();
    },
  });
}
