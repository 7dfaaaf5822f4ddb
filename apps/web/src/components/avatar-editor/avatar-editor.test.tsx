import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../test/render.tsx';
import { AvatarEditor } from './avatar-editor.tsx';
import { maxZoomFor } from './crop-image.ts';

describe('AvatarEditor', () => {
  it('opens from the 128 px avatar and accepts only png or jpeg', async () => {
    mockApi({ 'GET /api/auth/me': () => ok(CLIENT) });
    const upload = vi.fn();
    renderWithApp(<AvatarEditor photoUrl={null} name="Ana" surname="Martín" upload={upload} />, {
      consent: 'true',
    });
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: es.lawyerProfile.editPhoto }));
    expect(await screen.findByRole('dialog', { name: es.profile.avatarTitle })).toBeInTheDocument();
    const input = screen.getByLabelText(es.profile.avatarChoose);
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
    await user.upload(input, new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByText(ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: es.profile.avatarSave })).toBeDisabled();
    expect(upload).not.toHaveBeenCalled();
  });

  it('never lets the crop circle get under a 30 px radius of the original', () => {
    expect(maxZoomFor(600, 400)).toBe(4);
    expect(maxZoomFor(120, 300)).toBe(2);
    expect(maxZoomFor(40, 40)).toBe(1);
  });
});
