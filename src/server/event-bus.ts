// Side effects follow events (decision 0028): the audit trail hands each event it records to the
// subscribers that the modules offer at their front doors.
import type { Context } from './context';
import { kindOf, type DomainEvent, type EventKind, type Subscriber } from './events';
import type { FrontDoor } from './front-door';

/**
 * Every module's subscribers (their front doors' `subscribers`). The module list is imported
 * when first asked, not when this file loads: the audit module, which every module loads,
 * imports this file, and the list imports every module.
 */
export async function allSubscribers(): Promise<Subscriber[]> {
  const { moduleList } = await import('./module-list');
  const doors: FrontDoor[] = Object.values(moduleList);
  return doors.flatMap((door) => door.subscribers ?? []);
}

let byKind: Promise<Map<EventKind, Subscriber[]>> | undefined;

async function subscribersByKind(): Promise<Map<EventKind, Subscriber[]>> {
  const map = new Map<EventKind, Subscriber[]>();
  for (const subscriber of await allSubscribers()) {
    for (const kind of subscriber.on) map.set(kind, [...(map.get(kind) ?? []), subscriber]);
  }
  return map;
}

/** Hands the event to every subscriber of its kind, in order, in the command's transaction. */
export async function publish(ctx: Context, event: DomainEvent): Promise<void> {
  byKind ??= subscribersByKind();
  for (const subscriber of (await byKind).get(kindOf(event)) ?? []) {
    await subscriber.handle(ctx, event);
  }
}
