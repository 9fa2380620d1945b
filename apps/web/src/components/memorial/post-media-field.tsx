// A post's picture or video (spec §2 'Add-post dialog and guest modal', §5), for the owner's add-post
// dialog and the guest modal: the picture cropped to the post canvas, or a video as phones record it
// (MP4, MOV, 3GP, WebM; issue 26) of at most 50 MB — the owner's, sent resumably, 1 GB — (anything
// else is refused and the field cleared). React API only: the guest modal runs it on
// Preact.
import { useId, useState } from 'react';
import { LIMITS, VIDEO_ACCEPT } from '@recuerdos/shared/limits';
import { videoProblem, type PostKind } from '@recuerdos/shared/post-schemas';
import { blockEnter } from '../../lib/block-enter';
import { chosenFile, FileChoice } from '../file-choice';
import { PictureCropField } from './picture-crop-field';

export interface PostMediaFieldProps {
  /** 'picture' or 'video' show their field; 'message' has none. */
  kind: PostKind;
  picture: Blob | null;
  /** The form's message for the field shown. */
  error: string | undefined;
  disabled: boolean;
  onPicture: (picture: Blob | null) => void;
  onCropPending: (pending: boolean) => void;
  /** The chosen video, or null (none chosen, or refused). */
  onVideo: (video: File | null) => void;
  /** The field's message as a choice leaves it: a picture chosen clears it; a video chosen sets why it is refused, or clears it. */
  onProblem: (problem: string | null) => void;
  /** Spec §5's blocked Enter, on the video input too (the guest modal). */
  blockEnterOnVideo?: boolean;
  /** The largest video accepted (the owner's: LIMITS.ownerVideoMaxBytes; a visitor's: 50 MB). */
  videoMaxBytes?: number;
}

export function PostMediaField({
  kind,
  picture,
  error,
  disabled,
  onPicture,
  onCropPending,
  onVideo,
  onProblem,
  blockEnterOnVideo = false,
  videoMaxBytes = LIMITS.videoMaxBytes,
}: PostMediaFieldProps) {
  if (kind === 'picture') {
    return (
      <PictureCropField
        canvasSize={LIMITS.postCanvas}
        value={picture}
        onChange={(blob) => {
          onPicture(blob);
          if (blob) onProblem(null);
        }}
        onPendingChange={onCropPending}
        error={error}
        disabled={disabled}
      />
    );
  }
  if (kind === 'video') {
    return (
      <VideoField
        error={error}
        disabled={disabled}
        blockEnterKey={blockEnterOnVideo}
        maxBytes={videoMaxBytes}
        onChange={(video, problem) => {
          onVideo(video);
          onProblem(problem);
        }}
      />
    );
  }
  return null;
}

interface VideoFieldProps {
  error: string | undefined;
  disabled: boolean;
  blockEnterKey: boolean;
  maxBytes: number;
  onChange: (video: File | null, problem: string | null) => void;
}

function VideoField({ error, disabled, blockEnterKey, maxBytes, onChange }: VideoFieldProps) {
  const id = useId();
  const hint = `${id}-hint`;
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        Video
      </label>
      <p className="field__hint" id={hint}>
        {`Un video del celular (MP4, MOV, 3GP o WebM) de hasta ${maxBytes > LIMITS.videoMaxBytes ? '1 GB' : '50 MB'}.`}
      </p>
      <FileChoice
        id={id}
        action="Elegir video"
        chosen={chosen}
        accept={VIDEO_ACCEPT}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hint} ${id}-error` : hint}
        onKeyDown={blockEnterKey ? blockEnter : undefined}
        onChange={(event) => {
          const file = chosenFile(event);
          const problem = file ? videoProblem(file, maxBytes) : null;
          // Spec §5: a video over its limit (or not a video) is refused and the field cleared.
          if (problem) event.currentTarget.value = '';
          setChosen(problem ? null : (file?.name ?? null));
          onChange(problem ? null : file, problem);
        }}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the upload bar says: the upload, then (a video fully sent) the server preparing it. */
export function postUploadLabel(kind: PostKind, percent: number): string {
  return kind === 'video' ? (percent >= 100 ? 'Preparando tu video' : 'Subiendo tu video') : 'Subiendo tu foto';
}
