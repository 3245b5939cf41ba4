import { describe, expect, it } from 'vitest';
import { nextState } from './order-state';

describe('order state machine', () => {
  it('moves a draft to placed, a placed order to completed, and either to canceled', () => {
    expect(nextState('draft', 'place')).toBe('placed');
    expect(nextState('placed', 'complete')).toBe('completed');
    expect(nextState('draft', 'cancel')).toBe('canceled');
    expect(nextState('placed', 'cancel')).toBe('canceled');
  });

  it('never moves an order back or out of an end state', () => {
    expect(() => nextState('placed', 'place')).toThrow(/cannot be placed/);
    expect(() => nextState('completed', 'cancel')).toThrow(/cannot be canceled/);
    expect(() => nextState('canceled', 'place')).toThrow();
    expect(() => nextState('draft', 'complete')).toThrow(/cannot be completed/);
    expect(() => nextState('canceled', 'complete')).toThrow(/cannot be completed/);
  });
});
