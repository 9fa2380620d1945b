// A dialog usable by keyboard: focus moves into it, Tab stays inside (the rest of the page is made
// inert), Escape and the close button close it, and focus returns to where it was.
import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import './modal.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons under the content. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** While a call runs the dialog may refuse to close (Escape, overlay, close button). */
  dismissible?: boolean;
  /**
   * Element to focus first; otherwise the body's first field (a compose dialog opens ready to type,
   * issue 28 §14), else the first focusable control, else the dialog itself.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Hide the visible title (it still names the dialog for screen readers). */
  hideTitle?: boolean;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[inert], [hidden]'));
}

const FIELD = 'input, select, textarea';

/** The first field of the dialog's body (a text box, a file or a choice), if it has one. */
function firstField(dialog: HTMLElement): HTMLElement | undefined {
  const body = dialog.querySelector<HTMLElement>('.modal__body');
  return body ? focusables(body).find((el) => el.matches(FIELD)) : undefined;
}

export function Modal({ open, onClose, title, children, footer, size = 'md', dismissible = true, initialFocus, hideTitle = false, className }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  // Before the paint (a layout effect): the moment the dialog shows, the focus is in it and Escape
  // closes it. As a passive effect it ran a frame later (on Preact, after the next animation frame),
  // and an Escape or Tab in that frame went to the page behind.
  useLayoutEffect(() => {
    if (!open) return;
    const layer = layerRef.current;
    const dialog = dialogRef.current;
    if (!layer || !dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    // Everything else becomes inert (no focus, no clicks, hidden from assistive technology), except
    // what is marked to stay usable over a dialog (the toasts).
    const madeInert: Element[] = [];
    for (const child of Array.from(document.body.children)) {
      if (child !== layer && !child.hasAttribute('inert') && !child.hasAttribute('data-outside-modal') && child.tagName !== 'SCRIPT') {
        child.setAttribute('inert', '');
        madeInert.push(child);
      }
    }
    document.body.classList.add('has-modal');

    const first = initialFocus?.current ?? firstField(dialog) ?? focusables(dialog)[0] ?? dialog;
    first.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (dismissibleRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || active === dialog)) {
        event.preventDefault();
        lastItem?.focus();
      } else if (!event.shiftKey && active === lastItem) {
        event.preventDefault();
        firstItem?.focus();
      }
    };
    dialog.addEventListener('keydown', onKeyDown);

    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      for (const element of madeInert) element.removeAttribute('inert');
      if (!document.querySelector('.modal-layer')) document.body.classList.remove('has-modal');
      previouslyFocused?.focus();
    };
    // Only opening and closing matter; the latest callbacks are read through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div className="modal-layer" ref={layerRef}>
      <div
        className="modal-overlay"
        aria-hidden="true"
        onMouseDown={() => {
          if (dismissible) onClose();
        }}
      />
      <div
        ref={dialogRef}
        className={['modal', `modal--${size}`, className ?? ''].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose} disabled={!dismissible} aria-label="Cerrar">
            <CloseIcon />
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
