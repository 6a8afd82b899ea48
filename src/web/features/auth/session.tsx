import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { ROLES } from '../../../shared/constants';
import { memberMay, type Area, type AreaAction } from '../../../shared/permissions';
import type { Membership } from '../../../shared/schemas/organisations';
import type { SignedInUser, User } from '../../../shared/schemas/users';
import { ApiError, api, errorMessage } from '../../lib/api-client';
import { STORED_USER_KEY } from '../../lib/stored-user';
import { meQueryOptions } from './api/get-me';

interface Session {
  user: SignedInUser | null;
  /**
   * Replace the stored user: after login, /me or a switch (a SignedInUser), or after a contact
   * update (a plain User: the organisation the session acts for stays).
   */
  setUser(user: SignedInUser | User | null): void;
  logout(): Promise<void>;
  /** Admin, or a member of an organisation (any role: a bookkeeper need not be a Landlord). */
  isManager: boolean;
  isAdmin: boolean;
  /** The organisation the session acts for and the member's role in it. */
  membership: Membership | null;
  /** Whether the user may read or write an area (src/shared/permissions.ts); Admin may all. */
  can(area: Area, action: AreaAction): boolean;
}

const SessionContext = createContext<Session | null>(null);

function readStoredUser(): SignedInUser | null {
  try {
    const raw = localStorage.getItem(STORED_USER_KEY);
    if (!raw) return null;
    const stored: unknown = JSON.parse(raw);
    return isUser(stored) ? withOrganisation(stored) : null;
  } catch {
    return null;
  }
}

/** A user stored before teams carries no organisation: none until /me answers. */
function withOrganisation(
  user: User & Partial<Pick<SignedInUser, 'organisation' | 'organisations'>>,
): SignedInUser {
  return {
    ...user,
    organisation: user.organisation ?? null,
    organisations: Array.isArray(user.organisations) ? user.organisations : [],
  };
}

const isSignedInUser = (user: User): user is SignedInUser =>
  'organisation' in user && 'organisations' in user;

/**
 * A shape check of the stored user. Written by hand rather than with the shared zod schema
 * so that zod stays out of the first page load; /me confirms the user right after anyway.
 */
function isUser(
  value: unknown,
): value is User & Partial<Pick<SignedInUser, 'organisation' | 'organisations'>> {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return (
    (user.organisation === undefined ||
      user.organisation === null ||
      typeof user.organisation === 'object') &&
    typeof user.id === 'number' &&
    typeof user.userName === 'string' &&
    (user.email === null || typeof user.email === 'string') &&
    (user.phone === null || typeof user.phone === 'string') &&
    Array.isArray(user.roles) &&
    user.roles.every((role) => (ROLES as readonly unknown[]).includes(role))
  );
}

/**
 * The logged-in user, kept in localStorage as the spec asks and restored at load; the
 * server session is the truth, so the stored user is checked against /me and dropped
 * quietly when the session has expired.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<SignedInUser | null>(readStoredUser);
  const me = useQuery({ ...meQueryOptions(), enabled: user !== null });

  const setUser = useCallback(
    (answer: SignedInUser | User | null) => {
      if (answer) {
        const keep = (current: SignedInUser | null): SignedInUser =>
          isSignedInUser(answer)
            ? answer
            : {
                ...answer,
                organisation: current?.id === answer.id ? current.organisation : null,
                organisations: current?.id === answer.id ? current.organisations : [],
              };
        setUserState((current) => {
          const next = keep(current);
          localStorage.setItem(STORED_USER_KEY, JSON.stringify(next));
          queryClient.setQueryData(meQueryOptions().queryKey, next);
          return next;
        });
      } else {
        setUserState(null);
        localStorage.removeItem(STORED_USER_KEY);
        queryClient.clear();
      }
    },
    [queryClient],
  );

  useEffect(() => {
    if (me.data) setUser(me.data);
    else if (me.error instanceof ApiError && me.error.status === 401) setUser(null);
  }, [me.data, me.error, setUser]);

  // Never rejects: this device forgets the user whatever the server answered, so the caller
  // always goes on (to '/'); a server that could not be told is said, not thrown.
  const logout = useCallback(async () => {
    try {
      await api.post('/api/authentication/logout');
    } catch (error) {
      notifications.show({
        color: 'yellow',
        title: 'Logged out on this device',
        message: errorMessage(error, 'The server could not be reached to end the session.'),
      });
    } finally {
      setUser(null);
    }
  }, [setUser]);

  const value = useMemo<Session>(() => {
    const isAdmin = user?.roles.includes('Admin') ?? false;
    const membership = user?.organisation ?? null;
    return {
      user,
      setUser,
      logout,
      isManager: isAdmin || membership !== null,
      isAdmin,
      membership,
      can: (area, action) =>
        isAdmin || (membership !== null && memberMay(membership.role, area, action)),
    };
  }, [user, setUser, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
