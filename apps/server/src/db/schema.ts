// Table types for Kysely. Columns are snake_case in SQL and camelCase here (CamelCasePlugin).
// Timestamps are ISO-8601 UTC text ('2026-11-22T15:04:05.123Z') on both dialects, so they compare
// as text; calendar dates are 'YYYY-MM-DD'; booleans are 0/1 integers.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  name: string;
  lastname: string;
  /** Null until the owner sets a password (an account made by the operator for a contract). */
  passwordHash: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MemorialsTable {
  id: Generated<number>;
  /** Random, short, URL-safe: it is printed in QR codes on headstones (DESIGN §4). */
  identifier: string;
  accountId: number;
  fullname: string;
  birthdate: string | null;
  deathdate: string | null;
  description: string;
  location: string;
  /** Media key of the profile picture (see storage), or null. */
  photoKey: string | null;
  type: 'P' | 'U';
  accessCode: string;
  /** Bumped whenever the access code changes; guest sessions hold the version they were issued for. */
  accessCodeVersion: number;
  flagPicture: number;
  flagMessage: number;
  flagNotification: number;
  candles: number;
  flowers: number;
  /** Bumped by a trigger on every change of the memorial's posts (post-list cache key). */
  contentVersion: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export type ContractState = 'pending' | 'active' | 'expired';

export interface ContractsTable {
  id: Generated<number>;
  number: string;
  accountId: number;
  memorialId: number;
  state: ContractState;
  createdAt: string;
  activatedAt: string | null;
  /** Last day of service ('YYYY-MM-DD'), or null for no end. */
  expiresOn: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  tokenHash: string;
  accountId: number;
  memorialId: number | null;
  createdAt: string;
  expiresAt: string;
  /** Set when renew-token rotated this session; it stays usable for a short grace period. */
  replacedAt: string | null;
}

export interface GuestSessionsTable {
  id: Generated<number>;
  tokenHash: string;
  memorialId: number;
  accessCodeVersion: number;
  createdAt: string;
  expiresAt: string;
  replacedAt: string | null;
}

export type OneTimeTokenPurpose = 'password_reset' | 'contract_activation';

export interface OneTimeTokensTable {
  id: Generated<number>;
  tokenHash: string;
  purpose: OneTimeTokenPurpose;
  accountId: number;
  contractId: number | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** A single-use link to a memorial's ZIP archive (GET /api/person/export?ticket=). */
export interface DownloadTicketsTable {
  id: Generated<number>;
  ticketHash: string;
  accountId: number;
  memorialId: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface DisclaimersTable {
  id: Generated<number>;
  memorialId: number;
  type: 'R' | 'W';
  title: string;
  descr: string;
  createdAt: string;
}

export interface PostsTable {
  id: Generated<number>;
  memorialId: number;
  /** The post's key: unique within the memorial, sortable by time (Lima date-time with ms). */
  reg: string;
  authorKind: 'owner' | 'guest';
  authorName: string;
  authorEmail: string | null;
  text: string;
  mediaKey: string | null;
  mediaKind: 'picture' | 'video' | null;
  place: number;
  state: 'pending' | 'approved';
  createdAt: string;
  approvedAt: string | null;
}

export interface ComplaintsTable {
  id: Generated<number>;
  /** Correlative per year: '2026-000001'. */
  number: string;
  year: number;
  seq: number;
  createdAt: string;
  consumerDate: string;
  name: string;
  lastname: string;
  email: string;
  contract: string;
  document: string;
  phone: string;
  type: '1' | '2';
  detail: string;
  request: string;
  dueOn: string;
}

export interface EpitaphsTable {
  id: Generated<number>;
  description: string;
}

export interface Database {
  accounts: AccountsTable;
  memorials: MemorialsTable;
  contracts: ContractsTable;
  sessions: SessionsTable;
  guestSessions: GuestSessionsTable;
  oneTimeTokens: OneTimeTokensTable;
  disclaimers: DisclaimersTable;
  posts: PostsTable;
  complaints: ComplaintsTable;
  epitaphs: EpitaphsTable;
  downloadTickets: DownloadTicketsTable;
}

export type Account = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type Memorial = Selectable<MemorialsTable>;
export type NewMemorial = Insertable<MemorialsTable>;
export type MemorialUpdate = Updateable<MemorialsTable>;
export type Contract = Selectable<ContractsTable>;
export type Session = Selectable<SessionsTable>;
export type GuestSession = Selectable<GuestSessionsTable>;
export type OneTimeToken = Selectable<OneTimeTokensTable>;
export type Disclaimer = Selectable<DisclaimersTable>;
export type PostRow = Selectable<PostsTable>;
export type NewPost = Insertable<PostsTable>;
export type Complaint = Selectable<ComplaintsTable>;
