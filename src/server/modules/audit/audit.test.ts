import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { transitionOrder } from '../ordering/order-transition';
import { listAuditEntries, recordAudit } from './audit.service';

const t = useTestApp();

const STAFF = { kind: 'user', userId: 6, userName: 'staff', masqueradeFromUserId: null, ip: '192.0.2.7' } as const;

describe('the audit log', () => {
  it('keeps what was written: an update or a delete of an entry is refused by the database', async () => {
    const { db } = t.app.database;
    await recordAudit(db, STAFF, { entity: 'user', entityId: 1, relationId: 1, action: 'user.block', before: { active: true }, after: { active: false }, reason: 'left the company' });
    const [entry] = await listAuditEntries(db, { entity: 'user', entityId: '1' }, { offset: 0, limit: 10 });
    expect(entry).toMatchObject({ userId: 6, userName: 'staff', ip: '192.0.2.7', relationId: 1, action: 'user.block', before: { active: true }, after: { active: false }, reason: 'left the company' });
    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    await expect(db.update(auditLog).set({ reason: 'nothing happened' }).where(eq(auditLog.id, entry!.id))).rejects.toMatchObject(refused);
    await expect(db.delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toMatchObject(refused);
    const [still] = await listAuditEntries(db, { entity: 'user', entityId: '1' }, { offset: 0, limit: 10 });
    expect(still!.reason).toBe('left the company');
  });

  it("writes an order's state change in the change's transaction: rolled back together, or kept together", async () => {
    const { db } = t.app.database;
    const [order] = await db.insert(orders).values({ userId: 1, relationId: 2, state: 'draft' }).returning({ id: orders.id });
    const entriesOf = () => db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order!.id))));
    await expect(
      db.transaction(async (tx) => {
        await transitionOrder(tx, order!.id, 'cancel', STAFF, { reason: 'asked by phone' });
        throw new Error('something after the change failed');
      }),
    ).rejects.toThrow('something after the change failed');
    expect(await entriesOf()).toEqual([]);
    await db.transaction((tx) => transitionOrder(tx, order!.id, 'cancel', STAFF, { reason: 'asked by phone' }));
    expect(await entriesOf()).toMatchObject([
      { action: 'state.cancel', relationId: 2, before: { state: 'draft' }, after: { state: 'canceled' }, reason: 'asked by phone', userId: 6, ip: '192.0.2.7' },
    ]);
  });
});
