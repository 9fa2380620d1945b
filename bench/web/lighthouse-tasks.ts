// Where a page's Total Blocking Time comes from (docs/decisions/021). Lighthouse's mobile preset
// loads the page at full speed and then simulates the slow phone (Lantern): every main-thread task
// 4× longer (2× for one that lays out), the network at slow 4G. TBT is the sum of each simulated
// task's part beyond 50 ms between the simulated first contentful paint and time to interactive.
// This reruns that simulation from a run's own trace and sorts the blocking time by what the tasks
// did, so a figure that moves can be read: the script context Lighthouse's DevTools connection
// creates, the style and layout passes (fonts), the HTML's parse, the bundle's evaluation, timers.
import type { RunnerResult } from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

export type TaskKind = 'script context' | 'parse' | 'style' | 'layout' | 'paint' | 'evaluate' | 'timer' | 'image decode' | 'other';

interface TraceEvent {
  name: string;
  dur?: number;
}

/** What a task mostly did, from the trace events it holds (durations in ms). */
function kindOf(events: readonly TraceEvent[]): TaskKind {
  const time = new Map<string, number>();
  for (const event of events) time.set(event.name, (time.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  const at = (name: string) => time.get(name) ?? 0;
  if (time.has('LocalWindowProxy::Initialize')) return 'script context';
  if (time.has('TimerFire')) return 'timer';
  if (at('v8.evaluateModule') > 3) return 'evaluate';
  if (at('Layout') > 3) return 'layout';
  if (at('UpdateLayoutTree') > 3) return 'style';
  if (at('ParseHTML') > 3) return 'parse';
  if (time.has('Paint') || time.has('Commit')) return 'paint';
  if (time.has('Decode Image')) return 'image decode';
  return 'other';
}

/** What Lighthouse's Lantern metrics take to rerun the simulation from a run's own trace. */
function lanternInputs({ artifacts, lhr }: RunnerResult) {
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  return { data, context: { computedCache: new Map<string, unknown>(), settings: lhr.configSettings } };
}

/** The run's simulated blocking time by kind of task (the mean of Lighthouse's two estimates). */
export async function blockingByKind(result: RunnerResult): Promise<Map<TaskKind, number>> {
  const { data, context } = lanternInputs(result);
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const interactive = await LanternInteractive.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const byKind = new Map<TaskKind, number>();
  // As Lighthouse pairs them: each estimate of TBT with the opposite estimate of the first paint.
  const estimates = [
    { timings: tbt.optimisticEstimate.nodeTimings, from: fcp.pessimisticEstimate.timeInMs, to: interactive.optimisticEstimate.timeInMs },
    { timings: tbt.pessimisticEstimate.nodeTimings, from: fcp.optimisticEstimate.timeInMs, to: interactive.pessimisticEstimate.timeInMs },
  ];
  for (const { timings, from, to } of estimates) {
    for (const [node, timing] of timings.entries()) {
      if (node.type !== 'cpu' || timing.duration < 50) continue;
      const blocking = Math.min(timing.endTime, to) - Math.max(timing.startTime, from) - 50;
      if (blocking <= 0) continue;
      const kind = kindOf(node.childEvents);
      byKind.set(kind, (byKind.get(kind) ?? 0) + blocking / estimates.length);
    }
  }
  return byKind;
}

/** "script context 48, style 38, …": the mean blocking time per run, largest first. */
export function describeBlocking(runs: readonly Map<TaskKind, number>[]): string {
  const total = new Map<TaskKind, number>();
  for (const run of runs) for (const [kind, ms] of run) total.set(kind, (total.get(kind) ?? 0) + ms / runs.length);
  const parts = [...total.entries()].sort((a, b) => b[1] - a[1]).map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

interface DetailedEvent extends TraceEvent {
  args?: { data?: { url?: string; functionName?: string; stackTrace?: { url?: string; functionName?: string }[] } };
}

/** What a task held: its longest trace events, with the script and function each names. */
function describeTask(events: readonly DetailedEvent[]): string {
  const time = new Map<string, number>();
  for (const event of events) {
    const data = event.args?.data;
    const url = data?.url ?? data?.stackTrace?.[0]?.url ?? '';
    const file = url ? ` ${url.replace(/^.*\//, '')}` : '';
    const fn = data?.functionName ? ` ${data.functionName}` : '';
    const label = `${event.name}${file}${fn}`;
    time.set(label, (time.get(label) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...time.entries()]
    .filter(([, ms]) => ms >= 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([label, ms]) => `${label} ${ms.toFixed(1)}`)
    .join(' | ');
}

/** Each task that blocks in the optimistic estimate: when, how long (simulated), and what it held. */
export async function blockingTasks(result: RunnerResult): Promise<string[]> {
  const { data, context } = lanternInputs(result);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const lines: string[] = [];
  for (const [node, timing] of tbt.optimisticEstimate.nodeTimings.entries()) {
    if (node.type !== 'cpu' || timing.duration < 40) continue;
    lines.push(`at ${timing.startTime.toFixed(0)} ms, ${timing.duration.toFixed(0)} ms simulated (${(node.event.dur / 1000).toFixed(1)} ms here): ${describeTask(node.childEvents)}`);
  }
  return lines;
}
