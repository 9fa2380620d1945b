// Sharing a memorial as Peruvian families do, by WhatsApp (issue 14 §3): a kind Spanish text and
// the guest link, as a `wa.me` link (any phone or computer) or for the Web Share API (the phone's
// own share sheet). The text promises only what the memorial lets visitors do (issue 28 §2), and
// carries the access code of a private memorial when the family chose to send it (issue 28 §1):
// without it, everyone invited lands on the code screen with nothing to type.

export interface ShareOptions {
  /** Whether visitors may leave a memory (a message, a photo or a video): see `visitorsMayLeaveMemories`. */
  memories: boolean;
  /** The access code, only when the family chose to send it along. */
  accessCode?: string | undefined;
}

/** What decides what visitors may do (spec §3, §6): the profile type and its two flags ('0' means off). */
export interface VisitorSettings {
  type: 'P' | 'U';
  flagmsg: string;
  flagpic: string;
}

/** Spec §6: visitors leave memories only on a private memorial, and only what its flags allow. */
export function visitorsMayLeaveMemories(settings: VisitorSettings): boolean {
  return settings.type === 'P' && (settings.flagmsg !== '0' || settings.flagpic !== '0');
}

/** The code the owner's texts and cards carry: a private memorial's, when the family chose to send it. */
export function sharedAccessCode(settings: { type: 'P' | 'U'; entercode: string; flagsharecode: string }): string | undefined {
  return settings.type === 'P' && settings.flagsharecode === '1' && settings.entercode !== '' ? settings.entercode : undefined;
}

/** The line that gives the code, in the texts and printed on the cards. */
export function accessCodeLine(code: string): string {
  return `Código de acceso: ${code}`;
}

/** The code's line after a message, or nothing. */
export function withAccessCode(text: string, code: string | undefined): string {
  return code ? `${text}\n${accessCodeLine(code)}` : text;
}

export function shareText(fullname: string, options: ShareOptions): string {
  const what = options.memories ? 'encenderle una vela y dejarle un recuerdo' : 'encenderle una vela y dejarle flores';
  return `Te comparto el memorial de ${fullname}. Puedes visitarlo, ${what}:`;
}

/** The whole message: the text, the link and, when chosen, the code on a line of its own. */
export function shareMessage(fullname: string, link: string, options: ShareOptions): string {
  return withAccessCode(`${shareText(fullname, options)} ${link}`, options.accessCode);
}

export function whatsappUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

export function whatsappShareUrl(fullname: string, link: string, options: ShareOptions): string {
  return whatsappUrl(shareMessage(fullname, link, options));
}

/** One line for the family (Permisos): what a visitor can do with the memorial as it is set. */
export function visitorsCan(settings: VisitorSettings): string {
  if (settings.type === 'U') {
    return 'Cualquiera con el enlace puede verlo, encender una vela y dejar flores; los recuerdos solo los publicas tú.';
  }
  const messages = settings.flagmsg !== '0';
  const pictures = settings.flagpic !== '0';
  const memories = messages && pictures ? 'dejar mensajes, fotos y videos' : messages ? 'dejar mensajes' : pictures ? 'subir fotos y videos' : '';
  if (!memories) return 'Solo quien tenga el código puede verlo, encender una vela y dejar flores.';
  return `Solo quien tenga el código puede verlo, encender una vela, dejar flores y ${memories}, que se muestran cuando los apruebas.`;
}
