// Post rows → the shapes of spec §7. `date` is the post's key `reg` (the client builds its ids from
// it); guest e-mails never leave the server. Media paths come from the memorial's link maker
// (signed and expiring for a private memorial, issue 12 §6).
import type { Epitaph, PendingCount, PendingPost, Post, SavedPostData } from '@recuerdos/shared/api-types';
import type { PostRow } from '../../db/schema';
import type { MediaLink } from '../../media/media-links';
import { POSTER_SUFFIX } from '../../media/media-keys';
import type { ListedPost } from './content.repository';

/** A video still converting (with its progress) or whose conversion failed: the owner's views only. */
export function videoStateOf(row: Pick<ListedPost, 'id' | 'mediaState' | 'mediaError'>, progress: ReadonlyMap<number, number>): Pick<Post, 'processing' | 'failed'> {
  if (row.mediaState === 'processing') return { processing: { progress: progress.get(row.id) ?? 0 } };
  if (row.mediaState === 'failed') return { failed: row.mediaError ?? '' };
  return {};
}

const NO_PROGRESS: ReadonlyMap<number, number> = new Map();

/** What every post shows, published or waiting: its key, author, words, media and the video's state. */
function presentPostBody(row: ListedPost, link: MediaLink, progress: ReadonlyMap<number, number>): PendingPost {
  return {
    reg: row.reg,
    date: row.reg,
    fullname: row.authorName,
    text: row.text,
    path: link(row.mediaKey, row.mediaKind),
    ...posterOf(row, link),
    ...videoStateOf(row, progress),
  };
}

export function presentPost(row: ListedPost, memorialIdentifier: string, link: MediaLink, progress = NO_PROGRESS): Post {
  return {
    identifier: memorialIdentifier,
    ...presentPostBody(row, link, progress),
    place: row.place,
    // Only the owner's lists hold hidden posts (visitors' lists leave them out).
    ...(row.hiddenReason !== null ? { hidden: true, hiddenReason: row.hiddenReason } : {}),
  };
}

/** A video's poster path, beside its own (signed alike for a private memorial). */
export function posterOf(row: Pick<ListedPost, 'mediaKey' | 'mediaKind' | 'mediaPoster'>, link: MediaLink): { poster?: string } {
  if (row.mediaKind !== 'video' || !row.mediaPoster) return {};
  return { poster: link(row.mediaKey, 'video').replace(/\.mp4$/, POSTER_SUFFIX) };
}

export function presentPosts(rows: readonly ListedPost[], memorialIdentifier: string, link: MediaLink, progress = NO_PROGRESS): { posts: Post[] } {
  return { posts: rows.map((row) => presentPost(row, memorialIdentifier, link, progress)) };
}

export function presentPendingCount(count: number): PendingCount {
  return { count };
}

export function presentPendingPosts(rows: readonly ListedPost[], link: MediaLink, progress = NO_PROGRESS): { posts: PendingPost[] } {
  return { posts: rows.map((row) => presentPostBody(row, link, progress)) };
}

export function presentSavedPost(row: PostRow, link: MediaLink): SavedPostData {
  return { data: { path: link(row.mediaKey, row.mediaKind), date: row.reg, reg: row.reg } };
}

export function presentEpitaph(description: string): { epitafio: Epitaph } {
  return { epitafio: { description } };
}
