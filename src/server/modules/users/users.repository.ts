import { and, asc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../shared/constants';
import type { SortOrder } from '../../../shared/schemas/paging';
import type { PublicUser, USER_SORT_KEYS, User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { readPage, sortOrder, textKey, totalColumn, type PageRequest } from '../../http/paging';
import { containsPattern, propertiesTable } from '../properties';
import { publicEmail, publicPhone, usersTable, type UserRow } from './users.table';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    userName: row.userName,
    email: row.email,
    phone: row.phone,
    roles: row.roles as Role[],
  };
}

export async function findUserByName(db: Database, userName: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(usersTable)
    .where(eq(sql`lower(${usersTable.userName})`, userName.toLowerCase()))
    .limit(1);
  return row;
}

export interface NewUser {
  userName: string;
  passwordHash: string;
  roles: Role[];
  email: string | null;
  phone: string | null;
}

export async function insertUser(db: Database, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(usersTable).values(user).returning();
  return row!;
}

export async function updateContact(
  db: Database,
  id: number,
  contact: { email: string | null; phone: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db.update(usersTable).set(contact).where(eq(usersTable.id, id)).returning();
  return row;
}

/** Every user, for an Admin. */
export interface UserListOptions extends PageRequest {
  q?: string | undefined;
  sort?: (typeof USER_SORT_KEYS)[number] | undefined;
  order: SortOrder;
}

const userSortColumns = {
  userName: textKey(usersTable.userName),
  email: textKey(usersTable.email),
};

/** The public list sorts by what it shows: a hidden email sorts as none. */
const publicSortColumns = { ...userSortColumns, email: textKey(publicEmail) };

function userSearch(
  options: UserListOptions,
  email: SQL | typeof usersTable.email,
): SQL | undefined {
  if (!options.q) return undefined;
  const pattern = containsPattern(options.q);
  return or(ilike(usersTable.userName, pattern), ilike(email, pattern));
}

/** Admins' view: one page of every user. */
export async function listUsers(
  db: Database,
  options: UserListOptions,
): Promise<{ users: User[]; total: number }> {
  const query = db
    .select({ user: usersTable, total: totalColumn() })
    .from(usersTable)
    .where(userSearch(options, usersTable.email))
    .orderBy(...sortOrder(userSortColumns, options.sort, options.order, [asc(usersTable.id)]))
    .$dynamic();
  const { rows, total } = await readPage(query, options);
  return { users: rows.map(({ user }) => toUser(user)), total };
}

/** The public contact of users who own at least one property: what visitors may see. */
export async function listPropertyOwners(
  db: Database,
  options: UserListOptions,
): Promise<{ users: PublicUser[]; total: number }> {
  const query = db
    .select({
      id: usersTable.id,
      userName: usersTable.userName,
      email: publicEmail,
      phone: publicPhone,
      total: totalColumn(),
    })
    .from(usersTable)
    .where(
      and(
        exists(
          db
            .select({ one: sql`1` })
            .from(propertiesTable)
            .where(eq(propertiesTable.userId, usersTable.id)),
        ),
        userSearch(options, publicEmail),
      ),
    )
    .orderBy(...sortOrder(publicSortColumns, options.sort, options.order, [asc(usersTable.id)]))
    .$dynamic();
  const { rows, total } = await readPage(query, options);
  return { users: rows.map(({ total: _total, ...user }) => user), total };
}

/** A fresh install has no account at all (the login screen then points to demo data). */
export async function hasAnyUser(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: usersTable.id }).from(usersTable).limit(1);
  return row !== undefined;
}

export async function hasAdmin(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(sql`'Admin' = ANY(${usersTable.roles})`)
    .limit(1);
  return row !== undefined;
}
