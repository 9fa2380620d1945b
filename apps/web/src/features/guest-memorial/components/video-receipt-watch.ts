// Watches, while the guest page is open and visible, the videos this visitor sent that the server
// is converting (issue 26): asked every few seconds until none is converting; a failure is said in
// a toast that stays until closed ("No pudimos procesar este video…"), on this visit or the next.
// Loaded only when this browser holds a receipt for the memorial (guest-memorial.tsx).
import { LIMITS } from '@recuerdos/shared/limits';
import { showToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { forgetVideoReceipts, getGuestVideoStates, videoReceiptsOf } from '../api/video-receipts';

export const WATCH_EVERY_MS = 5000;
export const VIDEO_FAILED_TITLE = 'Tu video no pudo publicarse';
const FALLBACK = 'No pudimos procesar este video. Prueba a enviarlo de nuevo o con otro archivo';

/** Starts watching the memorial's receipts; returns the stop. Asking again (a new video sent) is `poke`. */
export function watchVideoReceipts(identifier: string): { stop: () => void; poke: () => void } {
  let timer: number | undefined;
  let stopped = false;
  // Read after an await: `stop` may have been called meanwhile.
  const isStopped = () => stopped;
  let asking = false;

  const check = async () => {
    window.clearTimeout(timer);
    if (stopped || asking) return;
    const held = videoReceiptsOf(identifier).slice(-LIMITS.videoReceiptsMax);
    if (held.length === 0) return;
    // Nothing asked while the page is hidden; it resumes when seen again.
    if (document.visibilityState !== 'visible') return;
    asking = true;
    let converting = true;
    try {
      const states = await getGuestVideoStates(identifier, held.map((item) => item.receipt));
      const settled = states.filter((item) => item.state !== 'processing');
      for (const item of settled) {
        if (item.state === 'failed') showToast('error', VIDEO_FAILED_TITLE, `${item.message ?? FALLBACK}.`, { sticky: true });
      }
      forgetVideoReceipts(settled.map((item) => item.receipt));
      converting = states.some((item) => item.state === 'processing');
    } catch (error) {
      // Refused (the session ended, a receipt unreadable): nothing more to learn from here.
      if (error instanceof ApiError && error.code === '400') forgetVideoReceipts(held.map((item) => item.receipt));
      if (error instanceof ApiError && /^4\d\d$/.test(error.code)) converting = false;
    } finally {
      asking = false;
    }
    if (converting && !isStopped()) timer = window.setTimeout(() => void check(), WATCH_EVERY_MS);
  };

  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  document.addEventListener('visibilitychange', onVisible);
  void check();
  return {
    stop: () => {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    },
    poke: () => void check(),
  };
}
