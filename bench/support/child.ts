// A bench's helper processes: a TypeScript file forked with tsx, spoken to over IPC.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Forks bench/<file> (a TypeScript file) with `env` over this process's environment. */
export function forkTs(file: string, env: Record<string, string>): ChildProcess {
  return fork(path.join(import.meta.dirname, '..', file), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The child's next IPC message; rejects if it exits first. */
export function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`A bench process exited (${String(code)})`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}
