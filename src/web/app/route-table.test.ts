import { describe, expect, it } from 'vitest';
import type { MemberRole } from '../../shared/constants';
import { memberMay } from '../../shared/permissions';
import { canSee, ROUTES } from './route-table';

const sidebarOf = (role: MemberRole) =>
  ROUTES.filter((route) =>
    canSee(route, {
      loggedIn: true,
      isManager: true,
      isAdmin: false,
      can: (area, action) => memberMay(role, area, action),
    }),
  ).flatMap((route) => (route.nav ? [route.nav.label] : []));

describe("a member's sidebar", () => {
  it('leaves out the pages their role may not read', () => {
    expect(sidebarOf('Owner')).toEqual(expect.arrayContaining(['Import', 'Reports', 'Team']));
    expect(sidebarOf('Bookkeeper')).toEqual(expect.arrayContaining(['Reports', 'Bank', 'Team']));
    expect(sidebarOf('Bookkeeper')).not.toContain('Import');
    expect(sidebarOf('Maintenance coordinator')).not.toContain('Rent roll');
    expect(sidebarOf('Maintenance coordinator')).toContain('Work orders');
  });
});
