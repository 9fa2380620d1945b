import type { ReactNode } from 'react';
import './form-alert.css';

interface FormAlertProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  id?: string;
}

/**
 * A message about the whole form: the server's refusal in red (spec §8) or a success text.
 * Errors are announced at once (role=alert); success politely (role=status).
 */
export function FormAlert({ tone, children, id }: FormAlertProps) {
  return (
    <div id={id} className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
