import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'whatsapp';

interface ClassOptions {
  variant?: ButtonVariant;
  size?: 'md' | 'lg' | 'sm';
  block?: boolean;
  className?: string | undefined;
}

/** Button look for links that act as buttons (e.g. 'Iniciar sesión' on the landing). */
export function buttonClass({ variant = 'primary', size = 'md', block = false, className }: ClassOptions = {}): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', className ?? ''].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ClassOptions {
  /** A call is running: spinner, disabled, aria-busy (spec §4 'buttons show a spinner'). */
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, block, className, loading = false, icon, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, size, block, className })}
      disabled={disabled === true || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner size="sm" decorative /> : icon}
      <span>{children}</span>
    </button>
  );
}
