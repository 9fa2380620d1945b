// The rendered QR page, kept per memorial and served many times (issue 13 §2, §7): rendering and
// compressing a memorial with hundreds of memories costs far more than a database read, so each
// instance keeps the last rendering (HTML, Brotli and gzip) of each memorial under a stamp made of
// what the page shows — the whole memorial row: its data, settings and counts, and its content
// version (bumped by a trigger on every post change: added, deleted, reordered, approved, hidden) —
// and whether the page shows the memorial or the access-code screen. The stamp is
// read from the database on every request, so with N instances none serves an outdated page; its
// hash is the page's ETag (If-None-Match → 304). Only pages that are the same for every visitor are
// kept: a public memorial's, or a private memorial's code screen, never a private memorial's content.
import type { Memorial } from '../../db/schema';
import { compressHtml, type CompressedHtml } from '../../plugins/web';
import { etagOf } from '../../http/etag';

const MAX_ENTRIES = 500;

export interface CachedPage {
  etag: string;
  page: CompressedHtml;
}

/** What the page shows, in one string; `extra` carries what the process adds (build, site settings). */
export function pageStamp(memorial: Memorial, showsContent: boolean, extra: string): string {
  return `${JSON.stringify(memorial)}|${showsContent ? 'view' : 'gate'}|${extra}`;
}


export class GuestPageCache {
  /** By memorial and page of memories (`<id>:<page>`). */
  private readonly entries = new Map<string, { stamp: string; cached: CachedPage }>();
  /** Renders under way, by key and stamp: requests released at once share one. */
  private readonly rendering = new Map<string, Promise<CachedPage | null>>();

  /**
   * The page for this stamp: kept, or rendered once however many requests ask for it at the same
   * moment (`render` answers null for a page that does not exist, which is not kept).
   */
  async obtain(key: string, stamp: string, render: () => Promise<string | null>): Promise<CachedPage | null> {
    const kept = this.get(key, stamp);
    if (kept) return kept;
    const flight = `${key}|${stamp}`;
    let pending = this.rendering.get(flight);
    if (!pending) {
      pending = render()
        .then((html) => (html === null ? null : this.put(key, stamp, html)))
        .finally(() => this.rendering.delete(flight));
      this.rendering.set(flight, pending);
    }
    return pending;
  }

  /** The page for this stamp when it is kept (and its place refreshed), or null. */
  get(key: string, stamp: string): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry || entry.stamp !== stamp) return null;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.cached;
  }

  /** Compresses a rendering once and keeps it, the least recently used one leaving when full. */
  put(key: string, stamp: string, html: string): CachedPage {
    const cached = { etag: etagOf(stamp), page: compressHtml(html) };
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { stamp, cached });
    return cached;
  }

  get size(): number {
    return this.entries.size;
  }
}
