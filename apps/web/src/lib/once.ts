// One-time links (activation, password reset) must not be spent twice, even when React runs an
// effect twice (StrictMode) or a component remounts.
const onceTasks = new Map<string, Promise<unknown>>();

/** Runs `task` once per key; later calls get the same promise. */
export function once<T>(key: string, task: () => Promise<T>): Promise<T> {
  let promise = onceTasks.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = task();
    onceTasks.set(key, promise);
  }
  return promise;
}
