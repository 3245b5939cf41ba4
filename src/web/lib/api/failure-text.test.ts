import { describe, expect, it } from 'vitest';

import { ApiError } from '../api-client';

import { failureText } from './failure-text';

const GENERIC = 'Something went wrong, please try again';

describe('failureText, the one text of a failed call', () => {
  it('shows nothing for a 403 (the user is being logged out) under every rule', () => {
    for (const rules of [{}, { clientMessage: 'body' as const }, { clientMessage: 'none' as const }, { networkMessage: false }]) {
      expect(failureText(new ApiError(403, 'Forbidden'), GENERIC, rules)).toBeNull();
    }
  });

  it('says the generic text for a 5xx and for anything that is not an answer of the API', () => {
    expect(failureText(new ApiError(500, 'Internal Server Error', { body: { message: 'boom' } }), GENERIC)).toBe(GENERIC);
    expect(failureText(new TypeError('boom'), GENERIC)).toBe(GENERIC);
  });

  it("passes a network error's own message, unless the rules say otherwise (checkout)", () => {
    expect(failureText(new ApiError(0, 'Failed to fetch'), GENERIC)).toBe('Failed to fetch');
    expect(failureText(new ApiError(0, ''), GENERIC)).toBe(GENERIC);
    expect(failureText(new ApiError(0, 'Failed to fetch'), GENERIC, { networkMessage: false })).toBe(GENERIC);
  });

  it("shows a 4xx's own message by default (cart, orders and invoices)", () => {
    expect(failureText(new ApiError(422, 'The minimum quantity is 6.'), GENERIC)).toBe('The minimum quantity is 6.');
  });

  it("with 'body' shows only a message the body carried (catalogue)", () => {
    expect(failureText(new ApiError(429, 'Too many', { body: { message: 'Too many requests, try again later.' } }), GENERIC, { clientMessage: 'body' })).toBe(
      'Too many requests, try again later.',
    );
    expect(failureText(new ApiError(400, 'Bad Request', { body: 'Bad Request' }), GENERIC, { clientMessage: 'body' })).toBe(GENERIC);
  });

  it("shows a rate limit's 429 message under every rule, so the customer knows when to try again", () => {
    const limited = new ApiError(429, 'Te veel verzoeken in korte tijd. Probeer het over 42 seconden opnieuw.', { code: 'too_many_requests' });
    for (const rules of [{}, { clientMessage: 'body' as const }, { clientMessage: 'none' as const }, { networkMessage: false }]) {
      expect(failureText(limited, GENERIC, rules)).toBe('Te veel verzoeken in korte tijd. Probeer het over 42 seconden opnieuw.');
    }
  });

  it("with 'none' never shows a 4xx's message (favourites)", () => {
    expect(failureText(new ApiError(422, 'Not allowed', { body: { message: 'Not allowed' } }), GENERIC, { clientMessage: 'none' })).toBe(GENERIC);
  });

  it('hides the message of the codes it is told to (an API route that does not exist)', () => {
    expect(failureText(new ApiError(404, 'No API route POST /x.', { code: 'not_found' }), GENERIC, { hiddenCodes: ['not_found'] })).toBe(GENERIC);
    expect(failureText(new ApiError(404, 'No order 12.', { code: 'order_not_found' }), GENERIC, { hiddenCodes: ['not_found'] })).toBe('No order 12.');
  });

  it("shows a form's own text for a 4xx, but a rate limit's message and the generic text for a 5xx (login)", () => {
    const rules = { clientText: 'Unrecognized username or password.', networkMessage: false, forbiddenLogsOut: false };
    expect(failureText(new ApiError(400, 'Bad Request'), GENERIC, rules)).toBe('Unrecognized username or password.');
    expect(failureText(new ApiError(403, 'Forbidden'), GENERIC, rules)).toBe('Unrecognized username or password.');
    expect(failureText(new ApiError(429, 'Try again in 5 minutes.'), GENERIC, rules)).toBe('Try again in 5 minutes.');
    expect(failureText(new ApiError(503, 'Service Unavailable'), GENERIC, rules)).toBe(GENERIC);
    expect(failureText(new ApiError(0, 'Failed to fetch'), GENERIC, rules)).toBe(GENERIC);
    expect(failureText(new ApiError(403, 'Forbidden'), GENERIC, { clientText: 'Not all values were correct.' })).toBeNull();
  });
});
