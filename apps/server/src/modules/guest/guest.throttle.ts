// How access-code guessing is slowed down (DESIGN §4), as pure functions of failure counts so the
// policy can be read and tested on its own:
// - per IP, failures counted over 30 minutes: 5 free tries, then a wait that doubles with each
//   failure (2 s, 4 s, 8 s …), and after 10 failures no more tries until the 30 minutes end (429);
// - per memorial, every IP together (guessing from many addresses), failures counted over a day:
//   10 free, then a doubling wait capped at 5 minutes. Never a lock: a family member who knows the
//   code waits 5 minutes at worst, while a distributed guesser gets about one try per 5 minutes.
export const IP_FAILURE_WINDOW_MS = 30 * 60_000;
export const MEMORIAL_FAILURE_WINDOW_MS = 24 * 60 * 60_000;

export const IP_FREE_FAILURES = 5;
export const IP_MAX_FAILURES = 10;
export const MEMORIAL_FREE_FAILURES = 10;
export const MEMORIAL_MAX_WAIT_MS = 5 * 60_000;
export const FIRST_WAIT_MS = 2000;

/** Wait imposed after the n-th failure from one IP in the window. */
export function ipWaitAfter(failures: number): number {
  return failures < IP_FREE_FAILURES ? 0 : FIRST_WAIT_MS * 2 ** (failures - IP_FREE_FAILURES);
}

/** Wait imposed on everyone after the n-th failure on one memorial in the window. */
export function memorialWaitAfter(failures: number): number {
  if (failures < MEMORIAL_FREE_FAILURES) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - MEMORIAL_FREE_FAILURES), MEMORIAL_MAX_WAIT_MS);
}

/** Limiter keys, exported so tests can stand in for a long run of failures. */
export const throttleKeys = {
  ipFailures: (ip: string) => `guest-login:ip:${ip}`,
  ipWait: (ip: string) => `guest-login:ip-wait:${ip}`,
  memorialFailures: (identifier: string) => `guest-login:memorial:${identifier}`,
  memorialWait: (identifier: string) => `guest-login:memorial-wait:${identifier}`,
};
