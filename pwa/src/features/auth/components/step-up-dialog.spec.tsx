import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { STEP_UP_REQUIRED } from '@cocoa/shared-types';
import { ApiError, apiFetch } from '../../../lib/api-fetch';
import { expectNoAxeViolations } from '../../../test/axe';
import { fakeResponse, mockFetch, testQueryClient } from '../../../test/render';
import { StepUpHost } from './step-up-dialog';
import { fill } from '../../../test/form';

const REFUSED = { message: 'Please confirm it is you: enter your password, or a code from your app, to go on.', code: STEP_UP_REQUIRED };

/** POST /api/square/auth/disconnect: refused until a step-up went through, then made. */
function refusedUntilSteppedUp(stepUp: (body: { password?: string; code?: string }) => Response) {
  let fresh = false;
  return mockFetch({
    'POST /api/square/auth/disconnect': async () =>
      fresh ? fakeResponse(200, { connected: false, merchantId: null }) : fakeResponse(403, REFUSED, 'Forbidden'),
    'POST /api/auth/step-up': async () => {
      const calls = (global.fetch as jest.Mock).mock.calls as [string, RequestInit][];
      const answer = stepUp(JSON.parse(calls[calls.length - 1][1].body as string));
      fresh = answer.ok;
      return answer;
    },
  });
}

const renderHost = () =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <StepUpHost />
    </QueryClientProvider>,
  );

describe('the step-up dialog (a call answered STEP_UP_REQUIRED)', () => {
  it('asks for the password, refuses a wrong one with the server’s message, and makes the call again once a right one is taken', async () => {
    const { calls } = refusedUntilSteppedUp(({ password }) =>
      password === 'right-pass-1'
        ? fakeResponse(200, { freshUntil: '2030-01-01T00:05:00.000Z' })
        : fakeResponse(400, { message: 'That password is not right.', code: 'STEP_UP_INCORRECT' }),
    );
    renderHost();
    const answer = apiFetch('/api/square/auth/disconnect', { method: 'POST' });

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(dialog).toHaveAccessibleDescription(/needs a fresh check/);
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    await expectNoAxeViolations(document.body);

    fill('Password', 'wrong-pass');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That password is not right.');
    expect(calls.filter((c) => c.url === '/api/square/auth/disconnect')).toHaveLength(1);

    fill('Password', 'right-pass-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(answer).resolves.toEqual({ connected: false, merchantId: null });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/square/auth/disconnect',
      'POST /api/auth/step-up',
      'POST /api/auth/step-up',
      'POST /api/square/auth/disconnect',
    ]);
    expect(calls.filter((c) => c.url === '/api/auth/step-up').map((c) => c.body)).toEqual([{ password: 'wrong-pass' }, { password: 'right-pass-1' }]);
  });

  it('takes a 6-digit code from the app instead, checked before it is sent', async () => {
    const { calls } = refusedUntilSteppedUp(() => fakeResponse(200, { freshUntil: '2030-01-01T00:05:00.000Z' }));
    renderHost();
    const answer = apiFetch('/api/square/auth/disconnect', { method: 'POST' });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a code from my app instead' }));
    fill('Code', '12345');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your app');
    expect(calls.some((c) => c.url === '/api/auth/step-up')).toBe(false);
    fill('Code', '123 456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(answer).resolves.toEqual({ connected: false, merchantId: null });
    expect(calls.find((c) => c.url === '/api/auth/step-up')?.body).toEqual({ code: '123456' });
  });

  it('Cancel leaves the call refused with its message, and makes nothing again', async () => {
    const { calls } = refusedUntilSteppedUp(() => fakeResponse(200, {}));
    renderHost();
    const answer = apiFetch('/api/square/auth/disconnect', { method: 'POST' }).catch((error: unknown) => error);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const error = await answer;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: STEP_UP_REQUIRED, message: REFUSED.message });
    expect(calls.map((c) => c.url)).toEqual(['/api/square/auth/disconnect']);
  });

  it('calls refused together share one dialog, and each is made again after it', async () => {
    const { calls } = refusedUntilSteppedUp(() => fakeResponse(200, { freshUntil: '2030-01-01T00:05:00.000Z' }));
    renderHost();
    const both = Promise.all([apiFetch('/api/square/auth/disconnect', { method: 'POST' }), apiFetch('/api/square/auth/disconnect', { method: 'POST' })]);
    await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fill('Password', 'right-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(both).resolves.toHaveLength(2);
    expect(calls.filter((c) => c.url === '/api/auth/step-up')).toHaveLength(1);
    expect(calls.filter((c) => c.url === '/api/square/auth/disconnect')).toHaveLength(4);
  });

  it('without the dialog mounted, the refusal is thrown as any other', async () => {
    mockFetch({ 'POST /api/square/auth/disconnect': { status: 403, body: REFUSED } });
    await expect(apiFetch('/api/square/auth/disconnect', { method: 'POST' })).rejects.toMatchObject({ status: 403, code: STEP_UP_REQUIRED });
  });
});
