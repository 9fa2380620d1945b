// Who fetches a page to draw a link preview or to index it, rather than to show it to a person:
// WhatsApp, Facebook, Telegram, Slack… Most never run the page's script; some do (or render it in a
// headless browser), and a visit counted for them would be a visit nobody made (issue 29 §4).

// Names of preview fetchers and crawlers whose User-Agent says neither "bot" nor "crawl"/"spider"/"preview".
// Not in-app browsers' names (Instagram, Snapchat, Pinterest…): people open links inside those apps.
const NAMED = ['facebookexternalhit', 'facebookcatalog', 'meta-externalagent', 'whatsapp', 'slack-imgproxy', 'embedly', 'iframely', 'vkshare', 'google-inspectiontool', 'googleother', 'mastodon', 'cardyb', 'w3c_validator', 'chrome-lighthouse'];
// "…bot" ends a robot's name (Googlebot/2.1, TelegramBot (like TwitterBot), Slackbot-LinkExpanding),
// but not a phone's: CUBOT phones, sold in Peru, write their model into the browser's User-Agent.
const GENERIC = /(?<!cu)bot\b|crawl|spider|preview|slurp|scanner|fetcher/i;

/** True for a link-preview robot or a crawler; false for a browser (or no User-Agent at all). */
export function isPreviewRobot(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  const text = userAgent.toLowerCase();
  return GENERIC.test(text) || NAMED.some((name) => text.includes(name));
}

/**
 * A request a browser makes ahead of the person (prefetch, prerender: `Sec-Purpose` / `Purpose`):
 * the page may never be looked at.
 */
export function isSpeculative(purpose: string | string[] | undefined): boolean {
  const value = Array.isArray(purpose) ? purpose.join(',') : (purpose ?? '');
  return /prefetch|prerender/i.test(value);
}
