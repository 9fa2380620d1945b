// 'Descargar mis recuerdos' (beyond the spec, issue 6): the memorial's ZIP for the family. The
// server answers a single-use link (POST /person/export-ticket) that the browser then follows as a
// download: the archive — possibly many videos — goes straight to disk with the browser's own
// progress, never through the page's memory.
import { useMutation } from '@tanstack/react-query';
import { usersApi } from '../../../lib/api';
import { startDownload } from '../../../lib/account/download';

export async function exportMemorial(identifier: string): Promise<void> {
  const { url } = await usersApi.post<{ url: string }>('/person/export-ticket', { identifier });
  startDownload(url);
}

export function useExportMemorial() {
  return useMutation({ mutationFn: exportMemorial });
}
