// Business constants and limits of spec §9, in one place for the browser and the server.
export const LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  accessCodeMax: 15,
  accessCodeDebounceMs: 1000,
  guestNameMax: 60,
  guestEmailMax: 80,
  messageMax: 500,
  epitaphMax: 500,
  fullnameMax: 60,
  placeMax: 100,
  forgotEmailMax: 60,
  loginEmailMax: 254,
  accountNameMax: 60,
  videoMaxBytes: 50 * 1024 * 1024,
  /**
   * The owner's video through a resumable upload (issue 26: a minute of 1080p from a phone is
   * 100–130 MB); visitors, and every multipart call, keep videoMaxBytes.
   */
  ownerVideoMaxBytes: 1024 * 1024 * 1024,
  /** Receipts of videos being converted one visitor's page asks about at once (issue 26). */
  videoReceiptsMax: 20,
  /** Largest picture the server accepts before re-encoding (the browser sends ≤ 800×800). */
  pictureMaxBytes: 15 * 1024 * 1024,
  postCanvas: 800,
  profileCanvas: 300,
  reencodeThresholdBytes: 2 * 1024 * 1024,
  cropAreaPx: 250,
  cropMinPx: 50,
  cardMediaPx: 240,
  profilePhotoPx: 130,
  giftDisplayCap: 99,
  badgeCapDesktop: 99,
  badgeCapMobile: 9,
  copyLinkMs: 3000,
  changePasswordSuccessMs: 5000,
  newPasswordRedirectMs: 3000,
  saveDelayMs: 500,
  dragDelayMs: 250,
  dragTolerancePx: 5,
  touchDragTimeoutMs: 15_000,
  desktopBreakpointPx: 1100,
  landingDesktopPx: 1000,
  landingFooterPx: 768,
  firstYear: 1900,
  flyerCount: 6,
} as const;

export const PICTURE_TYPES = ['image/png', 'image/jpeg'] as const;
export const PICTURE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
export const VIDEO_TYPE = 'video/mp4';
/** What phones record (issue 26): the file picker offers these; the server decides by the bytes. */
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/3gpp,video/3gpp2,video/webm,video/x-m4v,.mp4,.mov,.3gp,.3g2,.webm,.m4v';
