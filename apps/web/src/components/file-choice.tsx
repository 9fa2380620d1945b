// A file input that speaks Spanish whatever the phone's language. The browser's own control writes
// its button and its "no file" line in the browser's language ("Choose File", "No file chosen" on a
// phone or a computer set to English), and no page can change them. Here the real input stays the
// control — its label, its focus, the keyboard, the picker on a tap, a screen reader's reading — but
// is laid, transparent, over a button and the chosen file's name drawn for the eye only. React API
// only: the guest modal runs it on Preact.
import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';
import './file-choice.css';

export const NO_FILE_CHOSEN = 'Ningún archivo elegido';

export interface FileChoiceProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'id'> {
  id: string;
  /** What the button says ('Elegir foto'). */
  action: string;
  /**
   * The chosen file's name, or null for none yet. Left out, no name is shown (a field that moves on
   * as soon as a file is chosen, as the photo's cropper does).
   */
  chosen?: string | null;
  /** The wrapper's extra class (e.g. 'visually-hidden' while the cropper shows). */
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function FileChoice({ id, action, chosen, className, inputRef, ...input }: FileChoiceProps) {
  return (
    <div className={['file-choice', className ?? ''].filter(Boolean).join(' ')}>
      <input {...input} ref={inputRef} id={id} type="file" className="file-choice__input" />
      <span className="btn btn--secondary btn--sm file-choice__button" aria-hidden="true">
        {action}
      </span>
      {chosen === undefined ? null : (
        <span className="file-choice__name" aria-hidden="true">
          {chosen ?? NO_FILE_CHOSEN}
        </span>
      )}
    </div>
  );
}

/** The first file of a file input's change, or null when the choice was called off. */
export const chosenFile = (event: ChangeEvent<HTMLInputElement>): File | null => event.currentTarget.files?.[0] ?? null;
