import path from 'node:path';
import { consultationsWebEs as t } from '@l4l/shared/texts/consultations-web';
import { es } from '@l4l/shared/texts/es';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { myId, registerClient, shootBothWidths, signedInPage } from './support.ts';

/**
 * The first consultation (docs/consultations.md): a lawyer opens their week in the sheet, a client books
 * a free one from the lawyer's profile and cancels it, and a paid one goes through the sandbox checkout.
 */
const FREE_LAWYER = 'pilar.gomez@l4l.demo';
const PAID_LAWYER = 'elena.navarro@l4l.demo';

/** The region alone on a phone, to look at it closely (only when SHOTS_DIR asks for screenshots). */
async function shootRegionOnPhone(page: Page, region: Locator, name: string) {
  if (!process.env.SHOTS_DIR) return;
  await page.setViewportSize({ width: 375, height: 812 });
  await region.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}-375-detail.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A signed-in client of their own, registered for this journey. */
async function newClient(page: Page) {
  const client = await registerClient(page.request);
  return signedInPage(page.context().browser()!, client.mail, client.password);
}

/** Every weekday from 08:00 to 20:00, 30-minute slots, by video and phone (through the API). */
async function openWholeWeek(lawyer: Page) {
  const answer = await lawyer.request.put('/api/lawyers/availability', {
    data: {
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '08:00', to: '20:00' })),
      slotMinutes: 30,
      exceptions: [],
      modes: ['video', 'phone'],
    },
  });
  expect(answer.status()).toBe(200);
}

test('a lawyer opens their week; a client books a free first consultation by phone and cancels it', async ({
  page,
}) => {
  // two people, two screens each, and a week edited by hand: longer than most journeys
  test.setTimeout(120_000);
  const lawyer = await signedInPage(page.context().browser()!, FREE_LAWYER);
  const lawyerId = await myId(lawyer);

  // the lawyer's sheet: the availability editor
  await lawyer.goto('/profile');
  const editor = lawyer.getByRole('region', { name: t.availability.title });
  await expect(editor).toBeVisible();
  await editor.getByRole('radio', { name: t.availability.minutes(45) }).check();
  for (const mode of ['video', 'phone'] as const) {
    await editor.getByRole('checkbox', { name: t.modes[mode] }).check();
  }
  // a clean week: the demo's hours and closed days go first
  for (const name of [/^Quitar franja del /, /^Quitar el día cerrado /]) {
    const removers = editor.getByRole('button', { name });
    while ((await removers.count()) > 0) await removers.first().click();
  }
  // two ranges that overlap are refused before they are sent
  for (const day of t.weekdays) {
    await editor.getByRole('button', { name: `${t.availability.addRange}: ${day}` }).click();
  }
  await editor.getByRole('button', { name: `${t.availability.addRange}: ${t.weekdays[0]}` }).click();
  await editor.getByRole('button', { name: t.availability.save }).click();
  await expect(editor.getByText(t.availability.overlap)).toBeVisible();
  // the second Monday range moves to the afternoon
  await editor.getByLabel(`${t.weekdays[0]}: ${t.availability.from}`).nth(1).selectOption('16:00');
  await editor.getByLabel(`${t.weekdays[0]}: ${t.availability.to}`).nth(1).selectOption('19:00');
  await editor.getByRole('button', { name: t.availability.addClosed }).click();
  await editor.getByLabel(t.availability.closedDate).fill('2027-01-06');
  await editor.getByRole('button', { name: t.availability.save }).click();
  await expect(lawyer.getByText(t.availability.saved)).toBeVisible();
  await shootBothWidths(lawyer, 'availability-editor');
  await shootRegionOnPhone(lawyer, editor, 'availability-editor');
  // saved: a reload shows the same week
  await lawyer.reload();
  await expect(editor.getByRole('radio', { name: t.availability.minutes(45) })).toBeChecked();
  await expect(editor.getByRole('button', { name: t.availability.removeRange(t.weekdays[0]) })).toHaveCount(
    2,
  );
  await expect(editor.getByLabel(t.availability.closedDate)).toHaveValue('2027-01-06');

  // the client finds the slot picker on the lawyer's profile
  const client = await newClient(page);
  await client.goto(`/dashboard/abogados/${lawyerId}`);
  const picker = client.getByRole('region', { name: t.booking.title });
  await expect(picker).toBeVisible();
  await expect(picker.getByText(t.booking.free)).toBeVisible();
  const firstSlot = picker.getByRole('group', { name: t.booking.slots }).getByRole('button').first();
  await firstSlot.click();
  await expect(firstSlot).toHaveAttribute('aria-pressed', 'true');
  await picker.getByRole('radio', { name: t.modes.phone }).check();
  await picker.getByLabel(t.booking.note).fill('Quiero revisar un contrato de alquiler.');
  await expect(picker.getByText(/^Has elegido: /)).toBeVisible();
  await shootBothWidths(client, 'slot-picker');
  await shootRegionOnPhone(client, picker, 'slot-picker');
  await picker.getByRole('button', { name: t.booking.book }).click();

  // reserved at once, in 'Mis consultas', with the lawyer's phone
  await expect(client).toHaveURL(/\/dashboard\/consultas$/);
  await expect(client.getByText(t.booking.reserved)).toBeVisible();
  const item = client.getByTestId('consultation-item').first();
  await expect(item).toContainText(t.statuses.RESERVADA ?? '');
  await expect(item).toContainText('Pilar');
  await expect(item).toContainText(t.modes.phone ?? '');
  await expect(item).toContainText('Teléfono del abogado');
  await expect(item).toContainText('Quiero revisar un contrato de alquiler.');
  await shootBothWidths(client, 'mis-consultas-cliente');

  // the lawyer's list has it too
  await lawyer.goto('/dashboard/consultas');
  await expect(lawyer.getByRole('heading', { name: t.list.title })).toBeVisible();
  await expect(
    lawyer.getByTestId('consultation-item').filter({ hasText: 'Marta Ruiz Gómez' }).first(),
  ).toBeVisible();
  await shootBothWidths(lawyer, 'mis-consultas-abogado');

  // the client cancels, after a confirmation
  await item.getByRole('button', { name: t.list.cancel }).click();
  const dialog = client.getByRole('dialog', { name: t.list.cancelTitle });
  await expect(dialog).toBeVisible();
  await shootBothWidths(client, 'cancel-dialog');
  await dialog.getByLabel(t.list.reason).fill('Me ha surgido un imprevisto.');
  await dialog.getByRole('button', { name: t.list.confirmCancel }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toContainText(t.statuses.CANCELADA ?? '');
  await expect(item.getByRole('button', { name: t.list.cancel })).toHaveCount(0);
});

// docs/money.md, First consultations: the same sandbox checkout as a proposal's, reserved once paid
test('a paid first consultation goes through the sandbox checkout and comes back reserved', async ({
  page,
}) => {
  const lawyer = await signedInPage(page.context().browser()!, PAID_LAWYER);
  await openWholeWeek(lawyer);
  const lawyerId = await myId(lawyer);

  const client = await newClient(page);
  // the page the public lawyer page links to: the slot picker first
  await client.goto(`/dashboard/abogados/${lawyerId}/primera-consulta`);
  const picker = client.getByRole('region', { name: t.booking.title });
  await expect(picker.getByText(t.booking.price('45 €'))).toBeVisible();
  await picker.getByRole('group', { name: t.booking.slots }).getByRole('button').first().click();
  await shootBothWidths(client, 'booking-paid');
  const [checkout] = await Promise.all([
    client.context().waitForEvent('page'),
    picker.getByRole('button', { name: t.booking.bookAndPay }).click(),
  ]);
  await checkout.waitForLoadState();
  await expect(checkout.getByRole('heading', { name: es.payment.sandboxTitle })).toBeVisible();
  await expect(checkout.getByText('45 €').first()).toBeVisible();

  // meanwhile 'Mis consultas' holds it as waiting for the payment
  await expect(client).toHaveURL(/\/dashboard\/consultas$/);
  const item = client.getByTestId('consultation-item').first();
  await expect(item).toContainText(t.statuses.PENDIENTE_PAGO ?? '');
  await expect(item.getByRole('button', { name: t.list.pay })).toBeVisible();
  await shootBothWidths(client, 'mis-consultas-pendiente-pago');

  await checkout.getByRole('button', { name: es.payment.sandboxPay }).click();
  await expect(checkout).toHaveURL(/\/payment-success$/);
  await client.reload();
  await expect(item).toContainText(t.statuses.RESERVADA ?? '');
  await expect(item).toContainText('45 €');
  await expect(item.getByRole('link', { name: t.list.enterRoom })).toBeVisible();
  await expect(item.getByRole('button', { name: t.list.pay })).toHaveCount(0);
  await shootBothWidths(client, 'mis-consultas-pagada');
});
