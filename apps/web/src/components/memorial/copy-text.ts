// Copies text to the clipboard: the Clipboard API where the page may use it, else a hidden
// textarea and execCommand (older phone browsers). Resolves false when neither worked.
export async function copyText(text: string): Promise<boolean> {
  try {
    // Missing on old browsers and outside secure contexts, whatever the DOM types say.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard) {
      await clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): try the old way.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'visually-hidden';
    document.body.appendChild(area);
    area.select();
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the only fallback older browsers have
    const done = document.execCommand('copy');
    area.remove();
    return done;
  } catch {
    return false;
  }
}
