// TanStack Query keys of the back office, the one key factory its API files take their keys from.
// Everything is under 'admin', so the layout forgets it all when the operator's session ends.
export const adminKeys = {
  all: ['admin'] as const,
  audit: (filter: object) => ['admin', 'audit', filter] as const,
  setPasswordLink: (token: string) => ['admin', 'set-password', token] as const,
  complaints: () => ['admin', 'complaints'] as const,
  complaintList: (year: string, status: string) => ['admin', 'complaints', 'list', year, status] as const,
  complaint: (number: string) => ['admin', 'complaints', 'detail', number] as const,
  // Under the complaints: a holiday moves every deadline of the book.
  holidays: () => ['admin', 'complaints', 'holidays'] as const,
  contracts: () => ['admin', 'contracts'] as const,
  contractSearch: (q: string) => ['admin', 'contracts', 'search', q] as const,
  contract: (number: string) => ['admin', 'contracts', 'detail', number] as const,
  reports: () => ['admin', 'reports'] as const,
  reportList: (status: string) => ['admin', 'reports', status] as const,
  partnerStatement: (id: number, month: string) => ['admin', 'partners', 'statement', id, month] as const,
  partnerChoices: () => ['admin', 'partners', 'choices'] as const,
  partners: () => ['admin', 'partners'] as const,
  partner: (id: number) => ['admin', 'partners', 'detail', id] as const,
};
