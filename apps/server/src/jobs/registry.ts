// Every scheduled job, in one place (issue 16 §1). Schedules are cron expressions in UTC.
import type { JobDef } from './job';
import { accessRequestsDailyJob } from './access-requests-daily';
import { complaintDeadlineDigestJob } from './complaint-deadline-digest';
import { contractLifecycleJob } from './contract-lifecycle';
import { mailOutboxJob } from './mail-outbox';
import { pendingMemoriesReminderJob } from './pending-memories-reminder';
import { remembranceRemindersJob } from './remembrance-reminders';
import { sessionCleanupJob } from './session-cleanup';
import { tempUploadSweepJob } from './temp-upload-sweep';
import { videoConvertJob } from '../media/video-conversion';

export const JOBS: JobDef[] = [
  mailOutboxJob,
  sessionCleanupJob,
  tempUploadSweepJob,
  contractLifecycleJob,
  pendingMemoriesReminderJob,
  complaintDeadlineDigestJob,
  remembranceRemindersJob,
  videoConvertJob,
  accessRequestsDailyJob,
];
