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
  /** Whether visitors may ask for reminders of its dates (issue 14 §1); on unless the owner switches it off. */
  flagReminders: Generated<number>;
  /** Whether the shared texts and the printed cards carry the access code (issue 28 §1); off unless the owner chooses it. */
  flagShareCode: Generated<number>;
  candles: number;
  flowers: number;
  /** Bumped by a trigger on every change of the memorial's posts (post-list cache key). */
  contentVersion: Generated<number>;
  /**
   * The funeral phase (issue 30 §4, 0083): the last Lima day ('YYYY-MM-DD') on which the guest page
   * shows the rites first and the funeral home's line; null without a phase or once the family ended it.
   */
  funeralUntil: string | null;
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
  /** The login this token descends from: logout, or a replaced token presented again, ends all of it. */
  familyId: string;
}

export interface GuestSessionsTable {
  id: Generated<number>;
  tokenHash: string;
  memorialId: number;
  accessCodeVersion: number;
  createdAt: string;
  expiresAt: string;
  replacedAt: string | null;
  /**
   * The personal link it was opened with (issue 29): such a session ignores the access code's version
   * and ends when the family takes the person's access back. Null: opened with the access code.
   */
  grantId: Generated<number | null>;
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
  /** Size of the upload as received (0 without media): caps the bytes waiting for approval. */
  mediaBytes: Generated<number>;
  /** 1 when a video has its poster frame `<key>-poster.jpg` (issue 13 §3). */
  mediaPoster: Generated<number>;
  /** Set when an operator hid the post after a report (kept, never deleted; issue 15). */
  hiddenAt: Generated<string | null>;
  /** What the owner was told when it was hidden. */
  hiddenReason: Generated<string | null>;
  /** A video being converted ('processing') or whose conversion failed; 'ready' otherwise (issue 26). */
  mediaState: Generated<'ready' | 'processing' | 'failed'>;
  /** Why its video could not be converted (Spanish, shown to the uploader). */
  mediaError: Generated<string | null>;
}

/** A video waiting for or under conversion (issue 26, migration 0074). */
export interface VideoConversionsTable {
  postId: number;
  source: string;
  duration: number;
  attempts: Generated<number>;
  leaseUntil: string | null;
  instance: string | null;
  progress: Generated<number>;
  createdAt: string;
}

/** A visitor's receipt for a video being converted (issue 26, migration 0095): how it went, asked by the page that sent it. */
export interface VideoReceiptsTable {
  tokenHash: string;
  memorialId: number;
  /** Null once the post is gone (denied, deleted, or removed by a failed conversion). */
  postId: number | null;
  /** When its conversion failed after the last attempt. */
  failedAt: string | null;
  createdAt: string;
  expiresAt: string;
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

export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  name: string;
  passwordHash: string | null;
  totpSecret: string | null;
  totpConfirmedAt: string | null;
  totpLastStep: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  tokenHash: string;
  operatorId: number;
  /** Null until the second factor was given: the session can then only complete it. */
  secondFactorAt: string | null;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
}

export interface OperatorTokensTable {
  id: Generated<number>;
  tokenHash: string;
  operatorId: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface OperatorRecoveryCodesTable {
  id: Generated<number>;
  operatorId: number;
  codeHash: string;
  usedAt: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  operatorId: number | null;
  operatorEmail: string;
  action: string;
  target: string;
  /** JSON object. */
  detail: string;
  ip: string;
  createdAt: string;
}

export interface ComplaintEntriesTable {
  id: Generated<number>;
  complaintId: number;
  kind: 'answer' | 'note';
  text: string;
  operatorId: number;
  operatorName: string;
  emailedTo: string | null;
  createdAt: string;
}

export interface HolidaysTable {
  id: Generated<number>;
  date: string;
  name: string;
  createdBy: string;
  createdAt: string;
}

export type ReportStatus = 'open' | 'hidden' | 'dismissed';

export interface PostReportsTable {
  id: Generated<number>;
  postId: number;
  memorialId: number;
  reason: string;
  details: string;
  status: ReportStatus;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolution: string | null;
}

/** A ceremony the family announces (issue 14 §2); date and time are Lima's, as typed. */
export interface MemorialEventsTable {
  id: Generated<number>;
  memorialId: number;
  kind: string;
  title: string;
  date: string;
  time: string;
  place: string;
  mapUrl: string;
  createdAt: string;
  updatedAt: string;
}

/** Someone who asked to be reminded of a memorial's dates (issue 14 §1). Deleted when they leave. */
export interface ReminderSubscriptionsTable {
  id: Generated<number>;
  memorialId: number;
  email: string;
  state: 'pending' | 'confirmed';
  /** SHA-256 of the confirmation link's token while pending; null once confirmed. */
  confirmTokenHash: string | null;
  /** The consent text they accepted, as shown. */
  consentText: string;
  requestedAt: string;
  confirmedAt: string | null;
  /** 1 when the memorial's owner asked: the family's own, never ended by a new access code. */
  byOwner: Generated<number>;
  /**
   * The memorial's access code version a guest asked under; null when no code was needed (the owner,
   * or a visitor of a public memorial). On a private memorial only the owner's and those of the
   * current version receive reminders (docs/decisions/023).
   */
  accessCodeVersion: number | null;
  /**
   * The personal link a guest asked through (issue 29, decision 029): such a subscription holds access
   * whatever the code's version and ends with the grant. Null otherwise.
   */
  accessGrantId: Generated<number | null>;
}

/** A reminder sent: one per subscriber and occasion ('birthday:2027', 'event:12'…). */
/** How many times a memorial was opened on one Lima day (issue 29 §4): a count, never who. */
export interface MemorialVisitsTable {
  memorialId: number;
  /** YYYY-MM-DD in Lima. */
  day: string;
  visits: number;
}

export interface ReminderDeliveriesTable {
  subscriptionId: number;
  occasion: string;
  sentAt: string;
}

/** One run of a scheduled job (issue 16): `admin jobs` shows the last of each. */
export interface JobRunsTable {
  id: Generated<number>;
  job: string;
  trigger: 'schedule' | 'manual';
  /** The cron occurrence (ISO) the run is for; null for a manual run. */
  occurrence: string | null;
  attempt: number;
  outcome: 'running' | 'ok' | 'failed';
  detail: string;
  instance: string;
  startedAt: string;
  finishedAt: string | null;
}

/** Every e-mail, written in the transaction of its cause and delivered by the mail-outbox job. */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  state: 'queued' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  lastError: string;
  createdAt: string;
  sentAt: string | null;
  /** Extra headers as JSON ('' for none), e.g. List-Unsubscribe. */
  headers: Generated<string>;
}

/** A contract notice already e-mailed, per last day of service (each once). */
export interface ContractNoticesTable {
  contractId: number;
  kind: '30-days' | '7-days' | 'expired';
  expiresOn: string;
  sentAt: string;
}

/** Installation-wide secrets shared by every instance (the media link key, issue 12 §6). */
export interface AppSecretsTable {
  name: string;
  value: string;
}

/** A resumable upload (issue 13 §4): `received` of `length` bytes so far, in pieces. */
export interface ResumableUploadsTable {
  id: string;
  memorialId: number;
  /** 'owner:<account id>' or 'guest:<guest session id>': only the same caller continues and uses it. */
  uploader: string;
  length: number;
  received: number;
  createdAt: string;
  /**
   * A visitor's upload: the address whose daily upload budget holds `length` until the upload is
   * used or removed (null for the owner's, which have no budget). Also what the unfinished caps sum.
   */
  guestAddress: string | null;
  /** When that budget's window ends: a reservation is given back only within its own window. */
  budgetUntil: string | null;
}

export interface ResumableUploadPiecesTable {
  uploadId: string;
  start: number;
  size: number;
  tempKey: string;
}

/** A funeral home or camposanto that sells memorials (issue 30, docs/decisions/031). */
export interface PartnersTable {
  id: Generated<number>;
  name: string;
  legalName: string;
  ruc: string;
  logoKey: string | null;
  /** Basis points: 1250 = 12.5 %. */
  commissionBp: Generated<number>;
  suspendedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PartnerBranchesTable {
  id: Generated<number>;
  partnerId: number;
  name: string;
  address: Generated<string>;
  createdAt: string;
}

export type PartnerRole = 'admin' | 'adviser';

export interface PartnerUsersTable {
  id: Generated<number>;
  partnerId: number;
  /** An adviser's branch; null for an admin. */
  branchId: number | null;
  email: string;
  name: string;
  role: PartnerRole;
  passwordHash: string | null;
  totpSecret: string | null;
  totpConfirmedAt: string | null;
  totpLastStep: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface PartnerSessionsTable {
  id: Generated<number>;
  tokenHash: string;
  partnerUserId: number;
  /** Null while an admin gave only the password. */
  completedAt: string | null;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
}

export interface PartnerTokensTable {
  id: Generated<number>;
  tokenHash: string;
  partnerUserId: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface PartnerRecoveryCodesTable {
  partnerUserId: number;
  codeHash: string;
  usedAt: string | null;
}

/** A contract sold through a partner (issue 30 §2). */
export interface PartnerSalesTable {
  id: Generated<number>;
  contractId: number;
  partnerId: number;
  branchId: number;
  /** The adviser (or admin) who filled in the form. */
  sellerId: number;
  /** The deceased's name as typed at the sale (0082). */
  person: Generated<string>;
  /** What the family paid, in céntimos of a sol (0084); null for sales made before it. */
  priceCents: number | null;
  relationship: string;
  familyDni: string;
  /** '+51987654321'. */
  familyWhatsapp: string;
  consentText: string;
  consentedAt: string;
  createdAt: string;
}

/** A relative's request for access to a private memorial (issue 29 §1), kept at most 30 days. */
export interface AccessRequestsTable {
  id: Generated<number>;
  memorialId: number;
  name: string;
  email: string;
  /** mailboxOf(email): one row per person and memorial. */
  mailbox: string;
  message: string;
  /** The consent text they accepted, as shown. */
  consentText: string;
  createdAt: string;
  /** When the family was told (its own e-mail or a daily summary); null: the next summary tells it. */
  mailedAt: string | null;
}

/** A person the family let in with a personal link (issue 29 §2). Only the link's hash is kept. */
export interface AccessGrantsTable {
  id: Generated<number>;
  memorialId: number;
  name: string;
  email: string;
  mailbox: string;
  tokenHash: string;
  createdAt: string;
  lastOpenedAt: string | null;
}

/** An address the family blocked from asking for access again (issue 29 §3). */
export interface AccessBlocksTable {
  id: Generated<number>;
  memorialId: number;
  email: string;
  mailbox: string;
  createdAt: string;
}

export interface Database {
  partnerSales: PartnerSalesTable;
  partners: PartnersTable;
  partnerBranches: PartnerBranchesTable;
  partnerUsers: PartnerUsersTable;
  partnerSessions: PartnerSessionsTable;
  partnerTokens: PartnerTokensTable;
  partnerRecoveryCodes: PartnerRecoveryCodesTable;
  accessRequests: AccessRequestsTable;
  accessGrants: AccessGrantsTable;
  accessBlocks: AccessBlocksTable;
  appSecrets: AppSecretsTable;
  jobRuns: JobRunsTable;
  mailOutbox: MailOutboxTable;
  contractNotices: ContractNoticesTable;
  accounts: AccountsTable;
  memorials: MemorialsTable;
  contracts: ContractsTable;
  sessions: SessionsTable;
  guestSessions: GuestSessionsTable;
  oneTimeTokens: OneTimeTokensTable;
  disclaimers: DisclaimersTable;
  posts: PostsTable;
  videoConversions: VideoConversionsTable;
  videoReceipts: VideoReceiptsTable;
  complaints: ComplaintsTable;
  epitaphs: EpitaphsTable;
  downloadTickets: DownloadTicketsTable;
  operators: OperatorsTable;
  operatorSessions: OperatorSessionsTable;
  operatorTokens: OperatorTokensTable;
  operatorRecoveryCodes: OperatorRecoveryCodesTable;
  auditLog: AuditLogTable;
  complaintEntries: ComplaintEntriesTable;
  holidays: HolidaysTable;
  postReports: PostReportsTable;
  memorialEvents: MemorialEventsTable;
  reminderSubscriptions: ReminderSubscriptionsTable;
  reminderDeliveries: ReminderDeliveriesTable;
  memorialVisits: MemorialVisitsTable;
  resumableUploads: ResumableUploadsTable;
  resumableUploadPieces: ResumableUploadPiecesTable;
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
export type Operator = Selectable<OperatorsTable>;
export type Partner = Selectable<PartnersTable>;
export type PartnerBranch = Selectable<PartnerBranchesTable>;
export type PartnerUser = Selectable<PartnerUsersTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type ComplaintEntry = Selectable<ComplaintEntriesTable>;
export type Holiday = Selectable<HolidaysTable>;
export type PostReport = Selectable<PostReportsTable>;
