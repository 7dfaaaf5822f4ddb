import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { UploadOptions } from '../../lib/upload-with-progress.ts';
import { mockApi, ok } from '../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../test/render.tsx';
import { AvatarEditor } from './avatar-editor.tsx';
import { maxZoomFor } from './crop-image.ts';

// jsdom draws no picture: the cropper reports a crop at once, and the crop is a fixed PNG
vi.mock('react-easy-crop', () => ({
  default: function FakeCropper({ onCropComplete }: { onCropComplete: (a: object, b: object) => void }) {
    // once, as the real one does when the picture has loaded (the callback is new on every render)
    const reported = useRef(false);
    useEffect(() => {
      if (reported.current) return;
      reported.current = true;
      onCropComplete({}, { x: 0, y: 0, width: 64, height: 64 });
    });
    return null;
  },
}));
vi.mock('./crop-image.ts', async (original) => ({
  ...(await original<typeof import('./crop-image.ts')>()),
  cropToPng: async () => 'data:image/png;base64,iVBORw0KGgo=',
}));

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

  it("shows the upload's progress, then closes saying the photo was saved", async () => {
    mockApi({ 'GET /api/auth/me': () => ok(CLIENT) });
    let reported: (percent: number) => void = () => {};
    let finish: (answer: { photoUrl: string }) => void = () => {};
    const upload = vi.fn(
      (_image: string, options: UploadOptions) =>
        new Promise<{ photoUrl: string }>((resolve) => {
          reported = options.onProgress ?? (() => {});
          finish = resolve;
        }),
    );
    renderWithApp(<AvatarEditor photoUrl={null} name="Ana" surname="Martín" upload={upload} />, {
      consent: 'true',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.lawyerProfile.editPhoto }));
    await user.upload(
      await screen.findByLabelText(es.profile.avatarChoose),
      new File([new Uint8Array([137, 80, 78, 71])], 'yo.png', { type: 'image/png' }),
    );
    const save = await screen.findByRole('button', { name: es.profile.avatarSave });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]?.[0]).toBe('data:image/png;base64,iVBORw0KGgo=');
    reported(40);
    const bar = await screen.findByRole('progressbar', { name: new RegExp(es.documents.progressLabel) });
    await waitFor(() => expect(bar).toHaveAttribute('value', '40'));
    expect(screen.getByRole('button', { name: new RegExp(es.profile.avatarSave) })).toBeDisabled();

    finish({ photoUrl: '/uploads/avatars/nueva.png' });
    expect(await screen.findByText(es.profile.avatarSaved)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: es.profile.avatarTitle })).not.toBeInTheDocument(),
    );
  });

  it('never lets the crop circle get under a 30 px radius of the original', () => {
    expect(maxZoomFor(600, 400)).toBe(4);
    expect(maxZoomFor(120, 300)).toBe(2);
    expect(maxZoomFor(40, 40)).toBe(1);
  });
});
