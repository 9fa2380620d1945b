// Spec §7 shapes of /contract/*: data.disclaimers = [{type, title, descr}].
import type { Disclaimer } from '@recuerdos/shared/api-types';
import type { ActivatedContract } from './contract.service';

export function presentDisclaimers(list: Disclaimer[]): { disclaimers: Disclaimer[] } {
  return { disclaimers: list.map(({ type, title, descr }) => ({ type, title, descr })) };
}

export function presentActivation(result: ActivatedContract): { contract: string } {
  return { contract: result.number };
}
