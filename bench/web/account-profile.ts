// Where the main thread's time goes while /account loads and hydrates: a CPU profile (V8 sampling)
// of one load, signed in, self time summed per function. Prints figures; never passes or fails.
//   npx tsx bench/web/account-profile.ts [--spa] [--runs N]
import puppeteer from 'puppeteer-core';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS } from '../../e2e/support/browser';
import { startServer } from '../../e2e/support/server';
import { seedDemoLike, signIn } from './account-pages';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const path = process.argv.includes('--notifications') ? '/account/notifications' : '/account';
const server = await startServer({ SEED_DEMO: '0', LOG_LEVEL: 'error', TRUST_PROXY: '1' });
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const self = new Map<string, number>();
const byFile = new Map<string, number>();
const startCallees = new Map<string, number>();
try {
  const memorial = await seedDemoLike(server);
  for (let run = 0; run < runs; run++) {
    await signIn(browser, server, memorial, !process.argv.includes('--spa'));
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForSelector('html[data-hydrated]');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const [index, id] of profile.samples.entries()) {
      const node = nodes.get(id);
      if (!node) continue;
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000 / runs;
      const file = node.callFrame.url.replace(/^.*\//, '') || '(native)';
      const key = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + ms);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    // Where the starter's own time goes: its callees, by total time.
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    for (const [index, id] of profile.samples.entries()) {
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000 / runs;
      let at: number | undefined = id;
      let below = '';
      while (at !== undefined) {
        const node = nodes.get(at);
        if (!node) break;
        if (node.callFrame.functionName === 'start' && node.callFrame.url.endsWith(path.split('/').pop() ?? '')) {
          startCallees.set(below || '(self)', (startCallees.get(below || '(self)') ?? 0) + ms);
          break;
        }
        below = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\//, '')}`;
        at = parent.get(at);
      }
    }
    await page.close();
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await server.stop();
}
const top = (map: Map<string, number>, count: number) =>
  [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count).map(([key, ms]) => `${ms.toFixed(1).padStart(7)} ms  ${key}`);
console.log(`${path}: self time per load (mean of ${runs}), by file:`);
console.log(top(byFile, 15).join('\n'));
console.log('\nthe starter (start), by callee:');
console.log(top(startCallees, 10).join('\n'));
console.log('\nby function:');
console.log(top(self, 40).join('\n'));
