// s3rver for bench/media.ts in its own process (so its memory is not the server's); tells the
// parent its S3_* variables by IPC and stops on SIGTERM.
import { startS3rver } from '../apps/server/test/s3';

const s3 = await startS3rver('recuerdos-bench');
process.send?.(s3.env);
process.on('SIGTERM', () => {
  void s3.close().then(() => process.exit(0));
});
