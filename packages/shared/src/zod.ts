// The zod every shared schema is built with. JIT compilation is off: zod's JIT probes `new Function`
// when a schema is first built, and in the browser that probe trips our Content-Security-Policy
// (script-src without 'unsafe-eval'), which reports a violation even though zod catches the error.
// Building the schemas through this module sets the switch before any of them exists, on both sides,
// so the browser and the server run the same (interpreted) schemas.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
