// Pages of a memorial's published posts (issue 13 §1), cut from the cached lists (post-list-cache):
// by cursor for the pages that load as a visitor scrolls, by number for the plain "Ver más
// recuerdos" link (`/guest?id=…&page=2`). A cursor names the last post a page showed by its place in
// the list's order (owner posts: place then reg, highest first; visitors' posts: newest first), so a
// post added meanwhile (it goes on top) never makes the next page repeat or skip one.
import { z } from 'zod';
import { GUEST_PAGE_SIZE } from '@recuerdos/shared/guest-page';
import { AppError } from '../../http/errors';
import type { ListedPost } from './content.repository';

export type PagedList = 'owner' | 'guest';

/** Posts a page holds by default: about 24 on the first screen, both lists together. */
export const PAGE_SIZE = GUEST_PAGE_SIZE;
export const MAX_PAGE_SIZE = 60;

export const PAGING_MESSAGES = {
  cursor: 'El punto desde el que seguir la lista no es válido. Vuelve a cargar la página',
} as const;

/** Optional paging parameters of the guest lists: without `size`, the whole list (spec §7). */
export const pagingQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().catch(undefined),
  after: z.string().trim().min(1).max(200).optional().catch(undefined),
});
export type PagingQuery = z.output<typeof pagingQuerySchema>;

export interface PostPage {
  rows: readonly ListedPost[];
  /** Where the next page starts; null on the last page. */
  next: string | null;
}

type Position = { place: number; reg: string };

export function cursorOf(post: Pick<ListedPost, 'place' | 'reg'>): string {
  return Buffer.from(JSON.stringify([post.place, post.reg]), 'utf8').toString('base64url');
}

function parseCursor(cursor: string): Position {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && typeof value[1] === 'string') {
      return { place: value[0] as number, reg: value[1] };
    }
  } catch {
    // Not base64url JSON: refused below.
  }
  throw new AppError(400, PAGING_MESSAGES.cursor);
}

/** Whether `post` comes after `cursor` in the list's order. */
function comesAfter(list: PagedList, post: ListedPost, cursor: Position): boolean {
  if (list === 'guest') return post.reg < cursor.reg;
  return post.place < cursor.place || (post.place === cursor.place && post.reg < cursor.reg);
}

function pageFrom(rows: readonly ListedPost[], start: number, size: number): PostPage {
  const page = rows.slice(start, start + size);
  const last = page.at(-1);
  return { rows: page, next: last && start + size < rows.length ? cursorOf(last) : null };
}

/** The page after `after` (the first page without it). */
export function pageAfter(list: PagedList, rows: readonly ListedPost[], size: number, after?: string): PostPage {
  if (!after) return pageFrom(rows, 0, size);
  const cursor = parseCursor(after);
  const start = rows.findIndex((post) => comesAfter(list, post, cursor));
  return start < 0 ? { rows: [], next: null } : pageFrom(rows, start, size);
}

/** Page `number` (from 1) of the plain links. */
export function pageNumber(rows: readonly ListedPost[], size: number, number: number): PostPage {
  return pageFrom(rows, (number - 1) * size, size);
}
