// The owner's form bar (spec §2, §6: always shown to the owner): 'Deja tu mensaje ...' opens the
// message dialog, 'Foto' and 'Video' the picture and video dialogs.
import type { PostKind } from '@recuerdos/shared/post-schemas';
import { PlusIcon } from '../../../components/account-icons';

export function AddPostBar({ onOpen }: { onOpen: (kind: PostKind) => void }) {
  return (
    <div className="add-post-bar" role="group" aria-label="Agregar una publicación">
      <button type="button" className="add-post-bar__prompt" onClick={() => onOpen('message')}>
        Deja tu mensaje ...
      </button>
      <button type="button" className="add-post-bar__kind" onClick={() => onOpen('picture')}>
        <PlusIcon />
        Foto
      </button>
      <button type="button" className="add-post-bar__kind" onClick={() => onOpen('video')}>
        <PlusIcon />
        Video
      </button>
    </div>
  );
}
