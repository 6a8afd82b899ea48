import { describe, expect, it } from 'vitest';
import { todayIn } from './server-today';

describe("the browser's today", () => {
  // 03:30 in London on 1 March is still 28 February in New York and already evening in Auckland.
  const instant = new Date('2026-03-01T03:30:00Z');

  it("is the date on the server's calendar, whatever the browser's zone", () => {
    expect(todayIn('America/New_York', instant)).toBe('2026-02-28');
    expect(todayIn('Pacific/Auckland', instant)).toBe('2026-03-01');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-03-01T11:00:00Z'))).toBe('2026-03-02');
  });
});
