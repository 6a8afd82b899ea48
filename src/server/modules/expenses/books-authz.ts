import type { Actor } from '../../context';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { scopeFor } from '../authz';
import { findVendor } from '../vendors';
import { findExpense } from './expenses.repository';

/** A vendor of the actor's landlord scope, else 404 (for its history). */
export async function requireManagedVendor(db: Database, actor: Actor, id: number) {
  const vendor = await findVendor(db, scopeFor(actor), id);
  if (!vendor) throw notFound('vendors.not_found', 'Vendor not found');
  return vendor;
}

/** An expense of a property the actor manages, else 404 (for its history). */
export async function requireManagedExpense(db: Database, actor: Actor, id: number) {
  const found = await findExpense(db, scopeFor(actor), id);
  if (!found) throw notFound('expenses.not_found', 'Expense not found');
  return found.expense;
}
