import { es } from '@l4l/shared/texts/es';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';

const PROFILE = {
  id: CLIENT.id,
  name: CLIENT.name,
  surname: CLIENT.surname,
  mail: CLIENT.mail,
  phoneNumber: CLIENT.phoneNumber,
  photoUrl: null,
  lastConnection: null,
};
const profilePath = `GET /api/user/profile/${CLIENT.id}`;

function renderProfile(routes = {}) {
  const api = mockApi({ 'GET /api/auth/me': () => ok(CLIENT), [profilePath]: () => ok(PROFILE), ...routes });
  const view = renderWithApp(<ProfilePage />, { path: '/profile', consent: 'true' });
  return { ...view, api };
}

describe('ProfilePage', () => {
  it('shows the data read-only, then Modificar datos → Guardar cambios saves and locks it again', async () => {
    const { api } = renderProfile({
      [`PUT /api/user/profile/${CLIENT.id}`]: () => ok({ ...PROFILE, phoneNumber: '698765432' }),
    });
    const user = userEvent.setup();
    const phone = await screen.findByLabelText(es.profile.phone);
    expect(screen.getByRole('heading', { name: es.profile.title })).toBeInTheDocument();
    expect(phone).toHaveValue('612 345 678');
    expect(phone).toHaveAttribute('readonly');
    expect(screen.getByLabelText(es.profile.name)).toHaveValue('Ana');
    expect(screen.getByLabelText(es.profile.mail)).toHaveValue(CLIENT.mail);

    await user.click(screen.getByRole('button', { name: es.buttons.modify }));
    expect(phone).not.toHaveAttribute('readonly');
    // docs/product.md, Profile: no password change while editing
    expect(screen.getByRole('button', { name: es.buttons.renewPassword })).toBeDisabled();

    await user.clear(phone);
    await user.type(phone, '69876');
    expect(screen.getByRole('button', { name: es.buttons.saveChanges })).toBeDisabled();
    await user.type(phone, '5432');
    expect(phone).toHaveValue('698 765 432');
    await user.click(screen.getByRole('button', { name: es.buttons.saveChanges }));

    expect(await screen.findByText(es.profile.dataModified)).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/user/profile/${CLIENT.id}`)[0]?.body).toEqual({
      name: 'Ana',
      surname: 'Martín Ruiz',
      mail: CLIENT.mail,
      phoneNumber: '698765432',
    });
    await waitFor(() => expect(screen.getByLabelText(es.profile.phone)).toHaveAttribute('readonly'));
    expect(screen.getByRole('button', { name: es.buttons.modify })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: es.buttons.renewPassword })).toBeEnabled();
  });

  it('keeps Guardar cambios disabled without a name or with a wrong mail', async () => {
    renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.modify }));
    const save = screen.getByRole('button', { name: es.buttons.saveChanges });
    await user.clear(screen.getByLabelText(es.profile.name));
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(es.profile.name), 'Ana');
    expect(save).toBeEnabled();
    await user.type(screen.getByLabelText(es.profile.mail), '@@');
    expect(save).toBeDisabled();
  });

  it('asks for the current password when the mail changes, and says the new one waits for its confirmation', async () => {
    const wanted = 'nuevo@l4l.test';
    const { api } = renderProfile({
      [`PUT /api/user/profile/${CLIENT.id}`]: () => ok({ ...PROFILE, pendingMail: wanted }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.modify }));
    expect(screen.queryByLabelText(es.profile.currentPassword)).not.toBeInTheDocument();
    const mail = screen.getByLabelText(es.profile.mail);
    await user.clear(mail);
    await user.type(mail, wanted);
    const save = screen.getByRole('button', { name: es.buttons.saveChanges });
    expect(save).toBeDisabled();
    expect(screen.getByText(es.profile.currentPasswordForMail)).toBeInTheDocument();
    await user.type(screen.getByLabelText(es.profile.currentPassword), 'Secreta2026');
    await user.click(save);

    // a toast, and the note under the (still old) mail
    expect((await screen.findAllByText(es.profile.mailPending(wanted))).length).toBeGreaterThanOrEqual(1);
    await waitFor(() => expect(screen.getByLabelText(es.profile.mail)).toHaveValue(CLIENT.mail));
    expect(api.callsTo(`PUT /api/user/profile/${CLIENT.id}`)[0]?.body).toEqual({
      name: 'Ana',
      surname: 'Martín Ruiz',
      mail: wanted,
      phoneNumber: '612345678',
      currentPassword: 'Secreta2026',
    });
  });

  it('says when the data could not be saved', async () => {
    renderProfile({ [`PUT /api/user/profile/${CLIENT.id}`]: () => fail(500, 'INTERNAL_ERROR', 'x') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.modify }));
    await user.click(screen.getByRole('button', { name: es.buttons.saveChanges }));
    expect(await screen.findByText(es.profile.dataModifyFailed)).toBeInTheDocument();
  });

  it('says when the profile cannot be loaded', async () => {
    // a 4xx: the query does not retry it, so the message comes at once
    renderProfile({ [profilePath]: () => fail(403, 'FORBIDDEN', 'x') });
    expect((await screen.findAllByText(es.profile.loadError)).length).toBeGreaterThanOrEqual(1);
  });

  it('enables the password change only with all three fields and a repeated new password', async () => {
    const { api } = renderProfile({ 'POST /api/auth/change-password': () => ok(null) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.renewPassword }));
    // the dialog's code loads when it is first opened
    expect(await screen.findByRole('dialog', { name: es.profile.passwordModalTitle })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: es.buttons.save });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(es.profile.currentPassword), 'Secreta2026');
    await user.type(screen.getByLabelText(es.profile.newPassword), 'Secreta2027');
    await user.type(screen.getByLabelText(es.profile.repeatPassword), 'Secreta202');
    expect(save).toBeDisabled();
    expect(screen.getByText(es.validation.passwordsDiffer)).toBeInTheDocument();
    await user.type(screen.getByLabelText(es.profile.repeatPassword), '7');
    expect(screen.queryByText(es.validation.passwordsDiffer)).not.toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText(es.profile.passwordChanged)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/change-password')[0]?.body).toEqual({
      currentPassword: 'Secreta2026',
      newPassword: 'Secreta2027',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the password form with Volver and reports a refused change', async () => {
    renderProfile({
      'POST /api/auth/change-password': () =>
        fail(401, 'BAD_CREDENTIALS', es.validation.currentPasswordWrong),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.renewPassword }));
    await user.click(await screen.findByRole('button', { name: es.buttons.back }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: es.buttons.renewPassword }));
    await user.type(screen.getByLabelText(es.profile.currentPassword), 'Otra2026x');
    await user.type(screen.getByLabelText(es.profile.newPassword), 'Secreta2027');
    await user.type(screen.getByLabelText(es.profile.repeatPassword), 'Secreta2027');
    await user.click(screen.getByRole('button', { name: es.buttons.save }));
    expect(await screen.findByText(es.profile.passwordChangeFailed)).toBeInTheDocument();
    expect(screen.getByText(es.validation.currentPasswordWrong)).toBeInTheDocument();
  });

  it('signs out with Cerrar sesión and goes home', async () => {
    const { api, router } = renderProfile();
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: es.buttons.billingHistory })).toHaveAttribute(
      'href',
      '/dashboard/profile/billing',
    );
    await user.click(screen.getByRole('button', { name: es.buttons.logout }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
  });
});
