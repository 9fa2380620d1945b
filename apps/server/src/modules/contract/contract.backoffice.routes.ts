// /api/admin/contracts*: registered inside the admin group (admin.routes.ts), behind requireOperator.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addDisclaimerSchema, adminCreateContractSchema, contractEndDateSchema, contractSearchSchema } from '@recuerdos/shared/admin-schemas';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { ok } from '../../http/reply';
import type { AuditActor } from '../audit/audit.service';
import * as service from './contract.backoffice';
import { presentAdminContract, presentAdminContractDetail, presentCreatedContract } from './contract.backoffice.presenter';

const numberParams = z.object({ number: z.string().min(1).max(40) });
const disclaimerParams = numberParams.extend({ id: z.string().regex(/^\d{1,9}$/, service.BACKOFFICE_CONTRACT_MESSAGES.disclaimerNotFound).transform(Number) });

export function contractBackofficeRoutes(app: FastifyInstance, { ctx, actor }: { ctx: AppContext; actor: (request: FastifyRequest) => AuditActor }): Promise<void> {
  app.get('/contracts', async (request) => {
    const { q } = parseInput(contractSearchSchema, request.query);
    return ok({ contracts: (await service.searchContracts(ctx, q)).map((row) => presentAdminContract(row)) });
  });

  app.post('/contracts', async (request) => {
    const input = parseInput(adminCreateContractSchema, request.body);
    const created = await service.createContractFromBackoffice(ctx, actor(request), input);
    return ok({ contract: presentCreatedContract(created) }, service.BACKOFFICE_CONTRACT_MESSAGES.created);
  });

  app.get('/contracts/:number', async (request) => {
    const { number } = parseInput(numberParams, request.params);
    return ok({ contract: presentAdminContractDetail(await service.contractDetail(ctx, number)) });
  });

  app.post('/contracts/:number/resend-activation', async (request) => {
    const { number } = parseInput(numberParams, request.params);
    await service.resendActivation(ctx, actor(request), number);
    return ok({}, service.BACKOFFICE_CONTRACT_MESSAGES.resent);
  });

  app.post('/contracts/:number/end-date', async (request) => {
    const { number } = parseInput(numberParams, request.params);
    const { expiresOn } = parseInput(contractEndDateSchema, request.body);
    await service.changeEndDate(ctx, actor(request), number, expiresOn || null);
    return ok({ contract: presentAdminContractDetail(await service.contractDetail(ctx, number)) }, service.BACKOFFICE_CONTRACT_MESSAGES.endDateChanged);
  });

  app.post('/contracts/:number/disclaimers', async (request) => {
    const { number } = parseInput(numberParams, request.params);
    await service.addDisclaimer(ctx, actor(request), number, parseInput(addDisclaimerSchema, request.body));
    return ok({ contract: presentAdminContractDetail(await service.contractDetail(ctx, number)) }, service.BACKOFFICE_CONTRACT_MESSAGES.disclaimerAdded);
  });

  app.post('/contracts/:number/disclaimers/:id/remove', async (request) => {
    const { number, id } = parseInput(disclaimerParams, request.params);
    await service.removeDisclaimer(ctx, actor(request), number, id);
    return ok({ contract: presentAdminContractDetail(await service.contractDetail(ctx, number)) }, service.BACKOFFICE_CONTRACT_MESSAGES.disclaimerRemoved);
  });

  return Promise.resolve();
}
