// The `data` of every /api/admin/* answer (issue 15), shared by the server's presenters and the
// back office.

export interface OperatorMe {
  email: string;
  name: string;
}

/** After the password: what the second step is. */
export interface OperatorLoginData {
  token: string;
  next: 'enroll' | 'verify';
}

export interface EnrollmentData {
  secret: string;
  uri: string;
  /** The otpauth URI as an SVG QR code, a data: URL. */
  qr: string;
}

export interface OperatorSessionData {
  token: string;
  operator: OperatorMe;
  /** Shown once, right after enrolment. */
  recoveryCodes?: string[];
  /** Recovery codes left when one was just used. */
  recoveryCodesLeft?: number;
}

export type AdminContractState = 'pending' | 'active' | 'expired';

export interface AdminContract {
  number: string;
  state: AdminContractState;
  createdAt: string;
  activatedAt: string | null;
  expiresOn: string | null;
  owner: { email: string; name: string; lastname: string };
  memorial: { identifier: string; fullname: string; type: 'P' | 'U' };
}

export interface AdminDisclaimer {
  id: number;
  type: 'R' | 'W';
  title: string;
  descr: string;
  createdAt: string;
}

export interface AdminContractDetail extends AdminContract {
  guestUrl: string;
  /** Every contract of the same account (this one included). */
  accountContracts: { number: string; state: AdminContractState; memorial: { identifier: string; fullname: string } }[];
  disclaimers: AdminDisclaimer[];
}

export type ComplaintStatus = 'received' | 'answered';
export type ComplaintUrgency = 'overdue' | 'due-soon' | null;

export interface AdminComplaint {
  number: string;
  year: number;
  createdAt: string;
  type: '1' | '2';
  typeLabel: string;
  consumer: string;
  email: string;
  contract: string;
  status: ComplaintStatus;
  /** The deadline, counted with today's holidays (those added by operators included). */
  dueOn: string;
  /** Business days from today to the deadline; negative when overdue. */
  businessDaysLeft: number;
  urgency: ComplaintUrgency;
  answeredAt: string | null;
  /** The funeral home that sold the complaint's contract (issue 30 §6), or null when we sold it. */
  partner: string | null;
}

export interface AdminComplaintEntry {
  kind: 'answer' | 'note';
  text: string;
  operatorName: string;
  emailedTo: string | null;
  createdAt: string;
}

export interface AdminComplaintDetail extends AdminComplaint {
  consumerDate: string;
  name: string;
  lastname: string;
  document: string;
  phone: string;
  detail: string;
  request: string;
  /** The deadline stated in the consumer's copy when it was filed. */
  dueOnAtFiling: string;
  entries: AdminComplaintEntry[];
}

export interface AdminHoliday {
  date: string;
  name: string;
  createdBy: string;
  createdAt: string;
}

export type AdminReportStatus = 'open' | 'hidden' | 'dismissed';

export interface AdminReport {
  id: number;
  status: AdminReportStatus;
  reason: string;
  reasonLabel: string;
  details: string;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolution: string | null;
  /** Other open reports of the same memory. */
  otherOpenReports: number;
  memorial: { identifier: string; fullname: string; type: 'P' | 'U'; guestUrl: string };
  post: {
    reg: string;
    authorKind: 'owner' | 'guest';
    authorName: string;
    text: string;
    path: string;
    hidden: boolean;
    hiddenReason: string | null;
  };
}

export interface AdminAuditEntry {
  id: number;
  operatorEmail: string;
  action: string;
  target: string;
  detail: Record<string, unknown>;
  ip: string;
  createdAt: string;
}
