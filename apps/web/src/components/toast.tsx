// Toasts (success, error, warning) over any page (spec §2). Framework-free store so any code can
// call `showToast`; <Toaster /> renders them in a polite live region.
import { useEffect, useSyncExternalStore } from 'react';
import { CloseIcon } from './icons';
import './toast.css';

export type ToastTone = 'success' | 'error' | 'warning';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  text?: string | undefined;
}

const DEFAULT_DURATION_MS = 6000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(tone: ToastTone, title: string, text?: string): number {
  const id = nextId++;
  emit([...toasts, { id, tone, title, text }]);
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

function ToastItem({ toast, durationMs }: { toast: Toast; durationMs: number }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(toast.id), durationMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, durationMs]);
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

export function Toaster({ durationMs = DEFAULT_DURATION_MS }: { durationMs?: number }) {
  const items = useSyncExternalStore(subscribe, getToasts, getToasts);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {items.map((toast) => (
        <ToastItem key={toast.id} toast={toast} durationMs={durationMs} />
      ))}
    </div>
  );
}
