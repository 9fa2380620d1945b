// One-time links (activation, password reset) must not be spent twice, even when React runs an
// effect twice (StrictMode) or a component remounts.
const onceTasks = new Map<string, Promise<unknown>>();

/**
 * Runs `task` once per key; later calls get the same promise. When it fails with an error that
 * `retryable` accepts (a lost connection: the link was not spent), the next call runs it again.
 */
export function once<T>(key: string, task: () => Promise<T>, retryable: (error: unknown) => boolean = () => false): Promise<T> {
  let promise = onceTasks.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = task();
    onceTasks.set(key, promise);
    promise.catch((error: unknown) => {
      if (retryable(error)) onceTasks.delete(key);
    });
  }
  return promise;
}
