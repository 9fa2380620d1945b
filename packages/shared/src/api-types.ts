import type { MemorialEvent } from './remembrance-text';
// The response shapes of spec §7, shared by the server's presenters and the browser's API client.
// Field names are the spec's (profilepath, flagmsg, reg…); the rest of the code uses clear names.

/** Every response: code is "200" on success, else the HTTP status as a string. */
export interface Envelope<T = Record<string, never>> {
  code: string;
  message: string;
  data: T;
}

export interface UserPayload {
  email: string;
  name: string;
  lastname: string;
  identifier: string;
  profilepath: string;
}

export interface LoginData {
  user: UserPayload;
  token: string;
}

export interface TokenData {
  token: string;
}

export interface EmailData {
  email: string;
}

export interface PersonOption {
  identifier: string;
  fullname: string;
  profilepath: string;
}

/** Media sizes for srcset: the URL in `path`/`profilepath` is the largest; `srcset` lists all. */
export interface PersonData {
  fullname: string;
  profilepath: string;
  birthdate: string;
  deathdate: string;
  description: string;
  location: string;
}

/** The owner's view adds the settings (spec §3). */
export interface OwnerPersonData extends PersonData {
  identifier: string;
  type: ProfileType;
  entercode: string;
  flagpic: Flag;
  flagmsg: Flag;
  flagnotification: Flag;
  /** Whether the shared texts and the printed cards carry the access code (issue 28 §1). */
  flagsharecode: Flag;
}

export type ProfileType = 'P' | 'U';
export type Flag = '1' | '0';

export interface AccountTypeData {
  type: ProfileType;
  fullname: string;
  flagmsg: Flag;
  flagpic: Flag;
}

export interface Gifts {
  flowers: number;
  candles: number;
}

/**
 * How many times a memorial was opened (issue 29 §4), shown to its owner beside candles and
 * flowers: page loads by visitors, the family's own and link previews left out.
 */
export interface Visits {
  /** The last 7 days in Lima, today included. */
  week: number;
  total: number;
  /** 1 and 2 November of the latest year whose 1 November has come (Día de Todos los Santos, de los Difuntos). */
  november: { year: number; visits: number };
}

export interface Post {
  identifier: string;
  reg: string;
  date: string;
  fullname: string;
  text: string;
  path: string;
  /** A video's poster frame (issue 13 §3), when it has one. */
  poster?: string;
  place: number;
  /** Owner's view only: an operator hid this post after a report (issue 15); visitors do not see it. */
  hidden?: true;
  /** What the owner was told when it was hidden. */
  hiddenReason?: string;
  /** Owner's view only (issue 26): its video is being converted, this far (0–100); visitors do not see it yet. */
  processing?: { progress: number };
  /** Owner's view only: its video could not be converted, and why (nothing of it is kept). */
  failed?: string;
}

/** A visitor's memory waiting for the family's approval: a post's fields, without place or moderation. */
export type PendingPost = Pick<Post, 'reg' | 'date' | 'fullname' | 'text' | 'path' | 'poster' | 'processing' | 'failed'>;

/** GET /content/count-guest-pending-posts (not in spec §7): the bell's count (issue 28 §4). */
export interface PendingCount {
  count: number;
}

export interface SavedPostData {
  data: { path: string; date: string; reg: string };
}

export interface ProfilePathData {
  profilepath: string;
}

export interface Disclaimer {
  type: 'R' | 'W';
  title: string;
  descr: string;
}

export interface Epitaph {
  description: string;
}

/**
 * GET /person/guest-view?id= (not in spec §7): the four guest reads of the memorial page in one
 * answer (verify-type-account, get-data-for-guest, get-gifts-for-guest and the two post lists),
 * under the same permissions, so a page needs no chain of round trips.
 */
export interface GuestViewData extends AccountTypeData {
  personData: PersonData;
  gifts: Gifts;
  adminPosts: Post[];
  guestPosts: Post[];
  /** Asked with `size` (issue 13 §1): where the next page of each list starts, null after the last. */
  adminNext?: string | null;
  guestNext?: string | null;
  /** The ceremonies the family announced, by date (issue 14 §2). */
  events: MemorialEvent[];
  /** Whether visitors may ask for reminders of the memorial's dates (issue 14 §1). */
  reminders: boolean;
  /**
   * While the funeral phase lasts (issue 30 §4): the funeral home that accompanies the family; the
   * page shows the rites first and its line, with its logo when it has one (`/media/<key>.webp`,
   * PARTNER_LOGO's size). Absent afterwards.
   */
  funeral?: { partner: string; logo?: string };
}

/** A guest list asked with `size` (and `after`): one page of it and where the next starts. */
export interface PostPageData {
  posts: Post[];
  next: string | null;
}
