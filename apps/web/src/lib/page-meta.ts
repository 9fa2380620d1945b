// Title and description per page (the static index.html carries the site-wide defaults).
import { useEffect } from 'react';

export const SITE_NAME = 'Recuerdos';

/** A page's title (null: the site's own) and description; the server writes them into the documents it renders. */
export interface PageMeta {
  title: string | null;
  description: string;
}

export function pageTitle(title: string | null): string {
  return title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} · Memoriales en línea para recordar a quienes amamos`;
}

export function usePageMeta(title: string | null, description: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
