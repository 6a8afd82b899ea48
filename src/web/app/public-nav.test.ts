import { describe, expect, it } from 'vitest';
import { VISITOR_NAV } from './public-nav';
import { canSee, ROUTES } from './route-table';

describe("the visitor page's sidebar", () => {
  it('shows what the route table shows a logged-out visitor, in the same order', () => {
    const loggedOut = { loggedIn: false, isManager: false, isAdmin: false };
    const fromTable = ROUTES.filter((route) => canSee(route, loggedOut)).flatMap((route) =>
      route.nav ? [route.nav] : [],
    );
    expect(VISITOR_NAV).toEqual(fromTable);
  });
});
