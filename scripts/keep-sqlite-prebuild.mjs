#!/usr/bin/env node
// After `npm ci` in .ci/run: keeps this machine's compiled better-sqlite3 as a prebuild in npm's own
// cache, under the local mirror name .ci/run gives it (npm_config_better_sqlite3_binary_host), so the
// next `npm ci` on this machine unpacks it in a second instead of compiling it (~85 s: the package's
// published prebuilds are out of reach here). A machine without it compiles, as before.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const util = require('prebuild-install/util');
const pkg = require('better-sqlite3/package.json');
const built = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'build/Release/better_sqlite3.node');

// The name prebuild-install itself will look for: its own options, from its own code.
const url = util.getDownloadUrl({ ...require('prebuild-install/rc')(pkg), pkg });
const cached = util.cachedPrebuild(url);
if (fs.existsSync(cached) || !fs.existsSync(built)) process.exit(0);

fs.mkdirSync(path.dirname(cached), { recursive: true });
const partial = `${cached}.${process.pid}.tmp`;
execFileSync('tar', ['-czf', partial, '-C', path.resolve(built, '../../..'), 'build/Release/better_sqlite3.node']);
fs.renameSync(partial, cached);
console.log(`better-sqlite3 ${pkg.version}: compiled module kept for the next install on this machine`);
