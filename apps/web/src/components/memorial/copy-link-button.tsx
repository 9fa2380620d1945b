// 'Copiar enlace del perfil' (spec §2 profile card, owner panel): copies the memorial's guest link
// and says 'Enlace copiado' for 3 seconds (spec §9) before reverting.
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '@recuerdos/shared/limits';
import { copyText } from './copy-text';
import { CheckIcon } from '../icons';
import { LinkIcon } from './memorial-icons';

export const COPY_LINK_LABEL = 'Copiar enlace del perfil';
export const LINK_COPIED_LABEL = 'Enlace copiado';

export interface CopyLinkButtonProps {
  /** The absolute guest link, `PUBLIC_URL/guest?id=<identifier>`. */
  link: string;
  className?: string;
}

export function CopyLinkButton({ link, className }: CopyLinkButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(link))) return;
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), LIMITS.copyLinkMs);
  };

  return (
    <button type="button" className={['copy-link', className ?? ''].filter(Boolean).join(' ')} onClick={() => void copy()}>
      {copied ? <CheckIcon /> : <LinkIcon />}
      <span aria-live="polite">{copied ? LINK_COPIED_LABEL : COPY_LINK_LABEL}</span>
    </button>
  );
}
