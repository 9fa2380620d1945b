// TanStack Query keys of the partner area (issue 30): everything under 'partner'.
export const partnerKeys = {
  all: ['partner'] as const,
  branches: () => ['partner', 'branches'] as const,
  memorials: () => ['partner', 'memorials'] as const,
  staff: () => ['partner', 'staff'] as const,
  statement: (month: string) => ['partner', 'statement', month] as const,
  setPasswordLink: (token: string) => ['partner', 'set-password', token] as const,
};
