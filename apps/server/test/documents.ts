import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import { bearer, createAdmin, createLawyer, createUser, signIn } from './factories.ts';

/** Test support for case documents: a world with an ACTIVO case, multipart bodies, hostile files. */

/** A multipart body with one file, as a browser's FormData sends it. */
export async function multipart(bytes: Buffer, filename: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([bytes]), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** A Windows executable's first bytes: the MZ header and the PE signature where it points. */
export const peExecutable = () => {
  const exe = Buffer.alloc(1024);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  return exe;
};

/**
 * A client, a lawyer with an ACTIVO case between them, a lawyer with a proposal still pending on another
 * published case of the same client, a lawyer with nothing to do with it and an administrator.
 */
export async function documentsWorld(t: { app: App }) {
  const api = async (token: string, method: 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json().data;
  };
  const client = await createUser(t.app);
  const lawyer = await createLawyer(t.app);
  const pending = await createLawyer(t.app);
  const stranger = await createLawyer(t.app);
  const admin = await createAdmin(t.app);
  const [ct, lt, pt, st, at] = await Promise.all(
    [client, lawyer, pending, stranger, admin].map((p) => signIn(t.app, p)),
  );
  const publish = async (title: string) => {
    const created = await api(ct as string, 'POST', '/api/cases/new-case', {
      title,
      description: 'Descripción.',
    });
    await api(at as string, 'POST', `/api/admin/cases/${created.id}/approve`, { category: 'Abogado Civil' });
    return created.id as string;
  };
  await api(lt as string, 'PUT', '/api/billing/fiscal-profile', {
    nif: '12345678Z',
    name: 'Abogada de prueba',
    address: { street: 'Calle Mayor, 1', postalCode: '28013', city: 'Madrid', province: 'Madrid' },
    isBusiness: false,
    irpfRate: 15,
    invoicingConsent: true,
  });
  const caseId = await publish('Caso activo');
  const proposal = await api(lt as string, 'POST', `/api/proposal/create-proposal-to-case/${caseId}`, {
    price: 200,
    message: 'Hola',
  });
  // the pending lawyer proposes on the active case too, before it is paid: still not a party
  await api(pt as string, 'POST', `/api/proposal/create-proposal-to-case/${caseId}`, {
    price: 150,
    message: 'Yo',
  });
  const checkout = await api(ct as string, 'POST', `/api/proposal/accept-proposal/${proposal.id}`);
  const session = new URL(checkout).pathname.split('/').pop();
  await t.app.inject({
    method: 'POST',
    url: `/payment/sandbox/${session}/pay`,
    headers: bearer(ct as string),
  });
  const openCaseId = await publish('Caso abierto');
  await api(pt as string, 'POST', `/api/proposal/create-proposal-to-case/${openCaseId}`, {
    price: 90,
    message: 'Yo',
  });
  return {
    client,
    lawyer,
    caseId,
    openCaseId,
    asClient: bearer(ct as string),
    asLawyer: bearer(lt as string),
    asPending: bearer(pt as string),
    asStranger: bearer(st as string),
    asAdmin: bearer(at as string),
  };
}
