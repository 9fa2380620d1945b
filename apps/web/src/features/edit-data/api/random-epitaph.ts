// GET /content/epitafio/random → data.epitafio.description ('Dame una idea', spec §2). Each press
// asks for a new idea, so nothing is cached: the hook is an action, not a cached read.
import { useMutation } from '@tanstack/react-query';
import type { Epitaph } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';
import { reportFailure } from '../../../lib/failure';

export async function randomEpitaph(): Promise<string> {
  return (await contentApi.get<{ epitafio: Epitaph }>('/content/epitafio/random')).epitafio.description;
}

export function useRandomEpitaph() {
  return useMutation({
    mutationFn: randomEpitaph,
    onError: (error) => reportFailure('No pudimos traer una idea de epitafio', error),
  });
}
