import './logo.css';

/** The candle mark: a warm flame over a slender candle. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg className="logo__mark" viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="24" fill="#4a3b6b" />
      <path d="M24 8.5c3.6 4 5.3 6.9 5.3 9.5a5.3 5.3 0 0 1-10.6 0c0-2.6 1.7-5.5 5.3-9.5z" fill="#e0b45a" />
      <path d="M24 14.5c1.5 1.8 2.2 3 2.2 4.1a2.2 2.2 0 0 1-4.4 0c0-1.1.7-2.3 2.2-4.1z" fill="#fff4d6" />
      <rect x="18.5" y="26" width="11" height="15" rx="1.6" fill="#f8f5f0" />
    </svg>
  );
}

/** The wordmark 'Recuerdos' beside the mark. Its accessible name comes from the text. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <span className="logo">
      <LogoMark size={size} />
      <span className="logo__word">Recuerdos</span>
    </span>
  );
}
