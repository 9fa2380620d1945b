// Spec §5: 'The Enter key is blocked in single-line fields' (no accidental submit). In a module of
// its own so the shared fields do not pull the form library into the light pages' bundles.
import type { KeyboardEvent } from 'react';

export function blockEnter(event: KeyboardEvent<HTMLElement>): void {
  if (event.key === 'Enter' && !event.nativeEvent.isComposing) event.preventDefault();
}
