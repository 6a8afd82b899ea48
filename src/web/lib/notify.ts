import { notifications } from '@mantine/notifications';

let shown = 0;
const PREFIX = 'outcome-';

/**
 * Says what a save or delete did where the eye is, whatever the scroll position: a toast
 * (the spec's green or red message), replacing the previous one so that they never pile up.
 */
export function notifyOutcome(kind: 'success' | 'error', message: string): void {
  if (shown > 0) notifications.hide(`${PREFIX}${shown}`);
  shown += 1;
  notifications.show({
    id: `${PREFIX}${shown}`,
    color: kind === 'error' ? 'red' : 'green',
    message,
    autoClose: kind === 'error' ? false : 6_000,
    withCloseButton: true,
    // The same hooks as the banners, so that tests and assistive tools find the outcome.
    ...{ 'data-testid': kind === 'error' ? 'error-banner' : 'success-banner' },
  });
}
