// The back office's actions answer with the server's Spanish sentence ('Feriado agregado', 'Aviso
// quitado', …): a success toast says it, then the page does what follows (empties its form, closes
// its dialog). Pass the result as a mutation's options.
import { showToast } from '../../components/toast';

export function toastAnswer(then?: () => void): { onSuccess: (answer: { message: string }) => void } {
  return {
    onSuccess: (answer) => {
      showToast('success', answer.message);
      then?.();
    },
  };
}
