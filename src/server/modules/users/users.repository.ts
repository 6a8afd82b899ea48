import { asc, eq, exists, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/constants';
import type { PublicUser, User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { propertiesTable } from '../properties/properties.table';
import { usersTable, type UserRow } from './users.table';

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

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(usersTable).where(eq(usersTable.id, id)).limit(1);
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
export async function listUsers(db: Database): Promise<User[]> {
  const rows = await db.select().from(usersTable).orderBy(asc(usersTable.id));
  return rows.map(toUser);
}

/** The public contact of users who own at least one property: what visitors may see. */
export async function listPropertyOwners(db: Database): Promise<PublicUser[]> {
  return db
    .select({
      id: usersTable.id,
      userName: usersTable.userName,
      email: usersTable.email,
      phone: usersTable.phone,
    })
    .from(usersTable)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(propertiesTable)
          .where(eq(propertiesTable.userId, usersTable.id)),
      ),
    )
    .orderBy(asc(usersTable.id));
}

export async function hasAdmin(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(sql`'Admin' = ANY(${usersTable.roles})`)
    .limit(1);
  return row !== undefined;
}
