import { invoicesEs } from '@l4l/shared/texts/invoices';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, json, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { FiscalProfileForm } from './fiscal-profile-form.tsx';
import { InvoiceBookLink } from './invoice-book-link.tsx';
import { InvoicesList } from './invoices-list.tsx';

const t = invoicesEs.screens;
const INVOICE = {
  id: '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b001',
  series: 'A2026',
  number: 7,
  type: 'F2',
  issuedAt: '2026-11-25T10:30:00.000Z',
  issuer: { nif: '12345678Z', name: 'Lucía García Fernández' },
  recipient: { name: 'Ana Ortiz Campos' },
  lines: [{ description: 'Servicios jurídicos del caso #1A2B3C4D: Fianza', base: 100 }],
  base: 100,
  vatRate: 21,
  vat: 21,
  irpfRate: 0,
  irpf: 0,
  total: 121,
  caseId: '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b002',
  consultationId: null,
  verifactu: { huella: 'A'.repeat(64), generatedAt: '2026-11-25T11:30:02+01:00', qrUrl: 'https://x/?nif=1' },
};

describe('Facturas', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists an invoice with its number, parties, total and the link to its PDF', async () => {
    mockApi({
      'GET /api/auth/me': () => ok(CLIENT),
      'GET /api/invoices': () => json(200, { data: [INVOICE], meta: { total: 1, page: 1, pageSize: 20 } }),
    });
    renderWithApp(<InvoicesList />, { consent: 'true' });
    const table = await screen.findByRole('table');
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual([
      '25/11/2026',
      'A2026-000007Simplificada',
      'Lucía García Fernández→ Ana Ortiz Campos',
      '121 €',
    ]);
    expect(screen.getByRole('link', { name: t.downloadLabel('A2026-000007') })).toHaveAttribute(
      'href',
      `/api/invoices/${INVOICE.id}/pdf`,
    );
  });

  it('sends the fiscal data and shows the message the server gives for a wrong NIF', async () => {
    const api = mockApi({
      'GET /api/auth/me': () => ok(CLIENT),
      'GET /api/billing/fiscal-profile': () => ok(null),
      'PUT /api/billing/fiscal-profile': () =>
        fail(400, 'VALIDATION_ERROR', 'x', { fields: { nif: invoicesEs.fiscalId.dniLetter } }),
    });
    renderWithApp(<FiscalProfileForm lawyer={false} />, { consent: 'true' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(t.nif), '12345678A');
    await user.type(screen.getByLabelText(t.name), 'Ana Ortiz Campos');
    await user.type(screen.getByLabelText(t.street), 'Calle de Alcalá, 120');
    await user.type(screen.getByLabelText(t.postalCode), '28009');
    await user.type(screen.getByLabelText(t.city), 'Madrid');
    await user.selectOptions(screen.getByLabelText(t.province), 'Madrid');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(invoicesEs.fiscalId.dniLetter)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/billing/fiscal-profile')[0]?.body).toEqual({
      nif: '12345678A',
      name: 'Ana Ortiz Campos',
      address: { street: 'Calle de Alcalá, 120', postalCode: '28009', city: 'Madrid', province: 'Madrid' },
      isBusiness: false,
    });
  });

  it("downloads the administrator's book of issued invoices as CSV", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:book');
    URL.revokeObjectURL = vi.fn();
    const api = mockApi({
      'GET /api/auth/me': () => ok(CLIENT),
      'GET /api/admin/invoices': () =>
        new Response('"NumSerieFactura"\r\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="libro.csv"' },
        }),
    });
    renderWithApp(<InvoiceBookLink />, { consent: 'true' });
    await userEvent.setup().click(screen.getByRole('link', { name: t.book }));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(api.callsTo('GET /api/admin/invoices')[0]?.query.get('format')).toBe('csv');
  });
});
