import { readFileSync } from 'node:fs';
import path from 'node:path';
import { invoicesEs } from '@l4l/shared/texts/invoices';
import { expect, test } from '@playwright/test';
import { adminToken, signedInPage } from './support.ts';

/**
 * The invoice journey (docs/invoices.md): a client gives their fiscal data in Mi Perfil, pays a lawyer's
 * proposal in the sandbox, and downloads the lawyer's invoice from 'Facturas'; the lawyer sees the same
 * invoice and the platform's invoice for its fee.
 */
const CLIENT_MAIL = 'cliente4@l4l.demo';
const LAWYER_MAIL = 'lucia.garcia@l4l.demo';
const t = invoicesEs.screens;
const shots = (name: string) => path.join(test.info().outputDir, `${name}.png`);

test('a client with fiscal data pays and downloads the invoice; the lawyer sees it and the fee invoice', async ({
  browser,
}) => {
  // two browsers, a payment and two PDFs read back: more than the default minute on a busy machine
  test.slow();
  const client = await signedInPage(browser, CLIENT_MAIL);
  const lawyer = await signedInPage(browser, LAWYER_MAIL);

  // the client's fiscal data, through the form in Mi Perfil
  await client.goto('/profile');
  await client.getByLabel(t.nif).fill('x-1234567-l');
  await client.getByLabel(t.name).fill('Talleres Ortiz, S.L.');
  await client.getByLabel(t.street).fill('Avenida de la Libertad, 7');
  await client.getByLabel(t.postalCode).fill('30009');
  await client.getByLabel(t.city).fill('Murcia');
  await client.getByLabel(t.province).selectOption('Murcia');
  await client.getByRole('button', { name: t.save }).click();
  await expect(client.getByText(t.saved)).toBeVisible();
  await client.screenshot({ path: shots('fiscal-profile'), fullPage: true });

  // a case of the client's, published, with the lawyer's proposal; paid in the sandbox checkout
  const created = await client.request.post('/api/cases/new-case', {
    data: {
      title: `Impago de una factura (${Date.now()})`,
      description: 'Un cliente no me paga una factura.',
    },
  });
  const caseId = (await created.json()).data.id as string;
  await client.request.post(`/api/admin/cases/${caseId}/approve`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
    data: { category: 'Abogado Civil' },
  });
  const proposal = await lawyer.request.post(`/api/proposal/create-proposal-to-case/${caseId}`, {
    data: { price: 363, message: 'Reclamo el impago por monitorio.' },
  });
  const accepted = await client.request.post(
    `/api/proposal/accept-proposal/${(await proposal.json()).data.id}`,
  );
  await client.goto((await accepted.json()).data as string);
  await client.getByRole('button', { name: 'Pagar' }).click();
  await expect(client).toHaveURL(/\/payment-success$/);

  // 'Facturas': the lawyer's complete invoice to the client, 363 € (300 € + 63 € IVA)
  await client.goto('/dashboard/profile/billing');
  const invoices = client.getByRole('region', { name: t.listTitle });
  const row = invoices.getByRole('row').filter({ hasText: 'Talleres Ortiz, S.L.' });
  await expect(row).toContainText('Completa');
  await expect(row).toContainText('363 €');
  await client.screenshot({ path: shots('client-invoices'), fullPage: true });
  const [download] = await Promise.all([
    client.waitForEvent('download'),
    row.getByRole('link', { name: /Descargar la factura A\d{4}-\d{6}/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^factura-A\d{4}-\d{6}\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await download.saveAs(path.join(test.info().outputDir, 'client-invoice.pdf'));

  // the lawyer: the same invoice, issued in their name, and the platform's fee invoice to them
  await lawyer.goto('/dashboard/profile/billing');
  const lawyerInvoices = lawyer.getByRole('region', { name: t.listTitle });
  await expect(lawyerInvoices.getByRole('row').filter({ hasText: 'Talleres Ortiz, S.L.' })).toContainText(
    '363 €',
  );
  // 10 % of 363 € = 36,30 €, plus 21 % IVA = 43,92 €
  const fee = lawyerInvoices.getByRole('row').filter({ hasText: 'L4L Plataforma Legal' }).first();
  await expect(fee).toContainText('43,92 €');
  await lawyer.screenshot({ path: shots('lawyer-invoices'), fullPage: true });
  await lawyer.goto('/profile');
  await expect(lawyer.getByLabel(t.irpfRate)).toHaveValue('15');
  await expect(lawyer.getByLabel(t.consent)).toBeChecked();
  await lawyer.getByRole('heading', { name: t.fiscalTitle }).scrollIntoViewIfNeeded();
  await lawyer.screenshot({ path: shots('lawyer-fiscal-profile') });
  await lawyer.goto('/dashboard/profile/billing');
  const [feePdf] = await Promise.all([
    lawyer.waitForEvent('download'),
    fee.getByRole('link', { name: /Descargar la factura C\d{4}-\d{6}/ }).click(),
  ]);
  await feePdf.saveAs(path.join(test.info().outputDir, 'fee-invoice.pdf'));

  await client.context().close();
  await lawyer.context().close();
});
