// 'Copiar enlace del perfil' (spec §2 profile card, owner panel): copies the memorial's guest link
// and says 'Enlace copiado' for 3 seconds (spec §9) before reverting. Where the browser refuses the
// clipboard (no permission, or a tap made before the page was live and given again without the
// person's gesture, which Safari refuses), it says so and shows the link in a field, selected, to be
// copied by hand: never a tap that does nothing.
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '@recuerdos/shared/limits';
import { copyText } from './copy-text';
import { CheckIcon } from '../icons';
import { LinkIcon } from './memorial-icons';

export const COPY_LINK_LABEL = 'Copiar enlace del perfil';
export const LINK_COPIED_LABEL = 'Enlace copiado';
export const COPY_FAILED_TEXT = 'No pudimos copiar el enlace. Cópialo desde aquí:';
export const COPY_FIELD_LABEL = 'Enlace del perfil';

export interface CopyLinkButtonProps {
  /** The absolute guest link, `PUBLIC_URL/guest?id=<identifier>`. */
  link: string;
  className?: string;
}

export function CopyLinkButton({ link, className }: CopyLinkButtonProps) {
  const [copied, setCopied] = useState(false);
  const [refused, setRefused] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!refused) return;
    field.current?.focus();
    field.current?.select();
  }, [refused]);

  const copy = async () => {
    if (!(await copyText(link))) {
      setRefused(true);
      field.current?.select();
      return;
    }
    setRefused(false);
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), LIMITS.copyLinkMs);
  };

  return (
    <>
      <button type="button" className={['copy-link', className ?? ''].filter(Boolean).join(' ')} onClick={() => void copy()}>
        {copied ? <CheckIcon /> : <LinkIcon />}
        <span aria-live="polite">{copied ? LINK_COPIED_LABEL : COPY_LINK_LABEL}</span>
      </button>
      {refused ? (
        <div className="copy-link__manual">
          <p role="status">{COPY_FAILED_TEXT}</p>
          <input
            ref={field}
            className="copy-link__field"
            type="text"
            readOnly
            value={link}
            aria-label={COPY_FIELD_LABEL}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      ) : null}
    </>
  );
}
