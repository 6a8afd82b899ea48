import { randomBytes } from 'node:crypto';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { MemberRole } from '../../../shared/constants';
import type { Area } from '../../../shared/permissions';
import { schema } from '../../db/schema';
import { notificationsTable } from '../../modules/notifications';
import { memberPropertiesTable, organisationMembersTable } from '../../modules/organisations';
import { makePhoto, postPhoto } from '../../modules/uploads/uploads.test-helpers';
import { login, signUpAndLogin, type TestApp, type TestUser } from '../test-app';

/**
 * Shared machinery of the attack suite. The route list comes from the OpenAPI document the
 * app generates, so a route that lands later is attacked without anyone editing these tests.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  format?: string;
  minimum?: number;
  maximum?: number;
}

export interface Operation {
  method: Method;
  /** OpenAPI path, e.g. /api/units/{id}. */
  path: string;
  key: string;
  pathParams: string[];
  queryParams: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
  /** A manager's call: the part of the portfolio it belongs to (the route's `config.area`). */
  area: Area | undefined;
}

export function listOperations(testApp: TestApp): Operation[] {
  const doc = testApp.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; schema?: JsonSchema }[];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          'x-area'?: Area;
        }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const parameters = op.parameters ?? [];
      operations.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        body: op.requestBody?.content?.['application/json']?.schema,
        area: op['x-area'],
      });
    }
  }
  return operations;
}

/** Calls anyone may make (DESIGN.md 'Who may do what'); everything else is Landlord/Admin only. */
export const PUBLIC_OPERATIONS = new Set([
  'GET /api/health',
  'POST /api/authentication/login',
  'POST /api/authentication/logout',
  'POST /api/users',
  'GET /api/users',
  'GET /api/properties',
  'GET /api/properties/{id}',
  'GET /api/units',
  'GET /api/units/{id}',
  // A property's or unit's page: the public part for anyone, the rest for its manager.
  'GET /api/properties/{id}/overview',
  'GET /api/units/{id}/overview',
  // From a caller who does not own the unit, the spec's POST /api/tenants is an application.
  'POST /api/tenants',
  'POST /api/applications',
  // A one-time password-reset link works without a session: the code is the credential.
  'GET /api/password-resets/{code}',
  'POST /api/password-resets/{code}',
  // 'Forgot password?' and what the login screen needs to know to offer it.
  'POST /api/password-resets',
  'GET /api/features',
  // Who an invitation link is for: the code is the credential, as for a reset link.
  'GET /api/invitations/by-code/{code}',
  // The same for an invitation to join an organisation's team.
  'GET /api/member-invitations/{code}',
  // Stripe calls it, not a person: its signature is the credential (404 without Stripe keys).
  'POST /api/payments/stripe/webhook',
  // `npm run backup` on the server machine calls it: the token the server wrote into its data
  // folder is the credential, no session is (an Admin's neither); 404 on a server without one.
  // backups.test.ts refuses it to every role, a wrong token and another machine.
  'POST /api/backups',
]);
/** Calls only an Admin may make: a Landlord is refused them too. */
export const ADMIN_OPERATIONS = new Set([
  'GET /api/accounts',
  'GET /api/accounts.csv',
  'PUT /api/accounts/{id}/roles',
  'POST /api/accounts/{id}/disable',
  'POST /api/accounts/{id}/enable',
  'POST /api/accounts/{id}/password-reset',
  // The mail the app sent or would have sent (its bodies may name anyone).
  'GET /api/admin/mail',
]);
/** Calls for any logged-in user (on their own account). */
export const ANY_USER_OPERATIONS = new Set([
  'GET /api/authentication/me',
  // Each user's own notifications; another's answers 404.
  'GET /api/notifications',
  'GET /api/notifications/unread-count',
  'POST /api/notifications/{id}/read',
  'POST /api/notifications/read-all',
  // One's own choice of email per notification kind (no id: the session's user).
  'GET /api/notification-preferences',
  'PUT /api/notification-preferences',
  'PUT /api/users/{id}/contact',
  // One's own public-contact choice and password; another user's choice answers 403.
  'GET /api/users/{id}/public-contact',
  'PUT /api/users/{id}/public-contact',
  // One's own payment instructions (shown to one's tenants); another user's answers 403.
  'GET /api/users/{id}/payment-instructions',
  'PUT /api/users/{id}/payment-instructions',
  // One's own rent settings (how a short first period is charged); another user's answers 403.
  'GET /api/users/{id}/rent-settings',
  'PUT /api/users/{id}/rent-settings',
  'POST /api/authentication/password',
  // Anyone logged in may send a photo; only its sender may read or withdraw it.
  'POST /api/uploads',
  'GET /api/uploads/{id}',
  'DELETE /api/uploads/{id}',
  // The tenant's home: their own linked tenancy, found from the session (no id in the path);
  // a user without the Tenant role gets 403, an unlinked Tenant { linked: false }.
  'GET /api/portal/home',
  // A tenant's maintenance request: on their own linked unit, found from the session (the
  // body names no unit); without the Tenant role 403, an unlinked Tenant 409.
  'POST /api/portal/requests',
  // One request on the tenant's own tenancy, and its photos; another's answers 404.
  'GET /api/portal/requests/{id}',
  'GET /api/portal/requests/{id}/photos/{photoId}',
  // The maintenance worker's queue: work orders assigned to the caller's own linked staff
  // record (found from the session); without the Maintenance role 403, another's order 404.
  'GET /api/worker/work-orders',
  'GET /api/worker/work-orders/{id}',
  'POST /api/worker/work-orders/{id}/status',
  'POST /api/worker/work-orders/{id}/notes',
  'POST /api/worker/work-orders/{id}/photos',
  'GET /api/worker/work-orders/{id}/photos/{photoId}',
  // Accepting an invitation links the caller's own account; the role the record needs is
  // checked by the call (403), the code names the record.
  'POST /api/invitations/by-code/{code}/accept',
  // Joining a team: the code names the organisation and the role.
  'POST /api/member-invitations/{code}/accept',
  // Acting for another organisation of one's own; one not joined answers 404.
  'POST /api/organisation/current',
  // Paying one's own balance by card: the lease is the session's own tenancy's (no id);
  // without the Tenant role 403, no lease 404, no Stripe keys 404.
  'POST /api/portal/payments/checkout',
]);

/** A unique word in every record landlord A owns: it must never reach another landlord. */
export const MARKER = `Zqx${randomBytes(3).toString('hex')}`;

export interface World {
  a: TestUser;
  b: TestUser;
  tenant: TestUser;
  maintenance: TestUser;
  admin: TestUser;
  /** Ids of landlord A's records, by resource (the path segment after /api). */
  ids: Record<string, number>;
}

function expectCreated(response: LightMyRequestResponse, what: string): number {
  if (response.statusCode !== 201)
    throw new Error(`could not create ${what}: ${response.statusCode} ${response.body}`);
  return response.json().id as number;
}

/** Landlord A with one record of every kind; landlord B, a Tenant and a Maintenance user. */
export async function buildWorld(t: TestApp): Promise<World> {
  const a = await signUpAndLogin(t, 'Landlord');
  const b = await signUpAndLogin(t, 'Landlord');
  const tenant = await signUpAndLogin(t, 'Tenant');
  const maintenance = await signUpAndLogin(t, 'Maintenance');
  const admin = await signUpAndLogin(t, 'Admin');
  // Admin calls aim at an account of its own, so they never lock the others out.
  const target = await signUpAndLogin(t, 'Tenant');
  const ids: Record<string, number> = { users: a.user.id, accounts: target.user.id };
  const post = (url: string, payload: object) => a.request({ method: 'POST', url, payload });

  ids.properties = expectCreated(
    await post('/api/properties', sampleBody(t, 'POST /api/properties', ids)),
    'a property',
  );
  ids.units = expectCreated(
    await post('/api/units', { ...sampleBody(t, 'POST /api/units', ids), unitNumber: '1A' }),
    'a unit',
  );
  const freeUnit = expectCreated(
    await post('/api/units', { ...sampleBody(t, 'POST /api/units', ids), unitNumber: '2B' }),
    'a second unit',
  );
  ids.tenants = expectCreated(
    await post('/api/tenants', sampleBody(t, 'POST /api/tenants', ids)),
    'a tenant',
  );
  ids.leases = expectCreated(
    await post('/api/leases', sampleBody(t, 'POST /api/leases', ids)),
    'a lease',
  );
  ids.staff = expectCreated(
    await post('/api/staff', sampleBody(t, 'POST /api/staff', ids)),
    'a staff member',
  );
  const invitation = await post(`/api/tenants/${ids.tenants}/invitations`, {});
  if (invitation.statusCode !== 201)
    throw new Error(`could not invite the tenant: ${invitation.statusCode} ${invitation.body}`);
  ids.invitations = (invitation.json() as { invitation: { id: number } }).invitation.id;
  // A payment on the lease: the ledger's entry routes name it as {entryId}.
  const payment = await post(
    `/api/leases/${ids.leases}/ledger/payments`,
    sampleBody(t, 'POST /api/leases/{id}/ledger/payments', ids),
  );
  if (payment.statusCode !== 201)
    throw new Error(`could not record a payment: ${payment.statusCode} ${payment.body}`);
  ids.entries = (payment.json() as { entries: { id: number }[] }).entries.at(-1)!.id;
  // A recurring charge on the lease: its routes name it as {chargeId}.
  ids.charges = expectCreated(
    await post(
      `/api/leases/${ids.leases}/recurring-charges`,
      sampleBody(t, 'POST /api/leases/{id}/recurring-charges', ids),
    ),
    'a recurring charge',
  );
  const application = await t.request({
    method: 'POST',
    url: '/api/applications',
    payload: sampleBody(t, 'POST /api/applications', { ...ids, units: freeUnit }),
  });
  ids.applications = expectCreated(application, 'an application');
  const requestPhoto = expectCreated(
    await postPhoto(a, '/api/uploads', {
      bytes: await makePhoto('jpeg', { width: 32, height: 32 }),
    }),
    'a photo for a work order',
  );
  const workOrder = await post('/api/work-orders', {
    ...sampleBody(t, 'POST /api/work-orders', ids),
    photoIds: [requestPhoto],
  });
  ids['work-orders'] = expectCreated(workOrder, 'a work order');
  // /api/worker/work-orders/{id} names a work order too (the worker's view of it).
  ids.worker = ids['work-orders'];
  // /api/portal/requests/{id} names a work order too (the tenant's view of it).
  ids.portal = ids['work-orders'];
  ids.photos = (workOrder.json() as { photos: { id: number }[] }).photos[0]!.id;
  ids.uploads = expectCreated(
    await postPhoto(a, '/api/uploads', {
      bytes: await makePhoto('png', { width: 32, height: 32 }),
    }),
    'a photo',
  );
  // The landlord's books: a vendor, an expense with a receipt, a recurring expense.
  ids.vendors = expectCreated(
    await post('/api/vendors', sampleBody(t, 'POST /api/vendors', ids)),
    'a vendor',
  );
  const receipt = expectCreated(
    await postPhoto(a, '/api/uploads', {
      bytes: await makePhoto('jpeg', { width: 32, height: 32 }),
    }),
    'a receipt photo',
  );
  ids.expenses = expectCreated(
    await post('/api/expenses', {
      ...sampleBody(t, 'POST /api/expenses', ids),
      receiptUploadIds: [receipt],
    }),
    'an expense',
  );
  // /api/expenses/{id}/receipts/{receiptId} names the receipt's upload.
  ids.receipts = receipt;
  ids['recurring-expenses'] = expectCreated(
    await post('/api/recurring-expenses', sampleBody(t, 'POST /api/recurring-expenses', ids)),
    'a recurring expense',
  );
  // A bank account with one imported line: the bank routes name them as {id}.
  ids['bank-accounts'] = expectCreated(
    await post('/api/bank-accounts', sampleBody(t, 'POST /api/bank-accounts', ids)),
    'a bank account',
  );
  const statement = await post(`/api/bank-accounts/${ids['bank-accounts']}/statements`, {
    content: `Date,Description,Amount\n01/15/2026,${MARKER} rent,25.00\n`,
  });
  if (statement.statusCode !== 201)
    throw new Error(`could not import a statement: ${statement.statusCode} ${statement.body}`);
  const bankLines = await a.request({
    method: 'GET',
    url: `/api/bank-accounts/${ids['bank-accounts']}/lines`,
  });
  ids['bank-lines'] = (bankLines.json() as { id: number }[])[0]!.id;
  ids.notifications = (
    await t.database.db
      .insert(notificationsTable)
      .values({
        userId: a.user.id,
        key: `world:${MARKER}:${a.user.id}`,
        kind: 'test',
        title: `${MARKER} title`,
        body: `${MARKER} body`,
      })
      .returning()
  )[0]!.id;
  // The team: an invitation A made, and a colleague who joined as Read-only.
  const memberInvitation = await post('/api/organisation/invitations', { role: 'Read-only' });
  if (memberInvitation.statusCode !== 201)
    throw new Error(`could not invite a member: ${memberInvitation.statusCode}`);
  ids['member-invitations'] = (memberInvitation.json() as { id: number }).id;
  const colleague = await signUpAndLogin(t, 'Tenant');
  ids.members = (
    await t.database.db
      .insert(organisationMembersTable)
      .values({
        organisationId: a.organisation!.organisationId,
        userId: colleague.user.id,
        role: 'Read-only',
      })
      .returning()
  )[0]!.id;
  return { a, b, tenant, maintenance, admin, ids };
}

/**
 * A member of landlord A's organisation with this role, logged in (a session acts for the
 * organisation its person joined first, and this is their only one). With `propertyIds`, the
 * member may act on those properties only. The rows are written directly: what is tested is
 * what a membership allows, whoever made it.
 */
export async function addMember(
  t: TestApp,
  world: World,
  role: MemberRole,
  propertyIds: number[] | null = null,
): Promise<TestUser & { memberId: number }> {
  const person = await signUpAndLogin(t, 'Tenant');
  const [member] = await t.database.db
    .insert(organisationMembersTable)
    .values({
      organisationId: world.a.organisation!.organisationId,
      userId: person.user.id,
      role,
      allProperties: propertyIds === null,
    })
    .returning();
  if (propertyIds?.length) {
    await t.database.db
      .insert(memberPropertiesTable)
      .values(propertyIds.map((propertyId) => ({ memberId: member!.id, propertyId })));
  }
  const session = await login(t, person.user.userName, person.password);
  if (session.organisation?.role !== role)
    throw new Error(
      `the member's session does not act as ${role}: ${JSON.stringify(session.organisation)}`,
    );
  return { ...session, memberId: member!.id };
}

/** Path parameters that are not ids: well-formed values that name nothing. */
const PATH_TEXT: Record<string, string> = {
  code: 'N0t-a-real-code'.padEnd(43, 'x'),
  // An import template is named by its kind.
  kind: 'tenants',
  // A running import is named by a token its screen made.
  token: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
};

/** Path parameters that name no record (an import template's kind): anyone allowed may ask. */
export const NON_RECORD_PATH_PARAMS = new Set(['kind']);

/** The id a path parameter names: landlord A's record of that resource. */
export function resourceOf(path: string): string {
  // The team's records live under the caller's organisation: /api/organisation/members/{id}.
  const [, , first, second] = path.split('/');
  if (first === 'organisation' && second === 'invitations') return 'member-invitations';
  if (first === 'organisation' && second === 'members') return 'members';
  return first ?? '';
}

export function fillPath(op: Operation, ids: Record<string, number>): string {
  return op.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (PATH_TEXT[name]) return PATH_TEXT[name];
    const resource = resourceOf(op.path);
    const id = name === 'id' ? ids[resource] : ids[referencedResource(name) ?? ''];
    if (id === undefined) {
      throw new Error(
        `No fixture for {${name}} in ${op.key}: add a record of '${resource}' to buildWorld()`,
      );
    }
    return String(id);
  });
}

/** propertyId -> properties, unitId -> units, tenantId -> tenants ... */
function referencedResource(field: string): string | undefined {
  const match = /^(\w+?)Id$/.exec(field);
  if (!match) return undefined;
  const base = match[1]!;
  if (base === 'staff') return 'staff';
  return base.endsWith('y') ? `${base.slice(0, -1)}ies` : `${base}s`;
}

/** A plausible, valid value for a field, chosen by its name and then its schema. */
function sampleValue(name: string, s: JsonSchema, ids: Record<string, number>): unknown {
  const resource = referencedResource(name);
  if (resource && ids[resource] !== undefined) return ids[resource];
  // A list of ids (tenantIds): one record of A's.
  const listOf = referencedResource(name.replace(/Ids$/, 'Id'));
  if (name.endsWith('Ids') && listOf && ids[listOf] !== undefined) return [ids[listOf]];
  const byName: Record<string, unknown> = {
    name: `${MARKER} Court`,
    description: `${MARKER} description`,
    title: `${MARKER} title`,
    body: `${MARKER} note`,
    message: `${MARKER} message`,
    address: '12 Elm Street',
    city: 'Springfield',
    state: 'NY',
    zipCode: '10001',
    imageUrl: null,
    unitNumber: `U-${randomBytes(2).toString('hex')}`,
    firstName: MARKER,
    lastName: 'Doe',
    email: 'person@example.com',
    phone: '+12125550100',
    phoneNumber: '+12125550100',
    currentLandlordPhone: '+12125550111',
    position: 'Superintendent',
    bedrooms: 2,
    bathrooms: 1.5,
    squareFeet: 850,
    rent: 1200,
    deposit: 1200,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    moveInDate: '2026-12-15',
    moveOutDate: '2026-01-15',
    scheduledFor: '2026-12-20',
    userName: `user_${randomBytes(4).toString('hex')}`,
    password: 'tidy-lantern-orchard-42',
    roles: ['Tenant'],
    amount: 25,
    entryDate: '2026-01-15',
    date: '2026-01-15',
    depositReceivedOn: '2026-01-15',
    idempotencyKey: `key-${randomBytes(6).toString('hex')}`,
    reference: `${MARKER} ref`,
    note: `${MARKER} note`,
    reason: `${MARKER} reason`,
    // A lease's books: charged from its start, with something owed before it.
    rentChargedFrom: '2026-01-01',
    openingBalance: 100,
    // The landlord's books.
    expenseDate: '2026-01-15',
    paidOn: '2026-01-16',
    dueDate: '2026-01-31',
    taxId: '12-3456789',
    contactName: `${MARKER} contact`,
    memo: `${MARKER} memo`,
    trade: 'Plumbing',
    // A bank account and its statements.
    last4: '1234',
    openingDate: '2026-01-01',
    mapping: null,
    month: '2026-01',
  };
  if (name in byName) return byName[name];
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length)
    return sampleValue(name, variants.find((v) => v.type !== 'null') ?? variants[0]!, ids);
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return s.format === 'email' ? 'person@example.com' : 'text';
  }
}

/** A valid body for an operation, from its OpenAPI request schema (ids point at A's records). */
export function sampleBody(
  t: TestApp,
  key: string,
  ids: Record<string, number>,
): Record<string, unknown> {
  const op = listOperations(t).find((o) => o.key === key);
  if (!op) throw new Error(`no operation ${key}`);
  return sampleBodyFor(op, ids);
}

export function sampleBodyFor(op: Operation, ids: Record<string, number>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(op.body?.properties ?? {})) {
    // Never name ids or owners in a body: the path and the session say those.
    if (name === 'id' || name === 'userId') continue;
    body[name] = sampleValue(name, s, ids);
  }
  return body;
}

/** Query parameters: ids of A's records where a parameter names one. */
export function sampleQuery(op: Operation, ids: Record<string, number>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of Object.keys(op.queryParams)) {
    const resource = referencedResource(name);
    if (resource && ids[resource] !== undefined) query[name] = String(ids[resource]);
  }
  return query;
}

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => value instanceof PgTable,
);
/** Rate-limit counters are meant to change on refused logins and applications. */
const VOLATILE = new Set(['rate_limits']);

/**
 * The last fingerprint of each test app's database, with the transaction snapshot read just
 * before it was taken.
 */
const lastFingerprints = new WeakMap<
  TestApp,
  { snapshot: string; hashes: Record<string, string> }
>();

/**
 * The database's transaction snapshot ('xmin:xmax:in-progress'), when no transaction is in
 * progress. Every write takes a transaction id, so while the snapshot stays the same nothing
 * was written, or is being written, anywhere in the database server.
 */
async function quietSnapshot(t: TestApp): Promise<string | undefined> {
  const result = (await t.database.db.execute(
    sql.raw('SELECT pg_current_snapshot()::text AS s'),
  )) as unknown as { rows?: { s: string }[] };
  const rows = result.rows ?? (result as unknown as { s: string }[]);
  const snapshot = rows[0]!.s;
  return snapshot.endsWith(':') ? snapshot : undefined;
}

/**
 * A fingerprint of every table (row count and a hash of all rows), in one statement:
 * equal fingerprints mean nothing was written. Hashing every row before and after each
 * refused write cost the fuzzing a third of its time: while the database hands out no
 * transaction id (nothing written) the last fingerprint still holds. On PostgreSQL the ids
 * are the whole server's, so other databases' writes mostly make it hash again.
 */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const snapshot = await quietSnapshot(t);
  const last = lastFingerprints.get(t);
  if (snapshot && last?.snapshot === snapshot) return last.hashes;
  const names = tables
    .map((table) => getTableConfig(table).name)
    .filter((name) => !VOLATILE.has(name));
  const statement = names
    .map(
      (name) =>
        `SELECT '${name}' AS t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS h FROM "${name}" x`,
    )
    .join(' UNION ALL ');
  const result = (await t.database.db.execute(sql.raw(statement))) as unknown as {
    rows?: { t: string; h: string }[];
  };
  const rows = result.rows ?? (result as unknown as { t: string; h: string }[]);
  const hashes = Object.fromEntries(rows.map((row) => [row.t, row.h]));
  if (snapshot) lastFingerprints.set(t, { snapshot, hashes });
  return hashes;
}

/** What no answer may ever carry: stack frames, SQL, driver messages, password hashes. */
export const LEAK_PATTERN =
  /\bat [\w.<>]+ \(|\.ts:\d+|node_modules|\$argon2|"passwordHash"\s*:|syntax error at|violates .* constraint|duplicate key value/i;

export interface ManagerCall {
  op: Operation;
  query?: Record<string, string>;
  label: string;
}

/** Landlord/Admin-only calls, plus the `mine=true` form of public lists. */
export function managerCalls(operations: Operation[], ids: Record<string, number>): ManagerCall[] {
  const calls: ManagerCall[] = [];
  for (const op of operations) {
    if (ANY_USER_OPERATIONS.has(op.key)) continue;
    if (!PUBLIC_OPERATIONS.has(op.key)) calls.push({ op, label: op.key });
    else if ('mine' in op.queryParams)
      calls.push({
        op,
        query: { ...sampleQuery(op, ids), mine: 'true' },
        label: `${op.key}?mine=true`,
      });
  }
  return calls;
}

/** Whether the call names a record of landlord A's (in its path, query or body). */
export function namesARecord(op: Operation, ids: Record<string, number>): boolean {
  return (
    op.pathParams.some((name) => !NON_RECORD_PATH_PARAMS.has(name)) ||
    Object.keys(sampleQuery(op, ids)).length > 0 ||
    Object.keys(op.body?.properties ?? {}).some(
      // A vendor's taxId is a number of its own, not a record's id.
      (name) => /Ids?$/.test(name) && name !== 'userId' && name !== 'taxId',
    )
  );
}
