import { es } from '@l4l/shared/texts/es';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { documentsWorld, multipart } from '../../../test/documents.ts';
import {
  bearer,
  createLawyer,
  createUser,
  DEFAULT_PASSWORD,
  login,
  signIn,
  uniqueMail,
} from '../../../test/factories.ts';
import { pdf } from '../../../test/zip.ts';
import {
  auditLog,
  cases,
  chats,
  invoices,
  lawyerProfiles,
  proposals,
  sessions,
  users,
} from '../../db/schema/index.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Headers = { authorization: string };

/**
 * docs/domain.md, Privacy rights: the export (a ZIP with datos.json and the caller's own files, never
 * another person's) and the erasure (password, the 409 rules, what goes and what the law keeps).
 */
describe('privacy rights', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof documentsWorld>>;
  let documentId: string;
  const documentBytes = pdf('Contrato de Lucía para la exportación');

  const exportOf = (headers: Headers | Record<string, never>) =>
    t.app.inject({ method: 'GET', url: '/api/me/export', headers });
  const erase = (headers: Headers, payload: object) =>
    t.app.inject({ method: 'DELETE', url: '/api/me', headers, payload });
  const unzip = (body: Buffer) => {
    const files = unzipSync(new Uint8Array(body));
    const json = JSON.parse(new TextDecoder().decode(files['datos.json']));
    return { files, json, text: new TextDecoder().decode(files['datos.json']) };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    w = await documentsWorld(t);
    const body = await multipart(documentBytes, 'Contrato.pdf');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/cases/${w.caseId}/documents`,
      headers: { ...w.asClient, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    documentId = uploaded.json().data.id;
  }, 120_000);
  afterAll(async () => t?.close());

  describe('GET /api/me/export', () => {
    it('refuses a caller without a session', async () => {
      expect((await exportOf({})).statusCode).toBe(401);
    });

    it('answers a ZIP with datos.json, the documents the caller uploaded and their invoices', async () => {
      const res = await exportOf(w.asClient);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const today = new Date().toISOString().slice(0, 10);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="l4l-mis-datos-${today}.zip"`);
      const { files, json } = unzip(res.rawPayload);
      expect(json.profile).toMatchObject({ id: w.client.id, mail: w.client.mail });
      expect(json.cases.map((c: { id: string }) => c.id)).toEqual(
        expect.arrayContaining([w.caseId, w.openCaseId]),
      );
      expect(json.payments).toHaveLength(1);
      expect(json.invoices.length).toBeGreaterThan(0);
      expect(json.chats[0].messages.length).toBeGreaterThan(0);
      expect(json.documents).toEqual([expect.objectContaining({ id: documentId, name: 'Contrato.pdf' })]);
      // the document is opened from its seal: the bytes the client uploaded
      const documentPath = `archivos/documentos/${documentId}-Contrato.pdf`;
      expect(Buffer.from(files[documentPath] as Uint8Array).equals(documentBytes)).toBe(true);
      const invoicePdfs = Object.keys(files).filter((path) => path.startsWith('archivos/facturas/'));
      expect(invoicePdfs).toHaveLength(json.invoices.length);
      expect(
        Buffer.from(files[invoicePdfs[0] as string] as Uint8Array)
          .subarray(0, 4)
          .toString(),
      ).toBe('%PDF');
      expect(json.files).toEqual(expect.arrayContaining([documentPath, ...invoicePdfs]));
      expect(json.unavailableFiles).toBeUndefined();
      // never a secret of the account
      expect(JSON.stringify(json)).not.toMatch(/passwordHash|totpSecret|wrappedKey|argon2/);
    });

    it('holds nothing of another person: not their cases, chats, documents or mail', async () => {
      const stranger = await createUser(t.app, { mail: uniqueMail('ajena') });
      const strangerHeaders = bearer(await signIn(t.app, stranger));
      const theirs = await t.app.inject({
        method: 'POST',
        url: '/api/cases/new-case',
        headers: strangerHeaders,
        payload: { title: 'Herencia de la tía Reme', description: 'Un asunto de la persona ajena.' },
      });
      expect(theirs.statusCode, theirs.body).toBe(200);
      const res = await exportOf(w.asClient);
      const { files, text } = unzip(res.rawPayload);
      expect(text).not.toContain(stranger.mail);
      expect(text).not.toContain(stranger.id);
      expect(text).not.toContain('Herencia de la tía Reme');
      // and the stranger's own export has nothing of the client's
      const own = unzip((await exportOf(strangerHeaders)).rawPayload);
      expect(own.text).not.toContain(w.client.mail);
      expect(own.json.documents).toEqual([]);
      expect(Object.keys(own.files)).toEqual(['datos.json']);
      expect(Object.keys(files).length).toBeGreaterThan(1);
    });

    it('gives the lawyer their chats and sheet, and none of the documents the client uploaded', async () => {
      const res = await exportOf(w.asLawyer);
      const { json } = unzip(res.rawPayload);
      const [rows] = await Promise.all([
        t.app.db.select({ id: chats.id }).from(chats).where(eq(chats.lawyerId, w.lawyer.id)),
      ]);
      expect(json.chats.map((c: { id: string }) => c.id)).toEqual(rows.map((row) => row.id));
      expect(json.lawyerSheet).not.toBeNull();
      expect(json.documents).toEqual([]);
    });

    it('is limited to a few exports an hour per person (429)', async () => {
      const person = await createUser(t.app);
      const headers = bearer(await signIn(t.app, person));
      const answers: number[] = [];
      for (let i = 0; i < 6; i += 1) answers.push((await exportOf(headers)).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe('DELETE /api/me', () => {
    it('asks for the password: missing is 400, wrong is 401, both in Spanish', async () => {
      const missing = await erase(w.asClient, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toBe(es.validation.required);
      const wrong = await erase(w.asClient, { password: 'no-es-la-mía' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe(es.validation.currentPasswordWrong);
    });

    it('is refused (409) while the person has an ACTIVO case, with the reason', async () => {
      for (const headers of [w.asClient, w.asLawyer]) {
        const res = await erase(headers, { password: DEFAULT_PASSWORD });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(es.privacy.activeCase);
      }
    });

    it('refuses an account that signs in with Google only, telling it how to set a password', async () => {
      const person = await createUser(t.app);
      await t.app.db
        .update(users)
        .set({ passwordHash: null, googleSub: 'google-123' })
        .where(eq(users.id, person.id));
      const res = await erase(bearer(await signIn(t.app, person)), { password: 'cualquiera' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(es.privacy.noPassword);
    });

    it('erases a client: sessions end, login is impossible, the mail is free, open cases are discarded', async () => {
      const mail = uniqueMail('se-va');
      const person = await createUser(t.app, { mail });
      const token = await signIn(t.app, person);
      const headers = bearer(token);
      const published = await t.app.inject({
        method: 'POST',
        url: '/api/cases/new-case',
        headers,
        payload: { title: 'Despido improcedente', description: 'Me despidieron sin preaviso.' },
      });
      const caseId = published.json().data.id as string;

      const res = await erase(headers, { password: DEFAULT_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: null });
      expect(String(res.headers['set-cookie'])).toMatch(/l4l_session=;/);

      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
      const open = await t.app.db.select().from(sessions).where(eq(sessions.userId, person.id));
      expect(open.every((session) => session.revokedAt !== null)).toBe(true);
      expect((await login(t.app, mail, DEFAULT_PASSWORD)).statusCode).toBe(404);

      const [row] = await t.app.db.select().from(users).where(eq(users.id, person.id));
      expect(row).toMatchObject({
        name: es.privacy.erasedName,
        surname: '',
        phoneNumber: '',
        photoUrl: null,
        passwordHash: null,
        googleSub: null,
      });
      expect(row?.erasedAt).toBeInstanceOf(Date);
      expect(row?.mail).not.toBe(mail);
      const [theCase] = await t.app.db.select().from(cases).where(eq(cases.id, caseId));
      expect(theCase?.status).toBe('DESCARTADO');
      const audited = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.erase'), eq(auditLog.targetId, person.id)));
      expect(audited).toHaveLength(1);

      // the same mail may sign up again, as a new person
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/user/register',
        payload: {
          mail,
          password: DEFAULT_PASSWORD,
          name: 'Ana',
          surname: 'Vuelve',
          phoneNumber: '600123123',
        },
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.id).not.toBe(person.id);
    });

    it('erases a lawyer: off the directory and the profile pages, pending proposals withdrawn', async () => {
      const lawyer = await createLawyer(t.app, { name: 'Olvido', surname: 'Borrado Sanz' });
      const headers = bearer(await signIn(t.app, lawyer));
      const pageBefore = await t.app.inject({ url: '/abogados/olvido-borrado-sanz' });
      expect(pageBefore.statusCode).toBe(200);
      const proposal = await t.app.inject({
        method: 'POST',
        url: `/api/proposal/create-proposal-to-case/${w.openCaseId}`,
        headers,
        payload: { price: 120, message: 'Puedo llevarlo.' },
      });
      expect(proposal.statusCode, proposal.body).toBe(200);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/lawyers/lawyer/detail/${lawyer.id}`,
            headers: w.asClient,
          })
        ).statusCode,
      ).toBe(200);

      const res = await erase(headers, { password: DEFAULT_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/lawyers/lawyer/detail/${lawyer.id}`,
            headers: w.asClient,
          })
        ).statusCode,
      ).toBe(404);
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/lawyers?pageSize=100',
        headers: w.asClient,
      });
      expect(listed.body).not.toContain(lawyer.id);
      const [sheet] = await t.app.db
        .select()
        .from(lawyerProfiles)
        .where(eq(lawyerProfiles.userId, lawyer.id));
      expect(sheet).toMatchObject({ verifiedAt: null, description: '', membershipNumber: '' });
      // the page's address named them: at once a new one that names nobody, and the old one is free
      expect(sheet?.slug).toBe(`eliminado-${lawyer.id}`);
      expect((await t.app.inject({ url: '/abogados/olvido-borrado-sanz' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/abogados/${sheet?.slug}` })).statusCode).toBe(404);
      const namesake = await createLawyer(t.app, { name: 'Olvido', surname: 'Borrado Sanz' });
      const [again] = await t.app.db
        .select({ slug: lawyerProfiles.slug })
        .from(lawyerProfiles)
        .where(eq(lawyerProfiles.userId, namesake.id));
      expect(again?.slug).toBe('olvido-borrado-sanz');
      const withdrawn = await t.app.db.select().from(proposals).where(eq(proposals.lawyerId, lawyer.id));
      expect(withdrawn.map((row) => row.status)).toEqual(['RECHAZADA']);
    });
    it('once the case is finished: the client goes, invoices stay as issued, the lawyer waits for the money', async () => {
      const closure = await t.app.inject({
        method: 'POST',
        url: `/api/cases/close-case/${w.caseId}`,
        headers: w.asLawyer,
      });
      expect(closure.statusCode, closure.body).toBe(200);
      const [chat] = await t.app.db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.userId, w.client.id), eq(chats.lawyerId, w.lawyer.id)));
      const confirmed = await t.app.inject({
        method: 'POST',
        url: `/api/cases/confirm-close-case/${w.caseId}/${chat?.id}`,
        headers: w.asClient,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const before = await t.app.db.select().from(invoices).where(eq(invoices.recipientUserId, w.client.id));
      expect(before.length).toBeGreaterThan(0);

      const res = await erase(w.asClient, { password: DEFAULT_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      const after = await t.app.db.select().from(invoices).where(eq(invoices.recipientUserId, w.client.id));
      expect(after).toEqual(before);
      // the document the client uploaded is gone, for the lawyer too
      const gone = await t.app.inject({
        method: 'GET',
        url: `/api/documents/${documentId}`,
        headers: w.asLawyer,
      });
      expect(gone.statusCode).toBe(404);
      // the lawyer's share of the finished case is still owed: the lawyer may not go yet
      const lawyerGoes = await erase(w.asLawyer, { password: DEFAULT_PASSWORD });
      expect(lawyerGoes.statusCode).toBe(409);
      expect(lawyerGoes.json().error.message).toBe(es.privacy.moneyHeld);
      // and the lawyer's export still holds the invoices, the client now 'Usuario eliminado' in the chat
      const { json } = unzip((await exportOf(w.asLawyer)).rawPayload);
      expect(json.invoices.length).toBeGreaterThan(0);
      const withClient = json.chats.find((c: { withId: string }) => c.withId === w.client.id);
      expect(withClient.withName).toBe(es.privacy.erasedName);
      expect(withClient.messages.length).toBeGreaterThan(0);
    });
  });
});
