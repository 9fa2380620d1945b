import './spinner.css';

interface SpinnerProps {
  /** Spoken to screen readers; defaults to 'Cargando…'. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Inside a button that already says it is busy: no separate announcement. */
  decorative?: boolean;
}

export function Spinner({ label = 'Cargando…', size = 'md', decorative = false }: SpinnerProps) {
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A whole-page wait (route loading, session check). */
export function PageSpinner({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label} />
    </div>
  );
}
