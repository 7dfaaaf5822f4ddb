import { es } from '@l4l/shared/texts/es';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHAT_ID, LAWYER, makeCase } from '../../../test/case-fixtures.ts';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { StartCaseDialog } from './start-case-dialog.tsx';

function renderDialog(routes = {}) {
  const api = mockApi({ 'GET /api/auth/me': () => ok(CLIENT), ...routes });
  const view = renderWithApp(<StartCaseDialog lawyerId={LAWYER.id} />, { consent: 'true' });
  return { api, ...view };
}

describe('StartCaseDialog', () => {
  it('Cuentame tu caso: flags blank fields, shows Por calificar and the approval notice, sends the case and opens the chat', async () => {
    const { api, router } = renderDialog({
      'POST /api/cases/create-case-chat': () =>
        ok({
          case: makeCase({ status: 'PENDIENTE DE VALIDACIÓN', addressedLawyerId: LAWYER.id }),
          chatId: CHAT_ID,
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.tellYourCase }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('Por calificar')).toBeInTheDocument();
    expect(within(dialog).getByText(es.cases.approvalNotice)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(es.cases.titleLabel), '   ');
    await user.click(within(dialog).getByRole('button', { name: es.cases.submit }));
    const title = within(dialog).getByLabelText(es.cases.titleLabel);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    // docs/product.md, Start a case: no text in the dialog, but screen readers hear why
    expect(title).toHaveAccessibleDescription(es.cases.titleRequired);
    expect(within(dialog).getByLabelText(es.cases.descriptionLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/cases/create-case-chat')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(es.cases.titleLabel), 'Herencia');
    await user.type(within(dialog).getByLabelText(es.cases.descriptionLabel), 'Mi padre falleció.');
    await user.click(within(dialog).getByRole('button', { name: es.cases.submit }));
    expect(await screen.findByText(es.cases.created)).toBeInTheDocument();
    expect(api.callsTo('POST /api/cases/create-case-chat')[0]?.body).toEqual({
      lawyerId: LAWYER.id,
      title: 'Herencia',
      description: 'Mi padre falleció.',
    });
    expect(router.state.location.pathname).toBe('/dashboard/chat');
    expect(router.state.location.search).toBe(`?with=${LAWYER.id}`);
  });

  it('says when the case could not be created, and stays open', async () => {
    renderDialog({
      'POST /api/cases/create-case-chat': () => fail(409, 'CONFLICT', es.cases.lawyerUnavailable),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.tellYourCase }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(es.cases.titleLabel), 'Herencia');
    await user.type(within(dialog).getByLabelText(es.cases.descriptionLabel), 'Texto.');
    await user.click(within(dialog).getByRole('button', { name: es.cases.submit }));
    expect(await screen.findByText(es.cases.createFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
