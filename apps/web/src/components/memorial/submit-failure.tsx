// A memory that could not be sent (issue 13 §4, replacing spec §8's silence for the visitor's and
// the owner's uploads): what went wrong, that nothing they wrote or chose was lost, and "Reintentar".
import { Button } from '../button';
import { FormAlert } from '../form-alert';

export interface SubmitFailureProps {
  /** What failed and why, e.g. "No pudimos enviar tu recuerdo. Revisa tu conexión…". */
  message: string;
  /** What is still there, e.g. "Tu nombre, tu mensaje y la foto siguen aquí." */
  kept: string;
  onRetry: () => void;
  disabled?: boolean;
}

export function SubmitFailure({ message, kept, onRetry, disabled = false }: SubmitFailureProps) {
  return (
    <FormAlert tone="error">
      <p>{message}</p>
      <p>{kept}</p>
      <Button variant="secondary" size="sm" onClick={onRetry} disabled={disabled}>
        Reintentar
      </Button>
    </FormAlert>
  );
}
