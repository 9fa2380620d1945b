// The guest modal (spec §2, §5 'Guest modal'): 'Deja tu mensaje', 'Deja tu foto' or 'Deja tu video'.
// Name (required, ≤ 60), optional e-mail (≤ 80), the message (≤ 500 with a live counter; required for
// a message, optional with media and sent as ' ' when empty; only when messages are allowed), the
// cropped picture or the mp4 video (≤ 50 MB), a consent notice (Ley N.° 29733), upload progress,
// and the toast 'Su memoria ha sido enviada'. Loaded only when a visitor opens it.
import { useCallback, useState, type ChangeEvent } from 'react';
import { Controller } from 'react-hook-form';
import { LIMITS } from '@recuerdos/shared/limits';
import { guestPostFormSchema, videoProblem, type PostKind } from '@recuerdos/shared/post-schemas';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { TextArea, TextField } from '../../../components/field';
import { pictureFieldError } from '../../../components/memorial/picture-crop-field';
import { PostMediaField, postUploadLabel } from '../../../components/memorial/post-media-field';
import { SubmitFailure } from '../../../components/memorial/submit-failure';
import { UploadProgress } from '../../../components/memorial/upload-progress';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { useResumableVideo } from '../../../lib/use-resumable-video';
import { saveGuestMessage } from '../api/save-guest-message';
import { rememberVideoReceipt } from '../api/video-receipts';
import { VISITORS_SECTION_TITLE } from './section-names';
import './guest-post-modal.css';

const TITLES: Record<PostKind, string> = { message: 'Deja tu mensaje', picture: 'Deja tu foto', video: 'Deja tu video' };

/**
 * Refusals the visitor can act on (the memorial's waiting list is full, their daily upload budget is
 * spent, they sent many in a short time): shown with the server's words. Anything else stays silent
 * as spec §8 asks.
 */
const SPOKEN_REFUSALS = new Set(['409', '413', '429']);

export const SENT_TITLE = 'Su memoria ha sido enviada';
/** Ours (the spec gives only the title): the visitor's voice (tú) and the section's name on the page. */
export const SENT_TEXT = `La familia revisará tu recuerdo y, cuando lo apruebe, aparecerá en «${VISITORS_SECTION_TITLE}». Gracias por tu cariño.`;
/** A video the server converts first (issue 26): the visitor learns here if that fails. */
export const SENT_VIDEO_TEXT = `${SENT_TEXT} Estamos preparando tu video: si no pudiéramos procesarlo, te avisaremos en esta página.`;

interface GuestPostModalProps {
  kind: PostKind;
  identifier: string;
  messagesAllowed: boolean;
  onClose: () => void;
  /** A video sent that the server converts first: its receipt is kept, and the page watches it. */
  onVideoConverting?: () => void;
}

/**
 * Controlled fields (value + onChange), never `register`'s ref: on Preact a ref given to a function
 * component does not reach its input (no ref-as-prop), and react-hook-form would not read it.
 */
function controlled(field: { name: string; value: string | undefined; onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void; onBlur: () => void }) {
  return { name: field.name, value: field.value ?? '', onChange: field.onChange, onBlur: field.onBlur };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a failed submission kept, so the visitor knows nothing is lost. */
const KEPT: Record<PostKind, string> = {
  message: 'Tu nombre y tu mensaje siguen aquí: puedes reintentarlo.',
  picture: 'Tu nombre, tu mensaje y la foto que elegiste siguen aquí: puedes reintentarlo.',
  video: 'Tu nombre, tu mensaje y el video que elegiste siguen aquí: puedes reintentarlo.',
};

export function GuestPostModal({ kind, identifier, messagesAllowed, onClose, onVideoConverting }: GuestPostModalProps) {
  const form = useZodForm(guestPostFormSchema(kind, messagesAllowed), { defaultValues: { fullname: '', email: '', message: '' } });
  const { control, handleSubmit, formState, watch } = form;
  const [picture, setPicture] = useState<Blob | null>(null);
  const [cropPending, setCropPending] = useState(false);
  const [video, setVideo] = useState<File | null>(null);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  /** The server's refusal the visitor can act on (SPOKEN_REFUSALS). */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Any other failure (a dropped connection at the cemetery): said, with "Reintentar" (issue 13 §4). */
  const [failure, setFailure] = useState<string | null>(null);
  const message = watch('message');
  const resumable = useResumableVideo(identifier);

  const mediaProblem = useCallback((): string | null => {
    if (kind === 'picture') return pictureFieldError(picture, cropPending);
    if (kind === 'video') return videoProblem(video);
    return null;
  }, [kind, picture, cropPending, video]);

  const send = async (values: { fullname: string; email: string; message: string }) => {
    const problem = mediaProblem();
    setMediaError(problem);
    if (problem) return;
    setRefusal(null);
    setFailure(null);
    setSending(true);
    try {
      // Spec §9: a submit starts after 500 ms.
      await wait(LIMITS.saveDelayMs);
      const withMedia = kind !== 'message';
      if (withMedia) setProgress(0);
      // A video goes first, resumably: a dropped connection costs only what was in flight (issue 13 §4).
      const upload = kind === 'video' && video ? await resumable.upload(video, setProgress) : undefined;
      const { receipt } = await saveGuestMessage(
        {
          identifier,
          fullname: values.fullname,
          email: values.email,
          // Spec §5: an empty message is sent as a single space.
          message: values.message.trim() ? values.message : ' ',
          ...(kind === 'picture' && picture ? { postPicture: picture } : {}),
          ...(upload ? { upload } : {}),
        },
        kind === 'picture' ? ({ percent }) => setProgress(percent) : undefined,
      );
      resumable.forget();
      if (receipt) rememberVideoReceipt(identifier, receipt);
      showToast('success', SENT_TITLE, receipt ? SENT_VIDEO_TEXT : SENT_TEXT);
      onClose();
      if (receipt) onVideoConverting?.();
    } catch (error) {
      // An upload the server no longer has is sent again on the next try.
      if (error instanceof ApiError && error.code === '404') resumable.forget();
      // The form keeps everything (spec §8 was silent; issue 13 §4 says why and offers a retry).
      if (error instanceof ApiError && SPOKEN_REFUSALS.has(error.code)) setRefusal(error.message);
      else setFailure(errorMessage(error));
      setSending(false);
      setProgress(null);
    }
  };

  const onInvalid = () => setMediaError(mediaProblem());

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!sending}
      title={TITLES[kind]}
      className="guest-post-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancelar
          </Button>
          <Button type="submit" form="guest-post-form" loading={sending}>
            Guardar
          </Button>
        </>
      }
    >
      <form id="guest-post-form" noValidate onSubmit={(event) => void handleSubmit(send, onInvalid)(event)}>
        <Controller
          control={control}
          name="fullname"
          render={({ field }) => (
            <TextField label="Tu nombre" autoComplete="name" blockEnter error={formState.errors.fullname?.message} disabled={sending} {...controlled(field)} />
          )}
        />
        <Controller
          control={control}
          name="email"
          render={({ field }) => (
            <TextField
              label="Tu correo electrónico (opcional)"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              blockEnter
              hint="Solo para avisarte cuando la familia apruebe tu recuerdo."
              error={formState.errors.email?.message}
              disabled={sending}
              {...controlled(field)}
            />
          )}
        />
        <PostMediaField
          kind={kind}
          picture={picture}
          error={mediaError ?? undefined}
          disabled={sending}
          onPicture={setPicture}
          onCropPending={setCropPending}
          onVideo={setVideo}
          onProblem={setMediaError}
          blockEnterOnVideo
        />
        {messagesAllowed ? (
          <Controller
            control={control}
            name="message"
            render={({ field }) => (
              <TextArea
                label={kind === 'message' ? 'Tu mensaje' : 'Tu mensaje (opcional)'}
                error={formState.errors.message?.message}
                count={{ value: (message ?? '').length, max: LIMITS.messageMax }}
                disabled={sending}
                {...controlled(field)}
              />
            )}
          />
        ) : null}
        {refusal ? <FormAlert tone="error">{refusal}</FormAlert> : null}
        {failure && !sending ? (
          <SubmitFailure message={`No pudimos enviar tu recuerdo. ${failure}`} kept={KEPT[kind]} onRetry={() => void handleSubmit(send, onInvalid)()} />
        ) : null}
        {progress !== null ? <UploadProgress percent={progress} label={postUploadLabel(kind, progress)} /> : null}
        <p className="guest-post-modal__consent">
          Tu nombre, tu correo y lo que compartas se usan solo para mostrar tu recuerdo en este memorial cuando la familia lo apruebe y para avisarte
          de ello; no los compartimos con nadie más. Puedes pedir que los borremos en cualquier momento (Ley N.° 29733 de Protección de Datos
          Personales). <a href="/privacidad">Política de privacidad</a>.
        </p>
      </form>
    </Modal>
  );
}
