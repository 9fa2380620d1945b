// Reading links out of captured e-mails.
import { findLink, type CapturedMail, type SmtpCapture } from '../../apps/server/test/smtp-capture';

export type { CapturedMail };

export async function waitForMail(smtp: SmtpCapture, to: string, subject: RegExp | string): Promise<CapturedMail> {
  return smtp.waitFor(
    (mail) => mail.to.includes(to.toLowerCase()) && (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)),
    15_000,
  );
}

/** The first link in the mail's text that starts with `baseUrl + path`. */
export function linkIn(mail: CapturedMail, baseUrl: string, path: string): string {
  return findLink(mail.text || mail.html, `${baseUrl}${path}`);
}
