// POST /content/delete-message, JSON {identifier, date = reg} (spec §7). The post leaves the list
// whether or not the call succeeds (spec §4).
import { contentApi } from '../../../lib/api';

export function deletePost(identifier: string, reg: string): Promise<unknown> {
  return contentApi.post('/content/delete-message', { identifier, date: reg }, { json: true });
}
