import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import { ToastViewport } from '../../../ui/toast-viewport';
import { useToastStore } from '../../../ui/toast-store';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import AccountPage from './account-page';
import { fill } from '../../../test/form';

const user = { id: 7, username: 'jane', email: 'jane@example.com', firstName: 'Jane', lastName: null, isAdmin: false };
const profile = {
  emailAddress: 'jane@example.com',
  givenName: 'Jane',
  familyName: 'Doe',
  phoneNumber: null,
  address: { line1: '12 Cocoa Lane', city: 'Portland', state: 'OR', postalCode: '97201', country: 'US' },
};

function fillPassword(current: string, next = 'new-secret', confirm = next) {
  fill('Current password', current);
  fill('New password', next);
  fill('Confirm new password', confirm);
}

describe('Account page', () => {
  it('has Profile and Password tabs; the profile tab is pre-filled from GET /api/me/customer', async () => {
    mockFetch({ 'GET /api/user': { body: user }, 'GET /api/me/customer': { body: profile } });
    renderWithProviders(<AccountPage />, { route: '/account' });
    expect(await screen.findByLabelText('Email')).toHaveValue('jane@example.com');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Last name')).toHaveValue('Doe');
    expect(screen.getByLabelText('State')).toHaveValue('OR');
    fireEvent.click(screen.getByRole('tab', { name: 'Password' }));
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    // The new password's strength meter, knowing the account's own name.
    fill('New password', 'a long passphrase');
    expect(await screen.findByText('Strength: strong')).toBeInTheDocument();
    fill('New password', 'jane@example.com');
    expect(screen.getByText('Strength: too easy to guess')).toBeInTheDocument();
  });

  it('links to the Security page', async () => {
    mockFetch({ 'GET /api/user': { body: user }, 'GET /api/me/customer': { body: profile } });
    renderWithProviders(<AccountPage />, { route: '/account' });
    expect(await screen.findByRole('link', { name: 'Security' })).toHaveAttribute('href', '/account/security');
  });
});

describe('ProfileForm', () => {
  it("saves, toasts 'Profile updated' and reloads", async () => {
    const reload = jest.fn();
    const { calls } = mockFetch({ 'PATCH /api/me/customer': { body: profile } });
    renderWithToasts(<ProfileForm profile={profile} reload={reload} />);
    fill('Phone', '5551234567');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(reload).toHaveBeenCalled();
    expect(calls[0].body).toMatchObject({ email: 'jane@example.com', firstName: 'Jane', phone: '5551234567', state: 'OR', country: 'US' });
  });

  it("keeps 'Profile updated' on screen across the reload that follows, once", async () => {
    const reload = jest.fn();
    mockFetch({ 'PATCH /api/me/customer': { body: profile } });
    const page = renderWithToasts(<ProfileForm profile={profile} reload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    // the reload: the old page and everything in its memory are gone, a new page starts
    page.unmount();
    useToastStore.getState().dismiss();
    const reloaded = render(<ToastViewport />);
    expect(screen.getByRole('status')).toHaveTextContent('Profile updated');
    // a later reload does not show it again
    reloaded.unmount();
    useToastStore.getState().dismiss();
    render(<ToastViewport />);
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
  });

  it("checks the e-mail and shows 'Failed to update profile' on a non-OK answer", async () => {
    const reload = jest.fn();
    mockFetch({ 'PATCH /api/me/customer': { status: 500, body: { message: 'boom' } } });
    renderWithToasts(<ProfileForm profile={profile} reload={reload} />);
    fill('Email', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    fill('Email', 'jane@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('PasswordForm', () => {
  it('validates with the password-change rules', async () => {
    mockFetch({});
    renderWithProviders(<PasswordForm userId={7} reload={jest.fn()} />);
    fillPassword('', 'abc', 'abd');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getAllByText('Password must be at least 8 characters').length).toBeGreaterThan(0);
    expect(screen.getByText('Strength: too short')).toHaveAttribute('aria-live', 'polite');
    fillPassword('old-secret', 'new-secret', 'other-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    // The meter rates the new password once its list has come.
    expect(await screen.findByText(/^Strength: (very weak|weak|fair|good|strong)$/)).toBeInTheDocument();
    fill('New password', 'password1');
    expect(await screen.findByText('Strength: too common')).toBeInTheDocument();
  });

  it('marks the new password with the server’s reason when it refuses a common one', async () => {
    mockFetch({
      'PATCH /api/users/7/password': {
        status: 400,
        body: { message: 'This password is on a list of common or leaked passwords. Please choose another.', code: 'PASSWORD_TOO_COMMON' },
      },
    });
    renderWithProviders(<PasswordForm userId={7} reload={jest.fn()} />);
    fillPassword('old-secret', 'sunshine1', 'sunshine1');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'This password is on a list of common or leaked passwords. Please choose another.',
    );
    expect(screen.getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');
  });

  it("marks 'Incorrect password' and toasts the specified text when the server says the current password is incorrect", async () => {
    const reload = jest.fn();
    const { calls } = mockFetch({ 'PATCH /api/users/7/password': { status: 400, body: { message: 'Current password is incorrect', code: 'WRONG_PASSWORD' } } });
    renderWithToasts(<PasswordForm userId={7} reload={reload} />);
    fillPassword('wrong-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(screen.getByText('The current password you entered is incorrect. Please verify and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls[0].body).toEqual({ currentPassword: 'wrong-secret', newPassword: 'new-secret' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows other server messages as they are, and a network error as such', async () => {
    mockFetch({ 'PATCH /api/users/7/password': { status: 429, body: { message: 'Too many attempts' } } });
    renderWithToasts(<PasswordForm userId={7} reload={jest.fn()} />);
    fillPassword('old-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Too many attempts')).toBeInTheDocument();
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Network error occurred. Please try again.')).toBeInTheDocument();
  });

  it("on success toasts 'Password Updated', resets the form and reloads after 1.5 s", async () => {
    jest.useFakeTimers();
    try {
      const reload = jest.fn();
      mockFetch({ 'PATCH /api/users/7/password': { body: { message: 'Password updated' } } });
      renderWithToasts(<PasswordForm userId={7} reload={reload} />);
      fillPassword('old-secret');
      fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
      await waitFor(() => expect(screen.getByText('Password Updated')).toBeInTheDocument());
      expect(screen.getByLabelText('Current password')).toHaveValue('');
      act(() => jest.advanceTimersByTime(1499));
      expect(reload).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
