// POST /content/report-post (issue 15 §4): a visitor reports a memory with a reason.
import type { ReportPostInput } from '@recuerdos/shared/report-schemas';
import { contentApi } from '../../../lib/api';

export async function reportPost(input: ReportPostInput): Promise<void> {
  await contentApi.post('/content/report-post', { ...input });
}
