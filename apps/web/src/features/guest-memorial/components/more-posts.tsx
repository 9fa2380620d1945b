// The end of a list that has more memories (issue 13 §1): a plain "Ver más recuerdos" link to the
// next page (`/guest?id=…&page=2`) for browsers without JavaScript and search engines; once the page
// is hydrated, the next page is fetched and appended as the link comes near the screen (or is
// clicked), without leaving the page. A failed fetch says so and offers "Reintentar".
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';

type Status = 'idle' | 'loading' | 'failed';

export interface MorePostsProps {
  /** The plain link's target: the next numbered page. */
  href: string;
  /** Fetches and appends the next page; rejects when it could not. */
  load: () => Promise<void>;
}

export function MorePosts({ href, load }: MorePostsProps) {
  const [status, setStatus] = useState<Status>('idle');
  const link = useRef<HTMLAnchorElement>(null);
  const busy = useRef(false);

  const run = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus('loading');
    try {
      await load();
      setStatus('idle');
    } catch {
      setStatus('failed');
    } finally {
      busy.current = false;
    }
  }, [load]);

  // Near the screen (well before the visitor reaches it), the next page loads by itself.
  useEffect(() => {
    const target = link.current;
    if (status !== 'idle' || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void run();
    }, { rootMargin: '600px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [status, run]);

  if (status === 'failed') {
    return (
      <div className="post-list__more" role="alert">
        <p>No pudimos cargar más recuerdos. Revisa tu conexión.</p>
        <Button variant="secondary" size="sm" onClick={() => void run()}>
          Reintentar
        </Button>
      </div>
    );
  }
  return (
    <p className="post-list__more">
      <a
        ref={link}
        href={href}
        aria-busy={status === 'loading'}
        onClick={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        {status === 'loading' ? 'Cargando más recuerdos…' : 'Ver más recuerdos'}
      </a>
    </p>
  );
}
