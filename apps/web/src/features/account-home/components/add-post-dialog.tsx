// The owner's add-post dialog (spec §2, §5): 'Deja tu foto' (choose, crop square, 'Seleccionar',
// 'Guardar'; 800×800 JPEG), 'Deja tu mensaje' (text required) and 'Deja tu video' (mp4, at most
// 50 MB). Text at most 500 characters with its counter. Saving starts after 500 ms, shows the upload
// progress, and on success the new post goes first and the dialog closes. A failed upload keeps what
// was written and chosen, says why and offers "Reintentar" (issue 13 §4; spec §8 was silent).
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '@recuerdos/shared/limits';
import { adminPostFormSchema, videoProblem, type PostKind } from '@recuerdos/shared/post-schemas';
import { Button } from '../../../components/button';
import { TextArea } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { pictureFieldError } from '../../../components/memorial/picture-crop-field';
import { PostMediaField, postUploadLabel } from '../../../components/memorial/post-media-field';
import { SubmitFailure } from '../../../components/memorial/submit-failure';
import { UploadProgress } from '../../../components/memorial/upload-progress';
import { errorMessage } from '../../../lib/api-client';
import { useAccountUser } from '../../../lib/account/account-user';
import { useSaveAdminPost } from '../api/save-admin-post';

export const POST_DIALOG_TITLES: Record<PostKind, string> = {
  picture: 'Deja tu foto',
  message: 'Deja tu mensaje',
  video: 'Deja tu video',
};

interface AddPostDialogProps {
  kind: PostKind | null;
  onClose: () => void;
}

export function AddPostDialog({ kind, onClose }: AddPostDialogProps) {
  // While a post is being sent the dialog stays: its spinner and progress are the owner's only news.
  const [saving, setSaving] = useState(false);
  return (
    <Modal open={kind !== null} onClose={onClose} title={kind ? POST_DIALOG_TITLES[kind] : ''} size="md" dismissible={!saving}>
      {kind ? <AddPostForm key={kind} kind={kind} saving={saving} setSaving={setSaving} onDone={onClose} /> : null}
    </Modal>
  );
}

interface AddPostFormProps {
  kind: PostKind;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  onDone: () => void;
}

/** What a failed save kept, so the owner knows nothing is lost. */
const OWNER_KEPT: Record<PostKind, string> = {
  message: 'Lo que escribiste sigue aquí: puedes reintentarlo.',
  picture: 'Lo que escribiste y la foto que elegiste siguen aquí: puedes reintentarlo.',
  video: 'Lo que escribiste y el video que elegiste siguen aquí: puedes reintentarlo.',
};

function AddPostForm({ kind, saving, setSaving, onDone }: AddPostFormProps) {
  const user = useAccountUser();
  const [message, setMessage] = useState('');
  const [picture, setPicture] = useState<Blob | null>(null);
  const [cropPending, setCropPending] = useState(false);
  const [video, setVideo] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ message?: string | undefined; picture?: string | undefined; video?: string | undefined }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const savePost = useSaveAdminPost(user.identifier);
  const timer = useRef<number | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
      window.clearTimeout(timer.current);
    },
    [],
  );

  const validate = () => {
    const next: typeof errors = {};
    const text = adminPostFormSchema(kind).safeParse({ message });
    if (!text.success) next.message = text.error.issues[0]?.message;
    if (kind === 'picture') next.picture = pictureFieldError(picture, cropPending) ?? undefined;
    if (kind === 'video') next.video = errors.video ?? videoProblem(video, LIMITS.ownerVideoMaxBytes) ?? undefined;
    setErrors(next);
    return !next.message && !next.picture && !next.video;
  };

  const save = async () => {
    const input = { identifier: user.identifier, message, picture: kind === 'picture' ? picture : null, video: kind === 'video' ? video : null };
    try {
      // The hook sends a video resumably first and places the new post first in the list.
      await savePost.mutateAsync({ input, onProgress: setProgress });
      setSaving(false);
      onDone();
    } catch (err) {
      // What was written and chosen stays; the owner is told why and may retry (issue 13 §4), which
      // goes on with the same upload unless the server no longer has it.
      setSaving(false);
      if (mounted.current) {
        setProgress(null);
        setFailure(errorMessage(err));
      }
    }
  };

  const submit = () => {
    if (saving || !validate()) return;
    setFailure(null);
    setSaving(true);
    // Spec §7, §9: the save starts 500 ms after 'Guardar'.
    timer.current = window.setTimeout(() => void save(), LIMITS.saveDelayMs);
  };

  return (
    <form
      className="add-post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <PostMediaField
        kind={kind}
        videoMaxBytes={LIMITS.ownerVideoMaxBytes}
        picture={picture}
        error={kind === 'video' ? errors.video : errors.picture}
        disabled={saving}
        onPicture={setPicture}
        onCropPending={setCropPending}
        onVideo={setVideo}
        onProblem={(problem) => setErrors((e) => ({ ...e, [kind]: problem ?? undefined }))}
      />
      <TextArea
        label={kind === 'message' ? 'Mensaje' : 'Mensaje (opcional)'}
        value={message}
        maxLength={LIMITS.messageMax}
        count={{ value: message.length, max: LIMITS.messageMax }}
        error={errors.message}
        disabled={saving}
        onChange={(event) => {
          setMessage(event.target.value);
          if (errors.message) setErrors((e) => ({ ...e, message: undefined }));
        }}
      />
      {progress !== null && kind !== 'message' ? <UploadProgress percent={progress} label={postUploadLabel(kind, progress)} /> : null}
      {failure && !saving ? <SubmitFailure message={`No pudimos guardar la publicación. ${failure}`} kept={OWNER_KEPT[kind]} onRetry={submit} /> : null}
      <div className="add-post__actions">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" loading={saving}>
          Guardar
        </Button>
      </div>
    </form>
  );
}
