import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STEP_UP_REQUIRED } from '@cocoa/shared-types';
import { expectNoAxeViolations } from '../../../test/axe';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import { StepUpHost } from '../../auth/components/step-up-dialog';
import { TwoStepSection } from './two-step-section';
import { fill } from '../../../test/form';

const OFF = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const ON = { enabled: true, enabledAt: '2026-11-20T15:00:00.000Z', recoveryCodesLeft: 10 };
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Cocoa%20Shop:jane?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = ['abcd-efgh-ijkm', 'nopq-rstu-vwxy', 'z234-567a-bcde'];
const section = () => screen.getByRole('region', { name: 'Two-step sign-in' });

const renderSection = () =>
  renderWithProviders(
    <>
      <TwoStepSection user={{ id: 7, username: 'jane', email: 'jane@example.com', firstName: 'Jane', lastName: null, isAdmin: false }} />
      <StepUpHost />
    </>,
  );

describe('the Security page’s two-step sign-in', () => {
  it('sets up an app after a fresh check: the QR code and the key, then a code turns it on and the recovery codes show once', async () => {
    let on = false;
    let fresh = false;
    const { calls } = mockFetch({
      'GET /api/auth/second-factor': async () => fakeResponse(200, on ? ON : OFF),
      'POST /api/auth/second-factor/enrolment': async () =>
        fresh ? fakeResponse(200, ENROLMENT) : fakeResponse(403, { message: 'Please confirm it is you.', code: STEP_UP_REQUIRED }),
      'POST /api/auth/step-up': async () => {
        fresh = true;
        return fakeResponse(200, { freshUntil: '2030-01-01T00:00:00.000Z' });
      },
      'POST /api/auth/second-factor/enrolment/confirm': async () => {
        on = true;
        return fakeResponse(200, { recoveryCodes: CODES });
      },
    });
    renderSection();
    expect(await within(section()).findByText('Off.')).toBeInTheDocument();
    fireEvent.click(within(section()).getByRole('button', { name: 'Set up two-step sign-in' }));

    // The server asks for a fresh check: the dialog, then the set-up goes on by itself.
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    fill('Password', 'right-pass-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute('src', ENROLMENT.qrCode);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(section()).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await expectNoAxeViolations(document.body);

    fill('Code', '12 34');
    fireEvent.click(within(section()).getByRole('button', { name: 'Turn on' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your app');
    expect(calls.some((c) => c.url === '/api/auth/second-factor/enrolment/confirm')).toBe(false);

    fill('Code', '123 456');
    fireEvent.click(within(section()).getByRole('button', { name: 'Turn on' }));
    const list = await within(section()).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(calls.find((c) => c.url === '/api/auth/second-factor/enrolment/confirm')?.body).toEqual({ code: '123456' });
    const download = within(section()).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('download', 'cocoa-shop-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(CODES.join('\n'));
    await expectNoAxeViolations(document.body);

    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    fireEvent.click(within(section()).getByRole('button', { name: 'Copy' }));
    expect(await within(section()).findByText('Copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(CODES.join('\n')));

    // Not shown again once put away: the status says on.
    fireEvent.click(within(section()).getByRole('button', { name: 'I have saved them' }));
    expect(await within(section()).findByText('On')).toBeInTheDocument();
    expect(within(section()).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(within(section()).getByText(/since November 20, 2026/)).toBeInTheDocument();
    expect(within(section()).getByText('10 recovery codes left.')).toBeInTheDocument();
  });

  it('tells a wrong first code from the server beside the field', async () => {
    mockFetch({
      'GET /api/auth/second-factor': { body: OFF },
      'POST /api/auth/second-factor/enrolment': { body: ENROLMENT },
      'POST /api/auth/second-factor/enrolment/confirm': {
        status: 400,
        body: { message: 'That code is not right. Use the newest code your authenticator app shows for this shop.', code: 'INVALID_CODE' },
      },
    });
    renderSection();
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Two-step sign-in' })).findByRole('button', { name: 'Set up two-step sign-in' }));
    fill(await screen.findByLabelText('Code').then(() => 'Code'), '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('when on: new recovery codes replace the old ones, and turning off asks first', async () => {
    let on = true;
    const { calls } = mockFetch({
      'GET /api/auth/second-factor': async () => fakeResponse(200, on ? { ...ON, recoveryCodesLeft: 0 } : OFF),
      'POST /api/auth/second-factor/recovery-codes': { body: { recoveryCodes: CODES } },
      'DELETE /api/auth/second-factor': async () => {
        on = false;
        return fakeResponse(200, OFF);
      },
    });
    renderSection();
    expect(await within(await screen.findByRole('region', { name: 'Two-step sign-in' })).findByText(/no recovery codes left/)).toBeInTheDocument();
    fireEvent.click(within(section()).getByRole('button', { name: 'New recovery codes' }));
    expect(await within(section()).findByRole('list', { name: 'Recovery codes' })).toHaveTextContent(CODES[0]);
    fireEvent.click(within(section()).getByRole('button', { name: 'I have saved them' }));

    fireEvent.click(await within(section()).findByRole('button', { name: 'Turn off' }));
    const ask = screen.getByRole('alertdialog', { name: 'Turn off two-step sign-in?' });
    expect(ask).toHaveAccessibleDescription(/recovery codes stop working/);
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep it on' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(section()).getByRole('button', { name: 'Turn off' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Turn off' }));
    expect(await within(section()).findByText('Off.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows that it is loading, and a problem with Try again', async () => {
    let fail = true;
    mockFetch({ 'GET /api/auth/second-factor': async () => (fail ? fakeResponse(500, { message: 'Server error' }) : fakeResponse(200, OFF)) });
    renderSection();
    expect(within(section()).getByRole('status')).toHaveTextContent('Loading two-step sign-in');
    expect(await within(section()).findByText('Two-step sign-in could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(section()).getByRole('button', { name: /try again/i }));
    await waitFor(() => expect(within(section()).getByText('Off.')).toBeInTheDocument());
  });
});
