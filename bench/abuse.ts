// Figures for docs/decisions/011-abuse-limits.md: whether contract activation answers an unknown
// contract and a known one with a wrong token in the same time (issue 12 §8), and what a counted-first
// reservation costs on the in-process store and on Redis (REDIS_URL or TEST_REDIS_URL). Prints
// figures; never passes or fails on time.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createContract } from '../apps/server/src/modules/contract/contract.service';
import { MemoryRateLimiter, RedisRateLimiter, createRedis, type RateLimiter } from '../apps/server/src/security/limiter';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-bench-abuse-'));
const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
const { app, ctx } = await buildApp({ config, logger: false, apiRequestsPerMinute: 0 });

function quantiles(samples: number[]): { median: number; p90: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, p90: sorted[Math.floor(sorted.length * 0.9)] ?? 0 };
}

try {
  const contracts = [];
  for (let i = 0; i < 20; i++) {
    contracts.push(await createContract(ctx, { email: `bench-${i}@recuerdos.test`, name: 'Ana', lastname: 'Quispe', person: `Persona ${i}` }));
  }
  const year = contracts[0]?.number.slice(4, 8) ?? '2026';
  const timings: Record<'unknown' | 'known', number[]> = { unknown: [], known: [] };
  const rounds = 2000;
  for (let i = 0; i < rounds; i++) {
    const kind = i % 2 === 0 ? 'unknown' : 'known';
    const contract = kind === 'known' ? (contracts[i % contracts.length]?.number ?? '') : `REC-${year}-${String(50_000 + i).padStart(5, '0')}`;
    const start = process.hrtime.bigint();
    const res = await app.inject({
      method: 'POST',
      url: '/api/contract/activate',
      payload: { contract, token: randomBytes(32).toString('base64url') },
      // Each from its own address: the per-address limit is not what is measured here.
      remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    });
    const micros = Number(process.hrtime.bigint() - start) / 1000;
    if (res.statusCode !== 400) throw new Error(`unexpected ${res.statusCode}`);
    if (i >= 200) timings[kind].push(micros);
  }
  const u = quantiles(timings.unknown);
  const k = quantiles(timings.known);
  console.log(`activate, ${rounds - 200} measured requests (app.inject, SQLite), both answered 400 with the same body:`);
  console.log(`  unknown contract          median ${u.median.toFixed(0)} µs   p90 ${u.p90.toFixed(0)} µs`);
  console.log(`  known contract, bad token median ${k.median.toFixed(0)} µs   p90 ${k.p90.toFixed(0)} µs`);

  const stores: [string, RateLimiter][] = [['in-process', new MemoryRateLimiter()]];
  const redisUrl = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL;
  if (redisUrl) stores.push(['Redis', new RedisRateLimiter(createRedis(redisUrl), `bench-${randomBytes(4).toString('hex')}:`)]);
  else console.log('Redis: not measured (set REDIS_URL or TEST_REDIS_URL)');
  for (const [name, limiter] of stores) {
    const n = 20_000;
    const start = process.hrtime.bigint();
    await Promise.all(Array.from({ length: n }, (_, i) => limiter.reserve(`k${i % 100}`, 60_000, 150)));
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const granted = (await Promise.all(Array.from({ length: 100 }, (_, i) => limiter.peek(`k${i % 100}`)))).reduce((sum, r) => sum + r.count, 0);
    console.log(`${name} reserve: ${Math.round(n / seconds).toLocaleString('en')} reservations/s (${n} at once over 100 keys, cap 150: ${granted} granted)`);
    await limiter.close();
  }
} finally {
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
