import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema';
import { API, login, useTestApp } from '../../test/app';
import { MINUTE, SECOND, testClock } from '../../test/clock';

/**
 * A session's last-seen is written once in a while (every 5 minutes of use), and once for the
 * requests that arrive together: each of them saw the same old last-seen, and each wrote the
 * same row, one after the other behind its lock.
 */
const clock = testClock('2031-03-11T09:00:00.000Z');
const t = useTestApp({}, { now: clock.now });
beforeEach(() => clock.reset());
afterEach(() => vi.restoreAllMocks());

const lastSeenOf = async () => (await t.app.database.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions)).map((row) => row.lastSeenAt.getTime());

describe('last-seen of a session in use', () => {
  it('is written once for twenty requests that arrive together, and every one of them is answered', async () => {
    const { cookie } = await login(t.app, 'demo');
    const loggedInAt = clock.now().getTime();
    clock.advance(5 * MINUTE + SECOND);
    const updates = vi.spyOn(t.app.database.db, 'update');
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ url: `${API}/jsonapi/current-user`, headers: { cookie } })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(updates).toHaveBeenCalledTimes(1);
    expect(await lastSeenOf()).toEqual([loggedInAt + 5 * MINUTE + SECOND]);
  });

  it('is not written again within 5 minutes, and written again after them', async () => {
    const { cookie } = await login(t.app, 'demo');
    const updates = vi.spyOn(t.app.database.db, 'update');
    const ask = () => t.app.inject({ url: `${API}/jsonapi/current-user`, headers: { cookie } });
    clock.advance(4 * MINUTE);
    expect((await ask()).statusCode).toBe(200);
    expect(updates).not.toHaveBeenCalled();
    clock.advance(2 * MINUTE);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expect(updates).toHaveBeenCalledTimes(1);
    const [session] = await t.app.database.db.select().from(sessions).where(eq(sessions.lastSeenAt, clock.now()));
    expect(session).toBeDefined();
  });
});
