// The shapes /api/partner/* answers (issue 30, docs/decisions/031), read by the /socios pages.

export interface PartnerMe {
  email: string;
  name: string;
  role: 'admin' | 'adviser';
  partner: string;
  branchId: number | null;
}

export interface PartnerLoginData {
  token: string;
  /** 'done' (an adviser: signed in), or the admin's second step. */
  next: 'done' | 'enroll' | 'verify';
}

export interface PartnerEnrollmentData {
  secret: string;
  uri: string;
  qr: string;
}

export interface PartnerSessionData {
  token: string;
  user: { email: string; name: string };
  recoveryCodes?: string[];
  recoveryCodesLeft?: number;
}

export interface PartnerBranchData {
  id: number;
  name: string;
  address: string;
}

export interface PartnerStaffData {
  id: number;
  email: string;
  name: string;
  role: 'admin' | 'adviser';
  branchId: number | null;
  branch: string | null;
  hasPassword: boolean;
}

/**
 * One memorial the partner sold (issue 30 §3): its state and two counts, never its content (no
 * posts, photos, access code, visitors' names). The name is the one typed at the sale.
 */
export interface PartnerMemorialData {
  contract: string;
  person: string;
  branch: string;
  seller: string;
  state: 'pending' | 'active' | 'expired';
  soldAt: string;
  activatedAt: string | null;
  visits: number;
  memories: number;
  guestUrl: string;
  /** Rites can be corrected until the family activates the contract. */
  canCorrectRites: boolean;
  /** The funeral phase's last Lima day ('YYYY-MM-DD') while it lasts; null once it ended (by time or by the family). */
  funeralUntil: string | null;
  /** The rites as the funeral home may still correct them (only while it may: empty otherwise). */
  rites: PartnerRiteData[];
}

/** A rite as the sale form and the correction dialog hold it (the ceremonies' fields, issue 14). */
export interface PartnerRiteData {
  kind: string;
  title: string;
  date: string;
  time: string;
  place: string;
  mapUrl: string;
}

/** Counts and money (integer céntimos) of a statement's row or of its total. */
export interface PartnerStatementCounts {
  created: number;
  activated: number;
  /** Sales made before prices were recorded: sold, without an amount ("sin precio registrado"). */
  unpriced: number;
  amountCents: number;
  /** Per sale, price × rate half-up to the céntimo, summed. */
  commissionCents: number;
}

/** A month's statement of a partner (issue 30 §6): per branch and seller, with the amounts at its commission. */
export interface PartnerStatementData {
  month: string;
  partner: string;
  legalName: string;
  ruc: string;
  commissionBp: number;
  commissionPercent: number;
  rows: (PartnerStatementCounts & { branch: string; seller: string })[];
  total: PartnerStatementCounts;
}

/** A partner in the back office's list (issue 30 §7). */
export interface BackofficePartnerData {
  id: number;
  name: string;
  legalName: string;
  ruc: string;
  commissionPercent: number;
  suspended: boolean;
  branches: number;
  staff: number;
  sales: number;
  /** `/media/<key>.webp` (PARTNER_LOGO's size), or null. */
  logo: string | null;
}

/** One partner in the back office: its branches (with their sales) and staff. */
export interface BackofficePartnerDetailData extends BackofficePartnerData {
  branchList: (PartnerBranchData & { sales: number })[];
  staffList: PartnerStaffData[];
}
