// The page at a reminder's List-Unsubscribe address (issue 25 §3). RFC 8058 mail clients POST there;
// a person (or an older client) opens it: a GET shows one button and changes nothing (link scanners
// prefetch mail links), the button's form POSTs the same address as those clients do. A document of
// its own, whole without JavaScript: its styles are one inline block the CSP allows by its hash (the
// strict policy of plugins/security.ts), and it runs no script.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REMINDER_MESSAGES, UNSUBSCRIBE_PAGE } from '@recuerdos/shared/remembrance';
import { escapeHtml, inlineHash } from '../../http/html';
import { AppError } from '../../http/errors';
import { allowInline } from '../../plugins/security';

export type UnsubscribePage =
  | { kind: 'ask'; fullname: string; action: string }
  | { kind: 'done'; fullname: string | null }
  | { kind: 'gone' }
  | { kind: 'invalid' };

const STYLE = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;background:#f8f5f0;color:#2b2622;font:18px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
main{width:100%;max-width:32rem;background:#fffdf9;border:1px solid #d9d0c5;border-radius:16px;padding:32px 24px;text-align:center}
.brand{margin:0 0 24px;font:20px Georgia,serif;letter-spacing:.5px}
.brand a{color:#4a3b6b;text-decoration:none}
h1{margin:0 0 16px;font:600 26px/1.3 Georgia,serif}
p{margin:0 0 16px}
.name{font:italic 22px Georgia,serif;color:#4a3b6b}
.muted{color:#5f564e}
form{margin:24px 0 0}
button{font:inherit;font-weight:600;min-height:48px;padding:12px 24px;border:0;border-radius:10px;background:#4a3b6b;color:#fff;cursor:pointer}
button:hover{background:#372b52}
a:focus-visible,button:focus-visible{outline:3px solid #4a3b6b;outline-offset:3px}`;
const STYLE_HASH = inlineHash(STYLE);

function body(page: UnsubscribePage): { title: string; html: string } {
  const name = (fullname: string | null) => (fullname ? `<p class="name">${escapeHtml(fullname)}</p>` : '');
  switch (page.kind) {
    case 'ask':
      return {
        title: UNSUBSCRIBE_PAGE.title,
        html: `<h1>${UNSUBSCRIBE_PAGE.title}</h1>${name(page.fullname)}<p>${UNSUBSCRIBE_PAGE.lead}</p>
<form method="post" action="${escapeHtml(page.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${UNSUBSCRIBE_PAGE.button}</button></form>`,
      };
    case 'done':
      return {
        title: UNSUBSCRIBE_PAGE.doneTitle,
        html: `<h1>${UNSUBSCRIBE_PAGE.doneTitle}</h1>${name(page.fullname)}<p role="status">${REMINDER_MESSAGES.unsubscribed}.</p><p class="muted">${UNSUBSCRIBE_PAGE.doneText}</p>`,
      };
    case 'gone':
      return { title: UNSUBSCRIBE_PAGE.goneTitle, html: `<h1>${UNSUBSCRIBE_PAGE.goneTitle}</h1><p class="muted">${UNSUBSCRIBE_PAGE.goneText}</p>` };
    case 'invalid':
      return {
        title: UNSUBSCRIBE_PAGE.invalidTitle,
        html: `<h1>${UNSUBSCRIBE_PAGE.invalidTitle}</h1><p>${REMINDER_MESSAGES.unsubscribeInvalid}.</p><p class="muted">${UNSUBSCRIBE_PAGE.invalidText}</p>`,
      };
  }
}

export function unsubscribeDocument(page: UnsubscribePage): string {
  const { title, html } = body(page);
  return [
    '<!doctype html>',
    '<html lang="es-PE">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} · Recuerdos</title><style>${STYLE}</style><link rel="icon" href="/favicon.ico" sizes="32x32"></head>`,
    `<body><main><p class="brand"><a href="/">Recuerdos</a></p>${html}</main></body>`,
    '</html>',
  ].join('\n');
}

/** Whether the caller is a browser navigating (the page's form), not a mail client or our web client's fetch. */
export function wantsPage(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** Answers the page `make` decides; a link refused (400: a token missing, cut or forged) gets the kind "invalid" page, not JSON. */
export async function answerWithPage(reply: FastifyReply, make: () => Promise<UnsubscribePage>): Promise<FastifyReply> {
  let page: UnsubscribePage;
  let status = 200;
  try {
    page = await make();
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
    page = { kind: 'invalid' };
    status = 400;
  }
  allowInline(reply, { styles: [STYLE_HASH], scripts: [] });
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(unsubscribeDocument(page));
}
