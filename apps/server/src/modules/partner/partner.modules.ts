// The partner area's route modules beyond sign-in, branches and staff (the sale, the list of
// memorials…), registered by app.ts behind the partner session and listed by the permission matrix.
import type { PartnerRouteModule } from './partner.routes';
import { partnerSaleRoutes } from './partner-sale.routes';
import { partnerMemorialRoutes } from './partner-memorials.routes';
import { partnerPrintRoutes } from './partner-print.routes';
import { partnerStatementRoutes } from './partner-statement.routes';

export const PARTNER_ROUTE_MODULES: PartnerRouteModule[] = [partnerSaleRoutes, partnerMemorialRoutes, partnerPrintRoutes, partnerStatementRoutes];
