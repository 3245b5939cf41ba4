import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { parseQuantity, quantityOfScaledPrice } from '../hooks/use-product-purchase';
import { renderWithShop } from '../test/render';

import { QuantityInput } from './quantity-input';

describe('parseQuantity (spec section 5)', () => {
  it.each([
    ['3', 3],
    [' 12 ', 12],
    ['abc', 1],
    ['', 1],
    ['0', 1],
    ['-4', 1],
    ['2.7', 2],
    [7, 7],
    [0, 1],
    [Number.NaN, 1],
  ])('%j counts as %i', (raw, expected) => {
    expect(parseQuantity(raw)).toBe(expected);
  });

  it('a scaled price click picks its quantity, 1 when not positive', () => {
    expect(quantityOfScaledPrice(6)).toBe(6);
    expect(quantityOfScaledPrice(0)).toBe(1);
    expect(quantityOfScaledPrice(-2)).toBe(1);
  });
});

function Harness() {
  const [value, setValue] = useState(1);
  return (
    <>
      <QuantityInput id="q" value={value} onChange={setValue} label="Quantity of Salsa" />
      <output aria-label="counted">{value}</output>
    </>
  );
}

describe('QuantityInput', () => {
  it('counts a non-numeric or emptied value as 1 and shows 1 once the field is left', async () => {
    const user = userEvent.setup();
    renderWithShop(<Harness />);
    const field = screen.getByRole('spinbutton', { name: 'Quantity of Salsa' });
    await user.clear(field);
    await user.type(field, '12');
    expect(screen.getByLabelText('counted')).toHaveTextContent('12');
    await user.clear(field);
    expect(screen.getByLabelText('counted')).toHaveTextContent('1');
    await user.tab();
    expect(field).toHaveValue(1);
  });

  it('does not go below 1', async () => {
    const user = userEvent.setup();
    renderWithShop(<Harness />);
    const field = screen.getByRole('spinbutton', { name: 'Quantity of Salsa' });
    await user.clear(field);
    await user.type(field, '-3');
    await user.tab();
    expect(field).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'One less' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'One more' }));
    await user.click(screen.getByRole('button', { name: 'One more' }));
    expect(field).toHaveValue(3);
    await user.click(screen.getByRole('button', { name: 'One less' }));
    expect(field).toHaveValue(2);
  });
});
