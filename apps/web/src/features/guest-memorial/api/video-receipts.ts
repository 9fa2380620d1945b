// A visitor's videos still being converted (issue 26): save-guest-message answers a receipt for a
// video the server converts before the family sees it; the page keeps it in this browser (under
// 'guest-videos', beside the spec's 'guest' session) and asks POST /content/guest-video-states how
// it went, so a visitor who left no e-mail still learns that it could not be processed. Only this
// browser holds the receipt, and only a guest session of the memorial may ask with it.
import { contentApi } from '../../../lib/api';

const KEY = 'guest-videos';
/** As long as the server keeps a receipt. */
const KEEP_MS = 30 * 24 * 60 * 60_000;

export interface VideoReceipt {
  identifier: string;
  receipt: string;
  /** When it was sent (ms). */
  at: number;
}

export type GuestVideoState = 'processing' | 'ready' | 'failed' | 'gone';

export interface GuestVideoStateItem {
  receipt: string;
  state: GuestVideoState;
  message?: string;
}

function readAll(): VideoReceipt[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is VideoReceipt =>
        typeof item === 'object' && item !== null && typeof (item as VideoReceipt).identifier === 'string' && typeof (item as VideoReceipt).receipt === 'string' && typeof (item as VideoReceipt).at === 'number',
    );
  } catch {
    return [];
  }
}

function writeAll(items: VideoReceipt[]): void {
  try {
    if (items.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(items));
  } catch {
    // Storage full or refused (private mode): the visitor is simply not told later.
  }
}

/** The receipts this browser holds for the memorial, newest last (expired ones dropped). */
export function videoReceiptsOf(identifier: string, now = Date.now()): VideoReceipt[] {
  return readAll().filter((item) => item.identifier === identifier && now - item.at < KEEP_MS);
}

export function rememberVideoReceipt(identifier: string, receipt: string, now = Date.now()): void {
  writeAll([...readAll().filter((item) => now - item.at < KEEP_MS), { identifier, receipt, at: now }]);
}

export function forgetVideoReceipts(receipts: readonly string[]): void {
  if (receipts.length === 0) return;
  writeAll(readAll().filter((item) => !receipts.includes(item.receipt)));
}

export async function getGuestVideoStates(identifier: string, receipts: readonly string[]): Promise<GuestVideoStateItem[]> {
  return (await contentApi.post<{ videos: GuestVideoStateItem[] }>('/content/guest-video-states', { identifier, receipts: [...receipts] }, { json: true })).videos;
}
