// Post rows → the shapes of spec §7. `date` is the post's key `reg` (the client builds its ids from
// it); guest e-mails never leave the server.
import type { Epitaph, PendingPost, Post, SavedPostData } from '@recuerdos/shared/api-types';
import type { PostRow } from '../../db/schema';
import { mediaPath } from '../../media/media-keys';
import type { ListedPost } from './content.repository';

export function presentPost(row: ListedPost, memorialIdentifier: string): Post {
  return {
    identifier: memorialIdentifier,
    reg: row.reg,
    date: row.reg,
    fullname: row.authorName,
    text: row.text,
    path: mediaPath(row.mediaKey, row.mediaKind),
    place: row.place,
    // Only the owner's lists hold hidden posts (visitors' lists leave them out).
    ...(row.hiddenReason !== null ? { hidden: true, hiddenReason: row.hiddenReason } : {}),
  };
}

export function presentPosts(rows: readonly ListedPost[], memorialIdentifier: string): { posts: Post[] } {
  return { posts: rows.map((row) => presentPost(row, memorialIdentifier)) };
}

export function presentPendingPosts(rows: readonly ListedPost[]): { posts: PendingPost[] } {
  return {
    posts: rows.map((row) => ({
      reg: row.reg,
      date: row.reg,
      fullname: row.authorName,
      text: row.text,
      path: mediaPath(row.mediaKey, row.mediaKind),
    })),
  };
}

export function presentSavedPost(row: PostRow): SavedPostData {
  return { data: { path: mediaPath(row.mediaKey, row.mediaKind), date: row.reg, reg: row.reg } };
}

export function presentEpitaph(description: string): { epitafio: Epitaph } {
  return { epitafio: { description } };
}
