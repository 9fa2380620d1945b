// The look of every e-mail: a calm, plain layout in Spanish, as HTML and as plain text. Feature
// modules build their messages with `composeMail` (e.g. modules/user/user.mails.ts).
import type { MailMessage } from './mailer';
import { escapeHtml } from '../http/html';

export interface MailContent {
  to: string;
  kind: string;
  subject: string;
  /** First line, e.g. 'Hola, Ana:' */
  greeting: string;
  paragraphs: string[];
  /** A call to action: a button in HTML, the bare link in text. */
  action?: { label: string; url: string };
  /** Label/value rows (a complaint's fields). */
  details?: { label: string; value: string }[];
  /** Small print under everything. */
  footnote?: string;
  /** A link to stop these e-mails, in the small print. */
  unsubscribe?: string;
  /** A picture above the text (a memorial's photo), by absolute URL. */
  image?: { url: string; alt: string };
  /** Extra headers, passed through (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

const COLORS = { background: '#f7f3ee', card: '#ffffff', text: '#2b2622', muted: '#6b625a', accent: '#4a3b6b' };

export function composeMail(content: MailContent): MailMessage {
  const paragraphsHtml = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${COLORS.text}">${escapeHtml(p)}</p>`)
    .join('');
  const actionHtml = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${COLORS.accent};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-size:16px">${escapeHtml(content.action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:${COLORS.muted}">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escapeHtml(content.action.url)}" style="color:${COLORS.accent};word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const detailsHtml = content.details?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px">${content.details
        .map(
          (d) =>
            `<tr><td style="padding:6px 8px;border-bottom:1px solid #eee;font-size:14px;color:${COLORS.muted};vertical-align:top;white-space:nowrap">${escapeHtml(d.label)}</td><td style="padding:6px 8px;border-bottom:1px solid #eee;font-size:14px;color:${COLORS.text}">${escapeHtml(d.value).replace(/\n/g, '<br>')}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const imageHtml = content.image
    ? `<p style="margin:0 0 20px;text-align:center"><img src="${escapeHtml(content.image.url)}" alt="${escapeHtml(content.image.alt)}" width="160" height="160" style="width:160px;height:160px;object-fit:cover;border-radius:50%"></p>`
    : '';
  const unsubscribeHtml = content.unsubscribe
    ? ` <a href="${escapeHtml(content.unsubscribe)}" style="color:${COLORS.accent}">Dejar de recibir estos recordatorios</a>`
    : '';
  const footnoteHtml = content.footnote
    ? `<p style="margin:24px 0 0;font-size:13px;color:${COLORS.muted}">${escapeHtml(content.footnote)}${unsubscribeHtml}</p>`
    : '';
  const html = `<!doctype html><html lang="es-PE"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.background};font-family:Georgia,'Times New Roman',serif">
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
<p style="margin:0 0 16px;font-size:22px;color:${COLORS.accent};letter-spacing:0.5px">Recuerdos</p>
<div style="background:${COLORS.card};border-radius:12px;padding:28px 24px;font-family:Arial,Helvetica,sans-serif">
${imageHtml}<p style="margin:0 0 16px;font-size:17px;color:${COLORS.text}">${escapeHtml(content.greeting)}</p>
${paragraphsHtml}${detailsHtml}${actionHtml}${footnoteHtml}
</div>
<p style="margin:16px 0 0;font-size:12px;color:${COLORS.muted};text-align:center;font-family:Arial,Helvetica,sans-serif">Recuerdos · Memoriales en línea para honrar a quienes amamos</p>
</div></body></html>`;

  const textParts = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.details?.length) {
    for (const d of content.details) textParts.push(`${d.label}: ${d.value}`);
    textParts.push('');
  }
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`, '');
  if (content.footnote) textParts.push(content.footnote, '');
  if (content.unsubscribe) textParts.push(`Dejar de recibir estos recordatorios: ${content.unsubscribe}`, '');
  textParts.push('—', 'Recuerdos');
  return {
    to: content.to,
    kind: content.kind,
    subject: content.subject,
    html,
    text: textParts.join('\n'),
    ...(content.headers ? { headers: content.headers } : {}),
  };
}
