import type { SessionLimits } from './sessions.repository';
import { deleteExpiredSessions } from './sessions.repository';
import type { JobDefinition } from '../jobs';

/** Ended sessions are dropped every hour; an expired one is refused anyway (sessions.repository). */
export function authJobs(limits: SessionLimits): JobDefinition[] {
  return [
    {
      kind: 'auth.sweep-sessions',
      everyMs: 3_600_000,
      run: ({ tx, now }) => deleteExpiredSessions(tx, now, limits),
    },
  ];
}
