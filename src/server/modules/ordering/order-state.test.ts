import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { CART_STATES, nextState, ORDER_EVENTS, ORDER_STATES, type OrderEvent, type OrderState, PLACED_STATES, publicState, stateAfter } from './order-state';

/** Where each state stands in an order's life: outside the cart, an order only ever moves on. */
const RANK: Record<OrderState, number> = {
  draft: 0,
  payment_pending: 0,
  placed: 1,
  exported: 2,
  confirmed: 3,
  shipped: 4,
  delivered: 5,
  completed: 6,
  canceled: 7,
};

const isCart = (state: OrderState) => (CART_STATES as readonly OrderState[]).includes(state);

/** What `nextState` threw (undefined when it did not). */
function refusal(state: OrderState, event: OrderEvent): unknown {
  try {
    nextState(state, event);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('order state machine', () => {
  it('moves a draft to placed and either to canceled; a placed order on through the ERP to completed', () => {
    expect(nextState('draft', 'place')).toBe('placed');
    expect(nextState('draft', 'pay')).toBe('placed');
    expect(nextState('draft', 'cancel')).toBe('canceled');
    expect(nextState('placed', 'cancel')).toBe('canceled');
    expect(nextState('placed', 'export')).toBe('exported');
    expect(nextState('exported', 'confirm')).toBe('confirmed');
    expect(nextState('confirmed', 'ship')).toBe('shipped');
    expect(nextState('shipped', 'deliver')).toBe('delivered');
    expect(nextState('delivered', 'complete')).toBe('completed');
    // A collected order is handed over without shipping.
    expect(nextState('confirmed', 'complete')).toBe('completed');
    expect(nextState('draft', 'start_payment')).toBe('payment_pending');
    expect(nextState('payment_pending', 'pay')).toBe('placed');
    expect(nextState('payment_pending', 'fail_payment')).toBe('draft');
  });

  it('never moves an order back or out of an end state', () => {
    expect(() => nextState('placed', 'place')).toThrow(/cannot be placed/);
    expect(() => nextState('completed', 'cancel')).toThrow(/cannot be canceled/);
    expect(() => nextState('canceled', 'place')).toThrow();
    expect(() => nextState('draft', 'complete')).toThrow(/cannot be completed/);
    expect(() => nextState('canceled', 'complete')).toThrow(/cannot be completed/);
    // Completing needs the ERP's confirmation first.
    expect(() => nextState('placed', 'complete')).toThrow(/cannot be completed/);
    expect(() => nextState('shipped', 'cancel')).toThrow(/cannot be canceled/);
  });

  it('refuses with a 409 in Dutch and in English', () => {
    const refused = refusal('exported', 'place');
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 409, code: 'invalid_transition' });
    expect((refused as AppError).messageIn('nl')).toBe('Een bestelling die in behandeling is, kan niet worden geplaatst.');
    expect((refused as AppError).messageIn('en')).toBe('An order that is being processed cannot be placed.');
  });

  it('reaches every state from a draft', () => {
    const reached = new Set<OrderState>(['draft']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const state of [...reached]) {
        for (const event of ORDER_EVENTS) {
          const next = stateAfter(state, event);
          if (next && !reached.has(next)) {
            reached.add(next);
            grew = true;
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...ORDER_STATES].sort());
  });

  it('walks random sequences of events: each step the table allows or a 409 that leaves the state, never back out of the cart once placed', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ORDER_EVENTS), { maxLength: 25 }), (events: OrderEvent[]) => {
        let state: OrderState = 'draft';
        let placed = false;
        for (const event of events) {
          const allowed = stateAfter(state, event);
          if (allowed === undefined) {
            const refused = refusal(state, event);
            expect(refused).toBeInstanceOf(AppError);
            expect(refused).toMatchObject({ statusCode: 409, code: 'invalid_transition' });
            continue;
          }
          const next = nextState(state, event);
          expect(next).toBe(allowed);
          if (!isCart(next)) expect(RANK[next]).toBeGreaterThan(RANK[state]);
          if (placed) expect(isCart(next)).toBe(false);
          placed ||= !isCart(next);
          state = next;
        }
        // An end state takes no event at all.
        if (state === 'completed' || state === 'canceled') for (const event of ORDER_EVENTS) expect(stateAfter(state, event)).toBeUndefined();
        // The customer sees a cart while the order is one, and never a state the spec does not name.
        expect(publicState(state) === 'draft').toBe(isCart(state));
        expect(['draft', 'placed', 'completed', 'canceled']).toContain(publicState(state));
        expect((PLACED_STATES as readonly OrderState[]).includes(state)).toBe(!isCart(state) && state !== 'canceled');
      }),
      { numRuns: 500 },
    );
  });
});
