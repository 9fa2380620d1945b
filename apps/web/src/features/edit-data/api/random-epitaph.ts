// GET /content/epitafio/random → data.epitafio.description ('Dame una idea', spec §2).
import type { Epitaph } from '@recuerdos/shared/api-types';
import { contentApi } from '../../../lib/api';

export async function randomEpitaph(): Promise<string> {
  return (await contentApi.get<{ epitafio: Epitaph }>('/content/epitafio/random')).epitafio.description;
}
