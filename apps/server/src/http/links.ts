// Absolute links to the product's own pages, for e-mails, cards and the back office.

/** A memorial's page as visitors open it (the QR code's address). */
export function guestUrl(publicUrl: string, identifier: string): string {
  return `${publicUrl}/guest?id=${encodeURIComponent(identifier)}`;
}
