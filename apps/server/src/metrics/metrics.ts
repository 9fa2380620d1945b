// Prometheus metrics (issue 16 §6) on one registry of this process. Served on /metrics only when
// METRICS_TOKEN is set, and then only to a request carrying it (plugins/observability.ts).
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpDuration = new Histogram({
  name: 'recuerdos_http_request_duration_seconds',
  help: 'Request durations by route pattern, method and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const uploadsTotal = new Counter({
  name: 'recuerdos_uploads_total',
  help: 'Files received (pictures and videos) and kept',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const uploadBytesTotal = new Counter({
  name: 'recuerdos_upload_bytes_total',
  help: 'Bytes of the files received and kept',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const jobRunsTotal = new Counter({
  name: 'recuerdos_job_runs_total',
  help: 'Scheduled job runs by job and outcome',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const mailTotal = new Counter({
  name: 'recuerdos_mail_total',
  help: 'E-mails queued in the outbox, sent, retried and given up (failed)',
  labelNames: ['event'] as const,
  registers: [metricsRegistry],
});

/** A file received and kept (a post's picture or video). */
export function countUpload(kind: string, bytes: number): void {
  uploadsTotal.inc({ kind });
  uploadBytesTotal.inc({ kind }, bytes);
}
