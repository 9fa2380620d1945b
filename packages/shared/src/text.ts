// What a typed name or message may carry (issue 12 §9). Text reaches other people's screens and
// e-mails, so characters that are invisible but change what is shown are taken out, the same way in
// the browser (the form shows what will be saved) and on the server (which never trusts the form):
// - bidi controls (U+202E RIGHT-TO-LEFT OVERRIDE and friends) that reorder what follows them;
// - NUL and the other C0/C1 control characters, DEL, and the zero-width no-break space (BOM);
// - line breaks in one-line fields (names, places) become spaces; messages keep them, as \n.
// Everything is NFC-normalised, so 'José' typed on a phone that composes accents differently is the
// same text (and the same access code) as 'José' typed elsewhere.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// C0 except tab and line feed (handled below), DEL, C1; and U+FEFF. Matching them is the point.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFEFF]/g;
const LINE_BREAKS = /\r\n|[\r\u2028\u2029]/g;

function strip(value: string): string {
  return value.normalize('NFC').replace(BIDI_CONTROLS, '').replace(/\t/g, ' ');
}

/** One-line text: names, places, numbers typed by hand. */
export function cleanLine(value: string): string {
  return strip(value).replace(LINE_BREAKS, ' ').replace(/\n/g, ' ').replace(CONTROLS, '');
}

/** Text that may span lines: messages, epitaphs, a complaint's detail. */
export function cleanMultiline(value: string): string {
  return strip(value).replace(LINE_BREAKS, '\n').replace(CONTROLS, '');
}
