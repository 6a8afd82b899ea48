import {
  NOTIFICATION_KINDS,
  type NotificationPreference,
  type NotificationPreferencesBody,
} from '../../../shared/schemas/notification-preferences';
import { actingUser, type Context } from '../../context';
import type { Database } from '../../db/client';
import { recordEvent } from '../audit';
import { readEmailChoices, saveEmailChoices } from './notification-preferences.repository';

/** Every kind, with whether the user gets it by email (on unless turned off). */
export async function readPreferences(
  db: Database,
  userId: number,
): Promise<NotificationPreference[]> {
  const choices = await readEmailChoices(db, userId);
  return NOTIFICATION_KINDS.map(({ kind, label }) => ({
    kind,
    label,
    email: choices.get(kind) ?? true,
  }));
}

const asRecord = (preferences: NotificationPreference[]) =>
  Object.fromEntries(preferences.map((p) => [p.kind, p.email]));

/** The caller's own choices; the kinds not named keep theirs. */
export async function savePreferences(
  ctx: Context,
  changes: NotificationPreferencesBody,
): Promise<NotificationPreference[]> {
  const user = actingUser(ctx);
  const before = await readPreferences(ctx.tx, user.id);
  await saveEmailChoices(ctx.tx, user.id, changes);
  const after = await readPreferences(ctx.tx, user.id);
  await recordEvent(ctx, {
    entityType: 'users',
    entityId: user.id,
    action: 'notification_preferences',
    before: asRecord(before),
    after: asRecord(after),
  });
  return after;
}
