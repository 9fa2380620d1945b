// The operator's side of the partner channel (issue 30 §7, docs/decisions/031): partners listed with
// their counts, one partner with its branches and staff, a branch or a staff member added as the
// command line adds them. Every change is audited under the operator's name.
import type { BackofficePartnerData, BackofficePartnerDetailData } from '@recuerdos/shared/partner-api-types';
import { BACKOFFICE_PARTNER_MESSAGES, PARTNER_MESSAGES } from '@recuerdos/shared/partner-schemas';
import type { AppContext } from '../../context';
import type { Partner, PartnerBranch, PartnerRole } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { AppError, conflict } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { presentStaff } from './partner.presenter';
import * as repo from './partner.repository';
import { createPartnerUser, type CreatedPartnerUser } from './partner.service';
import { logoPath } from './partner-logo';

type Counted = { partnerId: number; n: number | string }[];

function presentPartner(p: Partner, counts: { branches: number; staff: number; sales: number }): BackofficePartnerData {
  return {
    id: p.id,
    name: p.name,
    legalName: p.legalName,
    ruc: p.ruc,
    commissionPercent: p.commissionBp / 100,
    suspended: p.suspendedAt !== null,
    ...counts,
    logo: logoPath(p.logoKey),
  };
}

function countBy(ctx: AppContext, table: 'partnerBranches' | 'partnerUsers' | 'partnerSales', partnerId: number | null): Promise<Counted> {
  let query = ctx.db.selectFrom(table).select((eb) => ['partnerId', eb.fn.countAll<number | string>().as('n')]).groupBy('partnerId');
  if (partnerId !== null) query = query.where('partnerId', '=', partnerId);
  return query.execute();
}

const countOf = (rows: Counted, id: number) => Number(rows.find((row) => row.partnerId === id)?.n ?? 0);

export async function listPartners(ctx: AppContext): Promise<BackofficePartnerData[]> {
  const [partners, branches, staff, sales] = await Promise.all([
    ctx.db.selectFrom('partners').selectAll().orderBy('name').orderBy('id').execute(),
    countBy(ctx, 'partnerBranches', null),
    countBy(ctx, 'partnerUsers', null),
    countBy(ctx, 'partnerSales', null),
  ]);
  return partners.map((p) => presentPartner(p, { branches: countOf(branches, p.id), staff: countOf(staff, p.id), sales: countOf(sales, p.id) }));
}

async function partnerOr404(ctx: AppContext, id: number): Promise<Partner> {
  const partner = await repo.findPartnerById(ctx.db, id);
  if (!partner) throw new AppError(404, BACKOFFICE_PARTNER_MESSAGES.notFound);
  return partner;
}

export async function partnerDetail(ctx: AppContext, id: number): Promise<BackofficePartnerDetailData> {
  const partner = await partnerOr404(ctx, id);
  const [branches, staff, salesByBranch] = await Promise.all([
    repo.listBranches(ctx.db, partner.id),
    repo.listStaff(ctx.db, partner.id),
    ctx.db
      .selectFrom('partnerSales')
      .select((eb) => ['branchId', eb.fn.countAll<number | string>().as('n')])
      .where('partnerId', '=', partner.id)
      .groupBy('branchId')
      .execute(),
  ]);
  const salesOf = (branchId: number) => Number(salesByBranch.find((row) => row.branchId === branchId)?.n ?? 0);
  return {
    ...presentPartner(partner, { branches: branches.length, staff: staff.length, sales: salesByBranch.reduce((sum, row) => sum + Number(row.n), 0) }),
    branchList: branches.map((b) => ({ id: b.id, name: b.name, address: b.address, sales: salesOf(b.id) })),
    staffList: staff.map(presentStaff),
  };
}

export async function addBranch(ctx: AppContext, partnerId: number, input: { name: string; address: string }, actor: AuditActor): Promise<PartnerBranch> {
  const partner = await partnerOr404(ctx, partnerId);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const branch = await repo.insertBranch(trx, { partnerId: partner.id, name: input.name, address: input.address });
      await recordAudit(trx, actor, 'partner.branch-created', `socio:${partner.id}`, { branch: branch.id, name: branch.name });
      return branch;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PARTNER_MESSAGES.branchExists);
    throw err;
  }
}

/** The command line's `create-partner-user` without a password: the set-password link is answered to hand over. */
export async function addPartnerUser(
  ctx: AppContext,
  partnerId: number,
  input: { email: string; name: string; role: PartnerRole; branchId: number | null },
  actor: AuditActor,
): Promise<CreatedPartnerUser> {
  const partner = await partnerOr404(ctx, partnerId);
  return createPartnerUser(
    { db: ctx.db, config: ctx.config },
    { partnerId: partner.id, email: input.email, name: input.name, role: input.role, branchId: input.role === 'admin' ? null : input.branchId },
    actor,
  );
}
