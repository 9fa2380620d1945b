// Posts, gifts and card order (spec §5 'Guest modal', 'Owner add-post dialog', §7 /content/*, /gift/*).
import { z } from './zod';
import { MESSAGES, identifierField, messageMaxField, optionalEmailField, requiredText } from './fields';
import { LIMITS } from './limits';
import { cleanMultiline } from './text';

export type PostKind = 'message' | 'picture' | 'video';

/** Text of a post: required and not blank for a message; optional (sent as ' ') with media. */
function postTextField(kind: PostKind) {
  const text = z.string({ error: MESSAGES.messageRequired }).optional().transform((value) => value ?? '');
  return kind === 'message'
    ? text.pipe(z.string().overwrite(cleanMultiline).trim().min(1, MESSAGES.messageRequired).max(LIMITS.messageMax, MESSAGES.messageMax))
    : text.pipe(messageMaxField);
}

/** The owner's add-post dialog (text part; the file is checked by `pictureProblem`/`videoProblem`). */
export function adminPostFormSchema(kind: PostKind) {
  return z.object({ message: postTextField(kind) });
}

export const guestNameField = requiredText(MESSAGES.guestNameRequired).max(LIMITS.guestNameMax, MESSAGES.guestNameMax);

/** The guest modal (text part). With messages disabled the message field is not shown and not required. */
export function guestPostFormSchema(kind: PostKind, messagesAllowed = true) {
  return z.object({
    fullname: guestNameField,
    email: optionalEmailField,
    message: messagesAllowed ? postTextField(kind) : postTextField('picture'),
  });
}

/** POST /content/save-admin-message: text is checked against the media after the file parts. */
export const saveAdminMessageSchema = z.object({
  identifier: identifierField,
  message: z.string({ error: MESSAGES.messageRequired }).optional().transform((value) => value ?? '').pipe(messageMaxField),
});

/** POST /content/save-guest-message. */
export const saveGuestMessageSchema = z.object({
  identifier: identifierField,
  fullname: guestNameField,
  email: optionalEmailField,
  message: z.string({ error: MESSAGES.messageRequired }).optional().transform((value) => value ?? '').pipe(messageMaxField),
});

/**
 * POST /content/guest-video-states (issue 26): the receipts this visitor's page holds for the videos
 * it sent to the memorial (random tokens, base64url).
 */
export const guestVideoStatesSchema = z.object({
  identifier: identifierField,
  receipts: z
    .array(z.string({ error: MESSAGES.videoReceiptsInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, MESSAGES.videoReceiptsInvalid), { error: MESSAGES.videoReceiptsInvalid })
    .min(1, MESSAGES.videoReceiptsInvalid)
    .max(LIMITS.videoReceiptsMax, MESSAGES.videoReceiptsInvalid),
});

/** delete-message, approve-message, deny-message: `date` carries the post's `reg`. */
export const postKeySchema = z.object({
  identifier: identifierField,
  date: requiredText(MESSAGES.postKeyRequired).max(64, MESSAGES.postKeyRequired),
});

const cardSchema = z.object({
  reg: requiredText(MESSAGES.cardsInvalid).max(64, MESSAGES.cardsInvalid),
  place: z.coerce.number({ error: MESSAGES.cardsInvalid }).int(MESSAGES.cardsInvalid).min(0, MESSAGES.cardsInvalid).max(1_000_000, MESSAGES.cardsInvalid),
});

/** `cards` arrives as a JSON string or, from bracket-form multipart, as an array or index-keyed object. */
export const cardsField = z.preprocess((value) => {
  if (value === undefined || value === '') return [];
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) return Object.values(value as Record<string, unknown>);
  return value;
}, z.array(cardSchema, { error: MESSAGES.cardsInvalid }).max(1000, MESSAGES.cardsInvalid));

export const updateCardsOrderSchema = z.object({ identifier: identifierField, cards: cardsField });
export type CardOrder = z.output<typeof cardSchema>;

export const giftTypeField = z.enum(['F', 'V'], { error: MESSAGES.giftTypeInvalid });
export const updateGiftSchema = z.object({ identifier: identifierField, type: giftTypeField });

/** The browser's check of a chosen picture file (spec §5): png, jpg, jpeg. */
export function pictureProblem(file: { type: string; name: string } | null | undefined): string | null {
  if (!file) return MESSAGES.pictureRequired;
  const byType = file.type === 'image/png' || file.type === 'image/jpeg';
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  return byType || (!file.type && byName) ? null : MESSAGES.pictureInvalid;
}

const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/3gpp', 'video/3gpp2', 'video/webm', 'video/x-m4v']);
const VIDEO_NAME = /\.(mp4|mov|3gp|3g2|webm|m4v)$/i;

/**
 * The browser's check of a chosen video file (spec §5, issue 26): what phones record — MP4, MOV,
 * 3GP, WebM, M4V, by type or, when the browser names none it knows, by name (the server decides by
 * the bytes) — at most 50 MB, or `maxBytes` (the owner's resumable upload: 1 GB).
 */
export function videoProblem(file: { type: string; name: string; size: number } | null | undefined, maxBytes: number = LIMITS.videoMaxBytes): string | null {
  if (!file) return MESSAGES.videoRequired;
  if (!VIDEO_TYPES.has(file.type) && !VIDEO_NAME.test(file.name)) return MESSAGES.videoInvalid;
  if (file.size > maxBytes) return maxBytes > LIMITS.videoMaxBytes ? MESSAGES.ownerVideoTooLarge : MESSAGES.videoTooLarge;
  return null;
}
