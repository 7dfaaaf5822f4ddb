import { es } from '@l4l/shared/texts/es';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, json, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { BillingHistory } from './billing-history.tsx';

const ROW = {
  id: '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b001',
  fecha: '2024-03-07T10:30:00.000Z',
  caseCode: '1A2B3C4D',
  coinType: 'EUR',
  precioBruto: 1234.5,
  receiptUrl: '/api/transaccion/receipt/0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b001',
};
const userPath = `GET /api/transaccion/getUserTransaccion/${CLIENT.id}`;
const lawyerPath = `GET /api/transaccion/getLawyerTransaccion/${CLIENT.id}`;
const page = (rows: unknown[], meta = { total: rows.length, page: 1, pageSize: 20 }) =>
  json(200, { data: rows, meta });

function renderHistory(routes: Parameters<typeof mockApi>[0], role: 'USUARIO' | 'ABOGADO' = 'USUARIO') {
  const api = mockApi({ 'GET /api/auth/me': () => ok(CLIENT), ...routes });
  renderWithApp(<BillingHistory userId={CLIENT.id} role={role} />, { consent: 'true' });
  return api;
}

describe('BillingHistory', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the billing columns and a row with the date d/M/y, the code and euros as 1.234,50 €', async () => {
    renderHistory({ [userPath]: () => page([ROW]) });
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: es.billing.subtitle })).toBeInTheDocument();
    expect(screen.getByText(es.billing.title)).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(0, 4)).toEqual(['Fecha', 'Código del caso', 'Moneda', 'Total']);
    const [, row] = within(table).getAllByRole('row');
    expect(row).toBeDefined();
    const cells = within(row as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['7/3/2024', '#1A2B3C4D', 'EUR', '1.234,50 €']);
    expect(screen.getByRole('link', { name: es.billing.downloadReceipt('1A2B3C4D') })).toHaveAttribute(
      'href',
      ROW.receiptUrl,
    );
    expect(screen.getByRole('link', { name: es.billing.back })).toHaveAttribute('href', '/profile');
  });

  it("says 'No hay datos disponibles' when there are no payments", async () => {
    renderHistory({ [userPath]: () => page([]) });
    expect(await screen.findByText(es.billing.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("asks the lawyer's history for a lawyer", async () => {
    const api = renderHistory({ [lawyerPath]: () => page([{ ...ROW, precioBruto: 90 }]) }, 'ABOGADO');
    expect(await screen.findByText('90 €')).toBeInTheDocument();
    expect(api.callsTo(lawyerPath)).toHaveLength(1);
    expect(api.callsTo(userPath)).toHaveLength(0);
  });

  it('says when the history could not be loaded, and retries', async () => {
    let calls = 0;
    renderHistory({ [userPath]: () => (++calls === 1 ? fail(403, 'FORBIDDEN', 'x') : page([ROW])) });
    expect(await screen.findByText(es.billing.loadError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: es.billing.retry }));
    expect(await screen.findByText('1.234,50 €')).toBeInTheDocument();
  });

  it('pages through a long history', async () => {
    const api = renderHistory({
      [userPath]: (call) =>
        page([{ ...ROW, caseCode: `PAGE${call.query.get('page')}` }], {
          total: 45,
          page: Number(call.query.get('page')),
          pageSize: 20,
        }),
    });
    expect(await screen.findByText('#PAGE1')).toBeInTheDocument();
    expect(screen.getByText(es.dashboard.pageOf(1, 3))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: es.dashboard.previousPage })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: es.dashboard.nextPage }));
    expect(await screen.findByText('#PAGE2')).toBeInTheDocument();
    expect(api.callsTo(userPath).map((call) => call.query.get('page'))).toEqual(['1', '2']);
  });

  it('downloads the receipt through fetch and an object URL', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = renderHistory({
      [userPath]: () => page([ROW]),
      [`GET ${ROW.receiptUrl}`]: () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="justificante-1A2B3C4D-0f8b1c7e.pdf"',
          },
        }),
    });
    await userEvent.click(await screen.findByRole('link', { name: es.billing.downloadReceipt('1A2B3C4D') }));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(api.callsTo(`GET ${ROW.receiptUrl}`)).toHaveLength(1);
    const saved = click.mock.contexts.find((anchor) => (anchor as HTMLAnchorElement).href === 'blob:receipt');
    expect((saved as HTMLAnchorElement).download).toBe('justificante-1A2B3C4D-0f8b1c7e.pdf');
  });

  it('says so when a receipt cannot be downloaded', async () => {
    renderHistory({
      [userPath]: () => page([ROW]),
      [`GET ${ROW.receiptUrl}`]: () => fail(404, 'NOT_FOUND', 'No encontrado'),
    });
    await userEvent.click(await screen.findByRole('link', { name: es.billing.downloadReceipt('1A2B3C4D') }));
    expect(await screen.findByText(es.billing.receiptError)).toBeInTheDocument();
  });
});
