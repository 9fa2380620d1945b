// Text placed in HTML or SVG markup that the server writes itself (e-mails, the guest page's head,
// the archive's page, the QR code's label): never read as markup.
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
