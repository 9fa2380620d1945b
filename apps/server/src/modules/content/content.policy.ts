// Who may do what with posts (spec §6). Guests submit only to private memorials, only the kinds
// the memorial's flags allow, and what they submit stays pending until the owner approves it.
import type { Permission } from '../../auth/permissions';

export const CONTENT_POLICY = {
  //                          owner          guest of it                        anyone else
  readPublished:    { owner: 'always', guest: 'always',                        visitor: 'if public' },
  readOwnerView:    { owner: 'always', guest: 'never',                         visitor: 'never' },
  readPending:      { owner: 'always', guest: 'never',                         visitor: 'never' },
  addOwnerPost:     { owner: 'always', guest: 'never',                         visitor: 'never' },
  submit:           { owner: 'never',  guest: 'if private',                    visitor: 'never' },
  submitMessage:    { owner: 'never',  guest: 'if private, messages allowed',  visitor: 'never' },
  submitMedia:      { owner: 'never',  guest: 'if private, pictures allowed',  visitor: 'never' },
  moderate:         { owner: 'always', guest: 'never',                         visitor: 'never' },
  deletePost:       { owner: 'always', guest: 'never',                         visitor: 'never' },
  reorder:          { owner: 'always', guest: 'never',                         visitor: 'never' },
  // How the videos a visitor sent are converting (issue 26): asked with the receipts only their page holds.
  readOwnReceipts:  { owner: 'never',  guest: 'always',                        visitor: 'never' },
} as const satisfies Record<string, Permission>;
