import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { VerifyMailBanner } from './verify-mail-banner.tsx';

const resendPath = 'POST /api/auth/verify-email/resend';
const unverified = { ...CLIENT, emailVerified: false };

describe('VerifyMailBanner', () => {
  it('mails the link again once, and says so', async () => {
    const api = mockApi({ [resendPath]: () => ok() });
    renderWithApp(<VerifyMailBanner user={unverified} onDismiss={() => {}} />);
    expect(screen.getByRole('heading', { name: es.verifyMailBanner.title })).toBeInTheDocument();
    expect(screen.getByText(es.verifyMailBanner.text(CLIENT.mail))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: es.verifyMailBanner.resend }));
    expect(await screen.findByText(es.verifyMailBanner.resent)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: es.verifyMailBanner.resend })).toBeDisabled();
    expect(api.callsTo(resendPath)).toHaveLength(1);
  });

  it('shows the refusal when too many were asked for', async () => {
    mockApi({ [resendPath]: () => fail(429, 'RATE_LIMITED', ERROR_MESSAGES.RATE_LIMITED) });
    renderWithApp(<VerifyMailBanner user={unverified} onDismiss={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: es.verifyMailBanner.resend }));
    expect(await screen.findByText(ERROR_MESSAGES.RATE_LIMITED)).toBeInTheDocument();
    expect(screen.queryByText(es.verifyMailBanner.resent)).not.toBeInTheDocument();
  });

  it('closes when asked', async () => {
    mockApi();
    const onDismiss = vi.fn();
    renderWithApp(<VerifyMailBanner user={unverified} onDismiss={onDismiss} />);
    await userEvent.click(screen.getByRole('button', { name: es.verifyMailBanner.dismiss }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
