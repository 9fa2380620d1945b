// The partner's logo (issue 30 §4), apart from the partner schemas so the light QR page imports no zod.

/**
 * The partner's logo as stored: fitted inside this box on a transparent canvas, WebP, so every logo
 * has the same size and the QR page can give its <img> a width and height (shown at half: 2× screens).
 */
export const PARTNER_LOGO = { width: 240, height: 96 } as const;
