// The card a page opened from an e-mailed link ends on (activation, reminders): what was done, under a
// success seal, or why it could not be done, with "Reintentar" for a lost connection.
import type { ReactNode } from 'react';
import { Button } from './button';
import { CheckIcon } from './icons';
import './outcome-card.css';

export function DoneCard({ title, lead, leadRole, children }: { title: string; lead: ReactNode; leadRole?: 'status'; children?: ReactNode }) {
  return (
    <div className="activation card">
      <span className="activation__seal" aria-hidden="true">
        <CheckIcon />
      </span>
      <h1>{title}</h1>
      <p className="activation__lead" role={leadRole}>
        {lead}
      </p>
      {children}
    </div>
  );
}

export function RetryCard({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div className="activation card" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
      <Button size="lg" onClick={onRetry}>
        Reintentar
      </Button>
    </div>
  );
}
