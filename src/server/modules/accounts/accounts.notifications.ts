import type { Subscriber } from '../../events';
import { notify } from '../notifications';
import type { UserRow } from '../users';

/** The account whose roles an Admin changed is told which roles it has now. */
export const rolesChangedNotice: Subscriber = {
  name: 'tell an account its roles changed',
  on: ['users:change_roles'],
  notifies: ['account.roles_changed'],
  async handle(ctx, event) {
    // The accounts service records the account row itself as this event's `after`.
    const account = event.after as UserRow;
    await notify(ctx, {
      userId: account.id,
      key: `roles:${ctx.requestId}:${account.id}`,
      kind: 'account.roles_changed',
      title: 'Your roles changed',
      body: `An administrator changed your roles to ${account.roles.join(', ')}.`,
      link: '/',
    });
  },
};
