// The form bar of spec §2, the same for the family and for visitors: the prompt 'Deja tu mensaje ...'
// opens the message dialog, 'Foto' and 'Video' theirs. The owner always has all three (spec §6); a
// visitor only what the memorial's flags allow (spec §4).
import type { PostKind } from '@recuerdos/shared/post-schemas';
import { CameraIcon, VideoIcon } from './memorial-icons';
import './form-bar.css';

interface FormBarProps {
  /** The bar's accessible name ('Agregar una publicación', 'Comparte un recuerdo'). */
  label: string;
  messagesAllowed?: boolean;
  picturesAllowed?: boolean;
  onOpen: (kind: PostKind) => void;
  /** A finger or the keyboard on its way to a button: the dialog's code can start loading. */
  onReach?: () => void;
}

export function FormBar({ label, messagesAllowed = true, picturesAllowed = true, onOpen, onReach }: FormBarProps) {
  if (!messagesAllowed && !picturesAllowed) return null;
  return (
    <section className="form-bar" aria-label={label} onPointerDown={onReach} onFocus={onReach}>
      {messagesAllowed ? (
        <button type="button" className="form-bar__prompt" onClick={() => onOpen('message')}>
          Deja tu mensaje ...
        </button>
      ) : (
        <p className="form-bar__label">{label}</p>
      )}
      {picturesAllowed ? (
        <div className="form-bar__media">
          <button type="button" className="form-bar__button" onClick={() => onOpen('picture')}>
            <CameraIcon />
            <span>Foto</span>
          </button>
          <button type="button" className="form-bar__button" onClick={() => onOpen('video')}>
            <VideoIcon />
            <span>Video</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
