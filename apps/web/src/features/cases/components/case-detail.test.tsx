import { CASE_STEPS } from '@l4l/shared/constants/cases';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CASE_ID, CHAT_ID, LAWYER, makeCase } from '../../../test/case-fixtures.ts';
import { fail, hang, mockApi, ok, type Route } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { CaseDetail } from './case-detail.tsx';

const CASE_URL = `GET /api/cases/user/case/${CASE_ID}`;

function renderDetail(
  viewer: typeof CLIENT,
  routes: Record<string, Route>,
  options: { caseId?: string | null; ratingSlot?: Parameters<typeof CaseDetail>[0]['ratingSlot'] } = {},
) {
  const api = mockApi({ 'GET /api/auth/me': () => ok(viewer), ...routes });
  const view = renderWithApp(
    <CaseDetail
      caseId={options.caseId === undefined ? CASE_ID : options.caseId}
      viewer={viewer}
      ratingSlot={options.ratingSlot}
    />,
    { path: '/dashboard/casos/:caseId', at: `/dashboard/casos/${CASE_ID}`, consent: 'true' },
  );
  return { api, ...view };
}

function fieldValue(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

/** What a case has before a lawyer takes it: no lawyer, price or chat. */
const BEFORE_ANY_LAWYER = {
  lawyerId: null,
  lawyerAssigned: null,
  assignationDate: null,
  casePrice: null,
  chatId: null,
  chatWith: null,
} as const;

describe('CaseDetail', () => {
  it("shows an administrator (from the console's Pagos) the case read only, without 'Ir al Chat'", async () => {
    renderDetail(
      { ...CLIENT, id: 'admin-1', role: 'ADMIN' },
      {
        [CASE_URL]: () => ok(makeCase({ progressStep: 4 })),
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: '/ Caso #9F1E2D3C' })).toBeInTheDocument();
    expect(fieldValue(es.caseDetail.status)).toBe('ACTIVO');
    expect(screen.queryByRole('link', { name: es.buttons.goToChatCase })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.buttons.goToChatCase })).not.toBeInTheDocument();
  });

  it("shows '/ Caso #CODE', 'Ir al Chat', every field of the left panel and the timeline", async () => {
    renderDetail(CLIENT, { [CASE_URL]: () => ok(makeCase({ progressStep: 4 })) });
    expect(await screen.findByRole('heading', { level: 1, name: '/ Caso #9F1E2D3C' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: es.buttons.goToChatCase })).toHaveAttribute(
      'href',
      `/dashboard/chat?with=${LAWYER.id}`,
    );
    expect(screen.getByRole('button', { name: es.buttons.back })).toBeInTheDocument();
    expect(fieldValue(es.caseDetail.status)).toBe('ACTIVO');
    expect(fieldValue(es.caseDetail.category)).toBe('Sucesiones y testamentos');
    expect(fieldValue(es.caseDetail.creationDate)).toBe('7/3/2026');
    expect(fieldValue(es.caseDetail.assignationDate)).toBe('9/3/2026');
    expect(fieldValue(es.caseDetail.lawyer)).toBe('Lucía García López');
    expect(fieldValue(es.caseDetail.finishDate)).toBe(es.caseDetail.noFinishDate);
    expect(fieldValue(es.caseDetail.price)).toBe('450,50 €');
    expect(fieldValue(es.caseDetail.description)).toBe(
      'Mi padre falleció sin testamento y somos tres hermanos.',
    );
    const timeline = screen.getByRole('list', { name: es.caseDetail.timelineTitle });
    expect(within(timeline).getAllByRole('listitem')[4]).toHaveAttribute('aria-current', 'step');
    // a client sees no lawyer controls
    expect(screen.queryByRole('button', { name: es.buttons.requestClosure })).not.toBeInTheDocument();
  });

  it('uses the defaults of an unassigned case', async () => {
    renderDetail(CLIENT, {
      [CASE_URL]: () =>
        ok(
          makeCase({
            status: 'PENDIENTE DE VALIDACIÓN',
            progressStep: 0,
            description: '  ',
            ...BEFORE_ANY_LAWYER,
          }),
        ),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(fieldValue(es.caseDetail.assignationDate)).toBe(es.caseDetail.unassigned);
    expect(fieldValue(es.caseDetail.lawyer)).toBe(es.caseDetail.unassigned);
    expect(fieldValue(es.caseDetail.description)).toBe(es.caseDetail.noDescription);
    expect(screen.getByRole('button', { name: es.buttons.goToChatCase })).toBeDisabled();
  });

  it('shows a discarded case with its reason and a timeline that ends in Descartado', async () => {
    const reason = 'Caso duplicado: ya tienes abierto un caso con la misma consulta.';
    renderDetail(CLIENT, {
      [CASE_URL]: () =>
        ok(
          makeCase({
            status: 'DESCARTADO',
            progressStep: 0,
            ...BEFORE_ANY_LAWYER,
            discardReason: reason,
          }),
        ),
    });
    const notice = await screen.findByRole('region', { name: es.caseDetail.discardedTitle });
    expect(notice).toHaveTextContent(`${es.caseDetail.discardReason}: ${reason}`);
    expect(within(notice).getByRole('link', { name: es.nav.startCase })).toHaveAttribute(
      'href',
      '/dashboard/begincase',
    );
    const steps = within(screen.getByRole('list', { name: es.caseDetail.timelineTitle })).getAllByRole(
      'listitem',
    );
    expect(steps).toHaveLength(2);
    expect(steps.at(-1)).toHaveAttribute('aria-current', 'step');
    expect(steps.at(-1)).toHaveTextContent(es.caseDetail.discardedStep);
    expect(steps[0]).not.toHaveAttribute('aria-current');
  });

  it('says so when a discarded case came without a reason', async () => {
    renderDetail(CLIENT, {
      [CASE_URL]: () => ok(makeCase({ status: 'DESCARTADO', progressStep: 0, discardReason: null })),
    });
    const notice = await screen.findByRole('region', { name: es.caseDetail.discardedTitle });
    expect(notice).toHaveTextContent(es.caseDetail.noDiscardReason);
  });

  it('shows the loading, not-found, error and no-id texts', { timeout: 10_000 }, async () => {
    const loading = renderDetail(CLIENT, { [CASE_URL]: hang });
    expect(await screen.findAllByText(es.caseDetail.loading)).not.toHaveLength(0);
    loading.unmount();
    const missing = renderDetail(CLIENT, { [CASE_URL]: () => fail(404, 'NOT_FOUND', es.cases.notFound) });
    expect(await screen.findByText(es.caseDetail.notFound)).toBeInTheDocument();
    missing.unmount();
    const noId = renderDetail(CLIENT, {}, { caseId: null });
    expect(await screen.findByText(es.cases.noCaseId)).toBeInTheDocument();
    noId.unmount();
    renderDetail(CLIENT, { [CASE_URL]: () => fail(500, 'INTERNAL_ERROR', 'x') });
    expect(await screen.findByText(es.caseDetail.loadError, {}, { timeout: 6000 })).toBeInTheDocument();
  });

  it("lets the case's lawyer move an ACTIVO case forward (3–6 only) and request the closure", async () => {
    let current = makeCase({ progressStep: 2, chatWith: CLIENT.id });
    const { api } = renderDetail(LAWYER, {
      [CASE_URL]: () => ok(current),
      [`PUT /api/cases/${CASE_ID}/progress`]: (call) => {
        current = { ...current, progressStep: (call.body as { progressStep: number }).progressStep };
        return ok(current);
      },
      [`POST /api/cases/close-case/${CASE_ID}`]: () => {
        current = { ...current, closureRequested: true };
        return ok(current);
      },
    });
    const user = userEvent.setup();
    const next = await screen.findByLabelText(es.caseDetail.nextStep);
    expect(
      within(next)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(CASE_STEPS.slice(3, 7));
    await user.selectOptions(next, '4');
    await user.click(screen.getByRole('button', { name: es.caseDetail.advance }));
    expect(await screen.findByText(es.cases.progressSaved)).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/cases/${CASE_ID}/progress`)[0]?.body).toEqual({ progressStep: 4 });
    await waitFor(() => expect(screen.getAllByRole('listitem')[4]).toHaveAttribute('aria-current', 'step'));
    // forward only: the steps already reached are no longer offered
    expect(
      within(screen.getByLabelText(es.caseDetail.nextStep))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(CASE_STEPS.slice(5, 7));

    await user.click(screen.getByRole('button', { name: es.buttons.requestClosure }));
    expect(await screen.findByText(es.cases.closureRequestSent)).toBeInTheDocument();
    expect(await screen.findByText(es.caseDetail.closureWaiting)).toBeInTheDocument();
  });

  it('shows no controls to a lawyer who is not the case’s lawyer', async () => {
    renderDetail(
      { ...LAWYER, id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b' },
      { [CASE_URL]: () => ok(makeCase()) },
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByLabelText(es.caseDetail.nextStep)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.buttons.requestClosure })).not.toBeInTheDocument();
  });

  it("lets the client confirm a requested closure ('Cerrando...' while busy)", async () => {
    let release: (value: Response) => void = () => {};
    const { api } = renderDetail(CLIENT, {
      [CASE_URL]: () => ok(makeCase({ closureRequested: true })),
      [`POST /api/cases/confirm-close-case/${CASE_ID}/${CHAT_ID}`]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText(es.caseDetail.closureQuestion)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: es.caseDetail.confirmClosure }));
    // asked first, saying that the lawyer will be paid; nothing is sent until the client says yes
    const asked = await screen.findByRole('dialog', { name: es.caseDetail.confirmClosureTitle });
    expect(asked).toHaveAccessibleDescription(es.caseDetail.confirmClosureText);
    expect(api.callsTo(`POST /api/cases/confirm-close-case/${CASE_ID}/${CHAT_ID}`)).toHaveLength(0);
    await user.click(within(asked).getByRole('button', { name: es.caseDetail.confirmClosureYes }));
    expect(await screen.findByRole('button', { name: es.cases.closing })).toBeDisabled();
    expect(screen.getByRole('button', { name: es.caseDetail.cancelClosure })).toBeDisabled();
    release(ok(makeCase({ status: 'FINALIZADO', progressStep: 7, finishDate: '2026-04-01T10:00:00.000Z' })));
    const closed = await screen.findByText(es.cases.closed);
    // good news looks like good news (docs/product.md, Messages)
    expect(closed.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'success');
    expect(api.callsTo(`POST /api/cases/confirm-close-case/${CASE_ID}/${CHAT_ID}`)).toHaveLength(1);
    await waitFor(() => expect(fieldValue(es.caseDetail.finishDate)).toBe('1/4/2026'));
    expect(screen.queryByText(es.caseDetail.closureQuestion)).not.toBeInTheDocument();
  });

  it('lets the client correct a case waiting for validation, or withdraw it after confirming', async () => {
    const waiting = { ...BEFORE_ANY_LAWYER, status: 'PENDIENTE DE VALIDACIÓN' as const, progressStep: 0 };
    const { api } = renderDetail(CLIENT, {
      [CASE_URL]: () => ok(makeCase({ ...waiting, title: 'Fianza', description: 'No me la devuelven.' })),
      [`PUT /api/cases/${CASE_ID}`]: () =>
        ok(makeCase({ ...waiting, title: 'Fianza del piso', description: 'No me la devuelven.' })),
      [`POST /api/cases/${CASE_ID}/withdraw`]: () =>
        ok(makeCase({ ...waiting, status: 'DESCARTADO', discardReason: es.cases.withdrawnReason })),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.caseDetail.edit }));
    const dialog = await screen.findByRole('dialog', { name: es.caseDetail.editTitle });
    // the form loads when 'Editar caso' is about to be used (pending-case-actions.tsx)
    const title = await within(dialog).findByLabelText(es.cases.titleLabel);
    expect(title).toHaveValue('Fianza');
    await user.clear(title);
    await user.type(title, 'Fianza del piso');
    await user.click(within(dialog).getByRole('button', { name: es.buttons.saveChanges }));
    expect(await screen.findByText(es.caseDetail.edited)).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/cases/${CASE_ID}`)[0]?.body).toEqual({
      title: 'Fianza del piso',
      description: 'No me la devuelven.',
    });
    expect(await screen.findByText('Fianza del piso')).toBeInTheDocument();

    // withdrawing asks first; 'No, mantenerlo' sends nothing
    await user.click(screen.getByRole('button', { name: es.caseDetail.withdraw }));
    const ask = await screen.findByRole('dialog', { name: es.caseDetail.withdrawTitle });
    await user.click(within(ask).getByRole('button', { name: es.caseDetail.keep }));
    expect(api.callsTo(`POST /api/cases/${CASE_ID}/withdraw`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: es.caseDetail.withdraw }));
    const again = await screen.findByRole('dialog', { name: es.caseDetail.withdrawTitle });
    await user.click(within(again).getByRole('button', { name: es.caseDetail.withdrawConfirm }));
    expect(await screen.findByText(es.caseDetail.withdrawn)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/cases/${CASE_ID}/withdraw`)).toHaveLength(1);
    expect(await screen.findByText(es.cases.withdrawnReason)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.caseDetail.edit })).not.toBeInTheDocument();
  });

  it('lets the client keep the case open, and says why a closure failed', async () => {
    renderDetail(CLIENT, {
      [CASE_URL]: () => ok(makeCase({ closureRequested: true })),
      [`POST /api/cases/discard-close-case/${CASE_ID}`]: () => ok(makeCase({ closureRequested: false })),
      [`POST /api/cases/confirm-close-case/${CASE_ID}/${CHAT_ID}`]: () =>
        fail(409, 'INVALID_TRANSITION', es.cases.closureNotRequested),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.caseDetail.confirmClosure }));
    await user.click(await screen.findByRole('button', { name: es.caseDetail.confirmClosureYes }));
    expect(await screen.findByText(es.cases.closureNotRequested)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: es.caseDetail.cancelClosure }));
    expect(await screen.findByText(es.cases.closureDiscarded)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(es.caseDetail.closureQuestion)).not.toBeInTheDocument());
  });

  it("gives a finished case's client the rating slot, with the case", async () => {
    renderDetail(
      CLIENT,
      { [CASE_URL]: () => ok(makeCase({ status: 'FINALIZADO', progressStep: 7, ratingId: CHAT_ID })) },
      { ratingSlot: (item) => <p>{item.ratingId ? 'valorado' : 'valorar'}</p> },
    );
    expect(await screen.findByText('valorado')).toBeInTheDocument();
  });
});
