// Types of build-server.mjs for the TypeScript that imports it (the tests' global setup).
export function serverIsStale(): boolean;
export function buildServer(into?: string): Promise<void>;
