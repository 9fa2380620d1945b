// A post's picture or video (spec §2 'Add-post dialog and guest modal', §5), for the owner's add-post
// dialog and the guest modal: the picture cropped to the post canvas, or an MP4 video of at most
// 50 MB (anything else is refused and the field cleared). React API only: the guest modal runs it on
// Preact.
import { useId } from 'react';
import { LIMITS, VIDEO_TYPE } from '@recuerdos/shared/limits';
import { videoProblem, type PostKind } from '@recuerdos/shared/post-schemas';
import { blockEnter } from '../../lib/block-enter';
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
  /** The video input's class (each form styles it). */
  videoInputClassName: string;
  /** Spec §5's blocked Enter, on the video input too (the guest modal). */
  blockEnterOnVideo?: boolean;
}

export function PostMediaField({ kind, picture, error, disabled, onPicture, onCropPending, onVideo, onProblem, videoInputClassName, blockEnterOnVideo = false }: PostMediaFieldProps) {
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
        inputClassName={videoInputClassName}
        blockEnterKey={blockEnterOnVideo}
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
  inputClassName: string;
  blockEnterKey: boolean;
  onChange: (video: File | null, problem: string | null) => void;
}

function VideoField({ error, disabled, inputClassName, blockEnterKey, onChange }: VideoFieldProps) {
  const id = useId();
  const hint = `${id}-hint`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        Video
      </label>
      <p className="field__hint" id={hint}>
        Un video MP4 de hasta 50 MB.
      </p>
      <input
        id={id}
        type="file"
        accept={`${VIDEO_TYPE},.mp4`}
        className={inputClassName}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hint} ${id}-error` : hint}
        onKeyDown={blockEnterKey ? blockEnter : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          const problem = file ? videoProblem(file) : null;
          // Spec §5: a video over 50 MB (or not mp4) is refused and the field cleared.
          if (problem) event.target.value = '';
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
