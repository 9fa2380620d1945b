// TanStack Query keys of the account area, the one key factory its API files take their keys from.
// Everything about a memorial is under its identifier, so a person switch never shows the previous
// memorial's data.
export const accountKeys = {
  all: ['account'] as const,
  persons: () => ['account', 'persons'] as const,
  memorial: (identifier: string) => ['account', 'memorial', identifier] as const,
  person: (identifier: string) => ['account', 'memorial', identifier, 'person'] as const,
  gifts: (identifier: string) => ['account', 'memorial', identifier, 'gifts'] as const,
  adminPosts: (identifier: string) => ['account', 'memorial', identifier, 'admin-posts'] as const,
  guestPosts: (identifier: string) => ['account', 'memorial', identifier, 'guest-posts'] as const,
  pendingPosts: (identifier: string) => ['account', 'memorial', identifier, 'pending-posts'] as const,
  pendingCount: (identifier: string) => ['account', 'memorial', identifier, 'pending-count'] as const,
  disclaimers: (identifier: string) => ['account', 'memorial', identifier, 'disclaimers'] as const,
  visits: (identifier: string) => ['account', 'memorial', identifier, 'visits'] as const,
  /** The e-mail a password-reset link belongs to (before sign-in: not under a memorial). */
  resetLinkEmail: (token: string) => ['account', 'reset-link', token] as const,
};
