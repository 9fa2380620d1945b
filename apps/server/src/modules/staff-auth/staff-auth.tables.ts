// One set of SQL statements for every staff realm (docs/decisions/033). Each realm keeps tables of
// its own (operators*, partner_users/partner_sessions/…: decision 013, 031); the statements are
// written once against the neutral names below, and `staffTables` points them at one realm's tables
// by renaming the table and column identifiers of each query, after the CamelCasePlugin has made
// them snake_case. A query on the neutral names can therefore never reach another realm's rows.
import {
  ColumnNode,
  OperationNodeTransformer,
  TableNode,
  type Generated,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from '../../db/schema';

/** The columns every staff realm's people table has. */
export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  passwordHash: string | null;
  totpSecret: string | null;
  totpConfirmedAt: string | null;
  totpLastStep: number | null;
  updatedAt: string;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  /** Null while only the password was given: the session can then only complete the sign-in. */
  completedAt: string | null;
  createdAt: string;
  expiresAt: string;
  lastSeenAt: string;
}

export interface StaffTokensTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface StaffRecoveryCodesTable {
  userId: number;
  codeHash: string;
  usedAt: string | null;
}

/** The neutral schema the shared statements are typed against. */
export interface StaffDatabase {
  staffUsers: StaffUsersTable;
  staffSessions: StaffSessionsTable;
  staffTokens: StaffTokensTable;
  staffRecoveryCodes: StaffRecoveryCodesTable;
}

/** Where a realm keeps its people, sessions, set-password links and recovery codes. */
export interface StaffTableNames {
  users: keyof Database;
  sessions: keyof Database;
  tokens: keyof Database;
  recoveryCodes: keyof Database;
  /** The column naming the person in sessions, links and recovery codes. */
  userId: string;
  /** The session's column set when the sign-in was complete. */
  completedAt: string;
}

/** CamelCasePlugin's spelling of an identifier in SQL. */
const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

class RenameToRealm extends OperationNodeTransformer {
  readonly #tables: ReadonlyMap<string, string>;
  readonly #columns: ReadonlyMap<string, string>;

  constructor(names: StaffTableNames) {
    super();
    this.#tables = new Map([
      ['staff_users', snake(names.users)],
      ['staff_sessions', snake(names.sessions)],
      ['staff_tokens', snake(names.tokens)],
      ['staff_recovery_codes', snake(names.recoveryCodes)],
    ]);
    this.#columns = new Map([
      ['user_id', snake(names.userId)],
      ['completed_at', snake(names.completedAt)],
    ]);
  }

  protected override transformTable(node: TableNode, queryId?: QueryId): TableNode {
    const table = super.transformTable(node, queryId);
    const renamed = this.#tables.get(table.table.identifier.name);
    if (!renamed) throw new Error(`staff-auth: table ${table.table.identifier.name} is not a staff table`);
    return TableNode.create(renamed);
  }

  protected override transformColumn(node: ColumnNode, queryId?: QueryId): ColumnNode {
    const column = super.transformColumn(node, queryId);
    const renamed = this.#columns.get(column.column.name);
    return renamed ? ColumnNode.create(renamed) : column;
  }
}

class RealmTablesPlugin implements KyselyPlugin {
  readonly #transformer: RenameToRealm;

  constructor(names: StaffTableNames) {
    this.#transformer = new RenameToRealm(names);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const plugins = new WeakMap<StaffTableNames, RealmTablesPlugin>();

/**
 * The same connection or transaction, seeing one realm's tables under the neutral names. The
 * plugin runs after the CamelCasePlugin (plugins run in the order added), so it renames snake_case.
 * A selected `userId` or `completedAt` must be aliased (`'userId as userId'`): the answer's keys
 * are the SQL names.
 */
export function staffTables(db: Kysely<Database>, names: StaffTableNames): Kysely<StaffDatabase> {
  let plugin = plugins.get(names);
  if (!plugin) {
    plugin = new RealmTablesPlugin(names);
    plugins.set(names, plugin);
  }
  // The one reinterpretation of the schema: every query below is rewritten to the realm's names.
  return db.withPlugin(plugin) as unknown as Kysely<StaffDatabase>;
}
