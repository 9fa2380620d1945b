// The video of a post form sent resumably (issue 13 §4): one upload per chosen file, kept across
// "Reintentar" so a retry goes on from what the server already has instead of starting again; one
// given up (another file, the form closed) is deleted on the server at once.
import { useCallback, useEffect, useRef } from 'react';
import { createResumableUpload, type ResumableUpload } from './resumable-upload';
import { authHeaders } from './session-storage';

export function useResumableVideo(identifier: string) {
  const current = useRef<{ file: File; upload: ResumableUpload } | null>(null);

  /** Sends the file (or what is left of it); resolves to the upload id the submission names. */
  const upload = useCallback(
    (file: File, onProgress: (percent: number) => void): Promise<string> => {
      if (current.current?.file !== file) {
        // Another file: what the server holds of the one before is of no use.
        current.current?.upload.abandon();
        current.current = { file, upload: createResumableUpload({ file, metadata: { identifier, filename: file.name }, headers: authHeaders }) };
      }
      return current.current.upload.send(onProgress);
    },
    [identifier],
  );

  /** The upload was used (or is gone): the next send of the same file starts a new one. */
  const forget = useCallback(() => {
    current.current = null;
  }, []);

  // The form closed with an upload not used (it failed, or was never sent whole): deleted now.
  useEffect(
    () => () => {
      current.current?.upload.abandon();
      current.current = null;
    },
    [],
  );

  return { upload, forget };
}
