// The light pages (the QR page, the landing, /login) start their bundle only after the first paint
// (docs/decisions/021), so for a moment the server's markup is on screen and not yet live. Their
// entries mark the document once every part is hydrated: `<html data-hydrated>`, which the browser
// tests wait for before they tap, and a hook for styles that should wait for it too.
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = '';
}
