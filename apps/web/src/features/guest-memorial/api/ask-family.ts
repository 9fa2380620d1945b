// POST /access-requests/ask (issue 29 §1): the visitor without the code asks the family. The server
// answers every request with the same sentence, which the dialog shows.
import { contentApi } from '../../../lib/api';

export async function askFamily(input: { id: string; name: string; email: string; message: string; consent: boolean }): Promise<string> {
  const envelope = await contentApi.request<unknown>('POST', '/access-requests/ask', { body: input, json: true });
  return envelope.message;
}
