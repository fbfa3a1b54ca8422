import { act, render, screen } from '@testing-library/react';
import { PasswordStrength } from './password-strength';

type Checker = typeof import('@cocoa/shared-types/password-checker');
const realChecker = () => import('@cocoa/shared-types/password-checker');
const label = () => screen.getByText((_, element) => element?.classList.contains('password-strength__label') ?? false);

describe('PasswordStrength', () => {
  it('says the strength in words, in a polite live region, as the password changes', async () => {
    const owner = { username: 'mochafan', email: 'mocha@example.com' };
    const { rerender } = render(<PasswordStrength id="strength" password="" owner={owner} load={realChecker} />);
    expect(label()).toHaveAttribute('aria-live', 'polite');
    expect(label()).toHaveTextContent('');

    rerender(<PasswordStrength id="strength" password="cocoa" owner={owner} load={realChecker} />);
    expect(label()).toHaveTextContent('Strength: too short');

    rerender(<PasswordStrength id="strength" password="password" owner={owner} load={realChecker} />);
    expect(await screen.findByText('Strength: too common')).toBe(label());

    rerender(<PasswordStrength id="strength" password="12345678" owner={owner} load={realChecker} />);
    expect(label()).toHaveTextContent('Strength: too common');

    rerender(<PasswordStrength id="strength" password="MochaFan" owner={owner} load={realChecker} />);
    expect(label()).toHaveTextContent('Strength: too easy to guess');

    rerender(<PasswordStrength id="strength" password="cocoa2024" owner={owner} load={realChecker} />);
    expect(label()).toHaveTextContent(/^Strength: (very weak|weak)$/);

    rerender(<PasswordStrength id="strength" password="  cocoa at the lake 🍫☕ with Zoë  " owner={owner} load={realChecker} />);
    expect(label()).toHaveTextContent('Strength: strong');
  });

  it('does not claim a strength before the list has arrived, and goes by the length alone when it cannot come', async () => {
    let arrive: (checker: Checker) => void = () => undefined;
    const pending = () => new Promise<Checker>((resolve) => (arrive = resolve));
    const { unmount } = render(<PasswordStrength id="strength" password="a long passphrase" owner={{}} load={pending} />);
    expect(label()).toHaveTextContent('');
    arrive(await realChecker());
    expect(await screen.findByText('Strength: strong')).toBe(label());

    unmount();
    const offline = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const again = render(<PasswordStrength id="strength" password="a long passphrase" owner={{}} load={offline} />);
    await act(async () => undefined);
    expect(offline).toHaveBeenCalled();
    expect(label()).toHaveTextContent('');
    again.rerender(<PasswordStrength id="strength" password="short" owner={{}} load={offline} />);
    expect(label()).toHaveTextContent('Strength: too short');
  });
});
