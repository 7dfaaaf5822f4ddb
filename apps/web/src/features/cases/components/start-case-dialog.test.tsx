import { es } from '@l4l/shared/texts/es';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { StartCaseDialog } from './start-case-dialog.tsx';

const ID = '0b6c1f0e-8a3a-4a5b-9d8e-2f3a4b5c6d7e';

function renderDialog(routes = {}) {
  const api = mockApi({ 'GET /api/auth/me': () => ok(CLIENT), ...routes });
  renderWithApp(<StartCaseDialog lawyerId={ID} />, { consent: 'true' });
  return api;
}

describe('StartCaseDialog', () => {
  it('Cuentame tu caso: flags blank fields, shows Por calificar and the approval notice, then sends the case', async () => {
    const api = renderDialog({
      'POST /api/cases/create-case-chat': () => ok({ case: {}, chatId: 'c1' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.tellYourCase }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('Por calificar')).toBeInTheDocument();
    expect(within(dialog).getByText(es.cases.approvalNotice)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(es.lawyerProfile.caseTitle), '   ');
    await user.click(within(dialog).getByRole('button', { name: es.lawyerProfile.sendCase }));
    expect(within(dialog).getByLabelText(es.lawyerProfile.caseTitle)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(es.lawyerProfile.caseDescription)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.callsTo('POST /api/cases/create-case-chat')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(es.lawyerProfile.caseTitle), 'Herencia');
    await user.type(within(dialog).getByLabelText(es.lawyerProfile.caseDescription), 'Mi padre falleció.');
    await user.click(within(dialog).getByRole('button', { name: es.lawyerProfile.sendCase }));
    expect(await screen.findByText(es.cases.created)).toBeInTheDocument();
    expect(api.callsTo('POST /api/cases/create-case-chat')[0]?.body).toEqual({
      lawyerId: ID,
      title: 'Herencia',
      description: 'Mi padre falleció.',
    });
  });

  it('says when the case could not be created', async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.tellYourCase }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(es.lawyerProfile.caseTitle), 'Herencia');
    await user.type(within(dialog).getByLabelText(es.lawyerProfile.caseDescription), 'Texto.');
    await user.click(within(dialog).getByRole('button', { name: es.lawyerProfile.sendCase }));
    expect(await screen.findByText(es.cases.createFailed)).toBeInTheDocument();
  });
});
