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
import { MANAGER_ROLES, ROLES } from '../../../shared/constants';
import type { User } from '../../../shared/schemas/users';
import { ApiError, api, errorMessage } from '../../lib/api-client';
import { STORED_USER_KEY } from '../../lib/stored-user';
import { meQueryOptions } from './api/get-me';

interface Session {
  user: User | null;
  /** Replace the stored user (after login or a contact update). */
  setUser(user: User | null): void;
  logout(): Promise<void>;
  isManager: boolean;
  isAdmin: boolean;
}

const SessionContext = createContext<Session | null>(null);

function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(STORED_USER_KEY);
    if (!raw) return null;
    const stored: unknown = JSON.parse(raw);
    return isUser(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * A shape check of the stored user. Written by hand rather than with the shared zod schema
 * so that zod stays out of the first page load; /me confirms the user right after anyway.
 */
function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return (
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
  const [user, setUserState] = useState<User | null>(readStoredUser);
  const me = useQuery({ ...meQueryOptions(), enabled: user !== null });

  const setUser = useCallback(
    (next: User | null) => {
      setUserState(next);
      if (next) {
        localStorage.setItem(STORED_USER_KEY, JSON.stringify(next));
        queryClient.setQueryData(meQueryOptions().queryKey, next);
      } else {
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

  const value = useMemo<Session>(
    () => ({
      user,
      setUser,
      logout,
      isManager: user !== null && user.roles.some((role) => MANAGER_ROLES.includes(role)),
      isAdmin: user?.roles.includes('Admin') ?? false,
    }),
    [user, setUser, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
