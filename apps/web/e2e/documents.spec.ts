import { readFileSync } from 'node:fs';
import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import { myId, pickDemoAvatar, shootBothWidths as shoot, signedInPage } from './support.ts';

/**
 * Case documents in the chat: Ana (cliente1) and Álvaro share an ACTIVO case. The client attaches a PDF
 * in the chat and sees its progress bar; the lawyer, with the chat open, sees it arrive live and
 * downloads the same bytes; the client then sees 'Leído'. The case page lists the case's documents.
 */
const CLIENT_MAIL = 'cliente1@l4l.demo';
const LAWYER_MAIL = 'alvaro.fernandez@l4l.demo';

/** A small valid PDF (a few hundred KB of comment so the upload takes a moment), made here. */
function pdf(): Buffer {
  const filler = `% ${'relleno '.repeat(40_000)}\n`;
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n${filler}trailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

test('a client attaches a PDF in the chat with a progress bar; the lawyer downloads the same bytes; the client sees Leído', async ({
  browser,
}) => {
  // two browsers, an upload and a download: more than the default minute on a busy machine
  test.setTimeout(420_000);
  const client = await signedInPage(browser, CLIENT_MAIL);
  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  const clientId = await myId(client);
  const lawyerId = await myId(lawyer);

  // the first screens of a fresh server on a busy machine may take longer than the usual 10 s
  const loaded = { timeout: 45_000 };
  await lawyer.goto(`/dashboard/chat?with=${clientId}`);
  await expect(lawyer.getByRole('log')).toBeVisible(loaded);
  await client.goto(`/dashboard/chat?with=${lawyerId}`);
  await expect(client.getByRole('log')).toBeVisible(loaded);
  await expect(client.getByTestId('chat-document-input')).toBeAttached(loaded);

  // the upload is held a moment on its way, so its bar is there to see
  await client.route('**/api/cases/*/documents', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const file = pdf();
  // a name of its own per attempt: a retry finds the first attempt's document in the same chat
  const name = `Nómina de marzo ${test.info().retry + 1}.pdf`;
  await client.getByTestId('chat-document-input').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: file,
  });
  const progress = client.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect(progress.getByRole('button', { name: es.documents.cancel })).toBeVisible();
  await shoot(client, 'chat-upload-progress');
  await expect(progress).toBeHidden({ timeout: 20_000 });

  // live on the lawyer's side, with its download
  const bubble = lawyer.getByRole('log').getByText(name, { exact: true }).first();
  await expect(bubble).toBeVisible(loaded);
  const [download] = await Promise.all([
    lawyer.waitForEvent('download'),
    lawyer
      .getByRole('log')
      .getByRole('link', { name: `Descargar ${name}` })
      .last()
      .click(),
  ]);
  const saved = await download.path();
  expect(readFileSync(saved).equals(file)).toBe(true);

  // the lawyer had the chat open: the client sees it read
  await expect(client.getByTestId('read-receipt').last()).toContainText(es.chat.read, loaded);
  await shoot(client, 'chat-document-read');
  await shoot(lawyer, 'chat-document-lawyer');

  // the case page lists it, with who sent it
  const cases = await (await client.request.get(`/api/cases/user/${clientId}?status=ACTIVO`)).json();
  const theCase = (cases.data as Array<{ id: string; title: string }>).find((c) =>
    /cláusula suelo/.test(c.title),
  );
  expect(theCase).toBeDefined();
  await client.goto(`/dashboard/casos/${theCase?.id}`);
  const panel = client.getByTestId('case-documents');
  await expect(panel.getByRole('heading', { name: es.documents.title })).toBeVisible(loaded);
  await expect(panel.getByText(name, { exact: true }).first()).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shoot(client, 'case-documents');
});

test('a file dropped on the conversation and an avatar being saved show the same progress bar with a cancel', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const client = await signedInPage(browser, CLIENT_MAIL);
  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  const lawyerId = await myId(lawyer);
  await lawyer.close();
  const loaded = { timeout: 45_000 };

  // each upload waits at the door until the test has looked at its bar
  let openDocument!: () => void;
  const documentGate = new Promise<void>((resolve) => {
    openDocument = resolve;
  });
  await client.route('**/api/cases/*/documents', async (route) => {
    if (route.request().method() === 'POST') await documentGate;
    await route.continue().catch(() => {});
  });

  await client.goto(`/dashboard/chat?with=${lawyerId}`);
  await expect(client.getByRole('log')).toBeVisible(loaded);
  await expect(client.getByTestId('chat-document-input')).toBeAttached(loaded);
  const name = `Poder notarial ${test.info().retry + 1}.pdf`;
  const dataTransfer = await client.evaluateHandle((fileName) => {
    const transfer = new DataTransfer();
    const bytes =
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
    transfer.items.add(new File([bytes], fileName, { type: 'application/pdf' }));
    return transfer;
  }, name);
  const conversation = client.getByTestId('chat-conversation');
  await conversation.dispatchEvent('dragover', { dataTransfer });
  await expect(client.getByText(es.chat.dropFile)).toBeVisible();
  await shoot(client, 'chat-drop-hint');
  await conversation.dispatchEvent('drop', { dataTransfer });
  const progress = client.getByTestId('upload-progress');
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect(progress).toContainText(name);
  openDocument();
  await expect(progress).toBeHidden({ timeout: 20_000 });
  await expect(client.getByRole('log').getByText(name, { exact: true }).first()).toBeVisible(loaded);

  // the avatar: its upload shows the bar; cancelled, the editor stays open and nothing changes
  let openAvatar!: () => void;
  const avatarGate = new Promise<void>((resolve) => {
    openAvatar = resolve;
  });
  let avatarPosts = 0;
  await client.route('**/api/user/profile/photo', async (route) => {
    avatarPosts++;
    await avatarGate;
    await route.continue().catch(() => {});
  });
  const photoUrl = async () => (await (await client.request.get('/api/auth/me')).json()).data.photoUrl;
  const before = await photoUrl();
  await client.goto('/profile');
  await client.getByRole('button', { name: es.lawyerProfile.editPhoto }).click();
  const editor = client.getByRole('dialog', { name: es.profile.avatarTitle });
  await pickDemoAvatar(editor);
  await editor.getByRole('button', { name: es.profile.avatarSave }).click();
  const avatarProgress = editor.getByTestId('upload-progress');
  await expect(avatarProgress.getByRole('progressbar')).toBeVisible();
  await shoot(client, 'avatar-upload-progress');
  await avatarProgress.getByRole('button', { name: es.documents.cancel }).click();
  await expect(client.getByText(es.documents.cancelled)).toBeVisible();
  await expect(avatarProgress).toBeHidden();
  await expect(editor).toBeVisible();
  openAvatar();
  expect(avatarPosts).toBe(1);
  await client.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  expect(await photoUrl()).toBe(before);
});
