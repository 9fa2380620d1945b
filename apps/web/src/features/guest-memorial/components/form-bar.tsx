// The form bar of a private memorial (spec §2): the prompt 'Deja tu mensaje ...' opens the message
// modal, 'Foto' and 'Video' theirs — each only when the memorial's flags allow it (spec §4, §6).
import { CameraIcon, VideoIcon } from '../../../components/memorial/memorial-icons';
import type { PostKind } from '@recuerdos/shared/post-schemas';

interface FormBarProps {
  messagesAllowed: boolean;
  picturesAllowed: boolean;
  onOpen: (kind: PostKind) => void;
}

export function FormBar({ messagesAllowed, picturesAllowed, onOpen }: FormBarProps) {
  if (!messagesAllowed && !picturesAllowed) return null;
  return (
    <section className="form-bar" aria-label="Comparte un recuerdo">
      {messagesAllowed ? (
        <button type="button" className="form-bar__prompt" onClick={() => onOpen('message')}>
          Deja tu mensaje ...
        </button>
      ) : (
        <p className="form-bar__label">Comparte un recuerdo</p>
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
