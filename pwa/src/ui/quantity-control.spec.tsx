import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { QuantityControl } from './quantity-control';

function Harness({ onValue }: { onValue: (n: number) => void }) {
  const [value, setValue] = useState(1);
  return (
    <QuantityControl
      label="Quantity"
      value={value}
      onChange={(n) => {
        setValue(n);
        onValue(n);
      }}
    />
  );
}

describe('QuantityControl (product page rules)', () => {
  it('starts at 1 and never goes below 1', () => {
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(input).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input).toHaveValue(3);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(input).toHaveValue(2);
    expect(onValue).toHaveBeenLastCalledWith(2);
  });

  it('takes a typed whole number, ignores zero or invalid input and resets an empty field to 1', () => {
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    fireEvent.change(input, { target: { value: '5' } });
    expect(onValue).toHaveBeenLastCalledWith(5);
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(input).toHaveValue(5);
    fireEvent.change(input, { target: { value: '-3' } });
    fireEvent.blur(input);
    expect(input).toHaveValue(5);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(input).toHaveValue(1);
    expect(onValue).toHaveBeenLastCalledWith(1);
  });
});
