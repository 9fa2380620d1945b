// Toasts (success, error, warning) over any page (spec §2). Framework-free store so any code can
// call `showToast`; <Toaster /> renders them in a polite live region.
import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import './toast.css';

export type ToastTone = 'success' | 'error' | 'warning';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  text?: string | undefined;
  /** Stays until closed: news the person must not miss (a video that could not be processed). */
  sticky?: boolean | undefined;
}

const DEFAULT_DURATION_MS = 6000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(tone: ToastTone, title: string, text?: string, options: { sticky?: boolean } = {}): number {
  const id = nextId++;
  emit([...toasts, { id, tone, title, text, sticky: options.sticky }]);
  return id;
}

export function dismissToast(id: number): void {
  emit(toasts.filter((t) => t.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getToasts = () => toasts;
const noSubscription = () => () => undefined;

function ToastItem({ toast, durationMs }: { toast: Toast; durationMs: number }) {
  useEffect(() => {
    if (toast.sticky) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), durationMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.sticky, durationMs]);
  return (
    <div className={`toast toast--${toast.tone}`}>
      <div className="toast__content">
        <p className="toast__title">{toast.title}</p>
        {toast.text ? <p className="toast__text">{toast.text}</p> : null}
      </div>
      <button type="button" className="toast__close" onClick={() => dismissToast(toast.id)} aria-label="Cerrar aviso">
        <CloseIcon />
      </button>
    </div>
  );
}

/**
 * The live region, placed directly in <body> (after hydration, so server-rendered pages match) and
 * marked so an open modal leaves it usable: a toast shown over a dialog is still announced.
 */
export function Toaster({ durationMs = DEFAULT_DURATION_MS }: { durationMs?: number }) {
  const items = useSyncExternalStore(subscribe, getToasts, getToasts);
  // False while rendering on the server and hydrating, true afterwards.
  const onClient = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!onClient) return null;
  return createPortal(
    <div className="toaster" role="status" aria-live="polite" data-outside-modal="">
      {items.map((toast) => (
        <ToastItem key={toast.id} toast={toast} durationMs={durationMs} />
      ))}
    </div>,
    document.body,
  );
}
