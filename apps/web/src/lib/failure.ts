// Issue 14 §5: the calls spec §8 let fail in silence now say so, in Spanish, in an error toast: a title
// naming what did not happen and the server's reason (or the connection sentence). Successes keep the
// spec's texts; these are only for failures.
import { showToast } from '../components/toast';
import { ApiError, errorMessage } from './api-client';

export function reportFailure(title: string, error: unknown): void {
  showToast('error', title, errorMessage(error));
}

/** True when the server refused (its answer is final); false for a lost connection, which a retry may fix. */
export function refusedByServer(error: unknown): boolean {
  return error instanceof ApiError && error.fromServer;
}
