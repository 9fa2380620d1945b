// GET /person/export?identifier= (beyond the spec, issue 6): the memorial's ZIP for the family.
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/account/download';

export function exportMemorial(identifier: string): Promise<string> {
  return downloadFile('/person/export', { identifier }, 'recuerdos.zip');
}

export function useExportMemorial() {
  return useMutation({ mutationFn: exportMemorial });
}
