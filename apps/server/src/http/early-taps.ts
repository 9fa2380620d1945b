// Taps made before a server-rendered page is live (the account pages, issue 27, docs/decisions/028
// §12; the QR page, §21): the server's markup shows the buttons at once, but their script starts
// after the first paint, and React (or Preact) sees only the events that arrive once it hydrates.
// This small script, inline in the document's head (allowed by its hash), holds a tap on a control
// that needs the script (a button, a radio, a checkbox) until `<html data-hydrated>`: the control is
// marked busy (aria-busy, styled in base.css without moving anything), and the same click is made
// on it once the page is live.
// A link is left alone: it works as a plain link. Only the last control tapped is kept. If the
// scripts cannot arrive (the after-paint starter marks `<html data-scripts-failed>`: the connection
// dropped), nothing stays busy: the held control is let go and a notice says so, with a button that
// loads the page again.
import { inlineHash } from './html';

export const EARLY_FAILED_TEXT = 'No pudimos terminar de cargar la página. Revisa tu conexión e inténtalo de nuevo.';
export const EARLY_FAILED_RETRY = 'Volver a cargar';

export const EARLY_TAPS_SCRIPT = `(() => {
const root = document.documentElement;
const live = () => root.hasAttribute('data-hydrated');
if (live()) return;
const CONTROLS = 'button, [role="button"], input[type="radio"], input[type="checkbox"]';
let held = null;
const hold = (event) => {
  if (live()) return;
  const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
  if (!control || control.disabled || !control.closest('#root')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (held && held !== control) held.removeAttribute('aria-busy');
  held = control;
  control.setAttribute('aria-busy', 'true');
};
document.addEventListener('click', hold, true);
const failed = () => {
  const notice = document.createElement('div');
  notice.className = 'early-failed';
  notice.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = ${JSON.stringify(EARLY_FAILED_TEXT)};
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'btn btn--primary btn--sm';
  retry.textContent = ${JSON.stringify(EARLY_FAILED_RETRY)};
  retry.addEventListener('click', () => location.reload());
  notice.append(text, retry);
  document.body.append(notice);
};
new MutationObserver((records, observer) => {
  const broken = root.hasAttribute('data-scripts-failed');
  if (!live() && !broken) return;
  observer.disconnect();
  document.removeEventListener('click', hold, true);
  const control = held;
  held = null;
  if (control) control.removeAttribute('aria-busy');
  if (!live()) return failed();
  if (control?.isConnected) setTimeout(() => control.click());
}).observe(root, { attributes: true, attributeFilter: ['data-hydrated', 'data-scripts-failed'] });
})();`;

export const EARLY_TAPS_HASH = inlineHash(EARLY_TAPS_SCRIPT);
