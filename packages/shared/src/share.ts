// Sharing a memorial as Peruvian families do, by WhatsApp (issue 14 §3): a kind Spanish text and
// the guest link, as a `wa.me` link (any phone or computer) or for the Web Share API (the phone's
// own share sheet).

export function shareText(fullname: string): string {
  return `Te comparto el memorial de ${fullname}. Puedes visitarlo, encenderle una vela y dejarle un recuerdo:`;
}

export function whatsappShareUrl(fullname: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${shareText(fullname)} ${link}`)}`;
}
