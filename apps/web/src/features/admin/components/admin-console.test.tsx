import { BAR_CENSUS_URL } from '@l4l/shared/constants/bar-associations';
import type { AdminLawyer, AdminStats, AdminUser, AuditEntry } from '@l4l/shared/schemas/admin';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCase } from '../../../test/case-fixtures.ts';
import { json, mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import type { QueuedCase } from '../api/get-admin-cases.ts';
import { AuditPage } from './audit-page.tsx';
import { CasesQueue, hoursWaiting, waitingLevel } from './cases-queue.tsx';
import { LawyersQueue } from './lawyers-queue.tsx';
import { OverviewPage } from './overview-page.tsx';
import { UsersPage } from './users-page.tsx';

const page = (data: unknown[], total = data.length, pageNo = 1) =>
  json(200, { data, meta: { total, page: pageNo, pageSize: 20 } });
const HOUR = 3_600_000;

const LAWYER: AdminLawyer = {
  id: '5b0c8c1e-1111-4a57-9d1c-6a1c2e9b7f10',
  name: 'Irene',
  surname: 'Vega Montero',
  mail: 'irene.vega@l4l.demo',
  phoneNumber: '691098586',
  photoUrl: null,
  categories: ['Abogado Civil', 'Abogado Divorcios'],
  description: 'Derecho civil y de familia.',
  province: 'Salamanca',
  barNumber: '1.904',
  barAssociation: 'salamanca',
  barCheckedAt: null,
  price: 50,
  createdAt: '2026-11-20T10:00:00.000Z',
  verified: false,
  verifiedAt: null,
  rejectedAt: null,
  rejectionReason: null,
  bannedAt: null,
};

const USER: AdminUser = {
  id: '7a0c8c1e-2222-4a57-9d1c-6a1c2e9b7f10',
  name: 'Lorena',
  surname: 'Santos Aguilar',
  mail: 'cliente5@l4l.demo',
  phoneNumber: '612345678',
  photoUrl: null,
  role: 'USUARIO',
  createdAt: '2025-11-23T10:00:00.000Z',
  lastConnection: null,
  banned: false,
  bannedAt: null,
  banReason: null,
  lawyerStatus: null,
};

describe('Resumen', () => {
  it('shows users, lawyers, cases by status, payments and the median validation time', async () => {
    const stats: AdminStats = {
      users: { total: 35, clients: 5, lawyers: 28, admins: 2, banned: 1 },
      lawyers: { pending: 2, verified: 26, rejected: 0 },
      cases: {
        total: 70,
        byStatus: {
          'PENDIENTE DE VALIDACIÓN': 2,
          'PENDIENTE DE ASIGNACIÓN': 4,
          ACTIVO: 5,
          FINALIZADO: 57,
          DESCARTADO: 2,
        },
      },
      payments: { days: 30, count: 4, amount: 3250, fees: 325 },
      validation: { days: 30, validated: 9, medianHours: 23.7 },
      consultations: { days: 30, upcoming: 3, booked: 11, paid: 4, held: 6, cancelled: 1 },
    };
    mockApi({ 'GET /api/admin/stats': () => ok(stats) });
    renderWithApp(<OverviewPage lawyersPath="/admin/abogados" casesPath="/admin/casos" />);
    expect(await screen.findByText('35')).toBeInTheDocument();
    expect(screen.getByText(es.admin.stats.usersDetail(5, 28, 2))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('href', '/admin/abogados');
    expect(screen.getByText('23,7 h')).toBeInTheDocument();
    expect(screen.getByText('FINALIZADO').nextSibling).toHaveTextContent('57');
    expect(screen.getByText('3.250 €')).toBeInTheDocument();
    expect(screen.getByText('325 €')).toBeInTheDocument();
    const consultations = screen.getByRole('region', { name: es.admin.stats.consultationsTitle(30) });
    expect(within(consultations).getByText(es.admin.stats.consultationsBooked).nextSibling).toHaveTextContent(
      '11',
    );
    expect(within(consultations).getByText(es.admin.stats.consultationsPaid).nextSibling).toHaveTextContent(
      '4',
    );
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/stats': () => json(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } }) });
    renderWithApp(<OverviewPage lawyersPath="/a" casesPath="/b" />);
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(es.admin.loadError);
    expect(screen.getByRole('button', { name: es.common.retry })).toBeInTheDocument();
  });
});

describe('Abogados pendientes', () => {
  it('shows what is needed to decide and verifies a lawyer', async () => {
    const api = mockApi({
      'GET /api/admin/lawyers': () => page([LAWYER]),
      [`POST /api/admin/lawyers/${LAWYER.id}/verify`]: () => ok({ ...LAWYER, verified: true }),
    });
    const user = userEvent.setup();
    renderWithApp(<LawyersQueue />);
    const card = await screen.findByRole('article', { name: 'Irene Vega Montero' });
    for (const text of [
      'irene.vega@l4l.demo',
      '691098586',
      'Civil, Divorcios',
      'Salamanca',
      'Colegio de la Abogacía de Salamanca',
      '1.904',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    // the census where the administrator checks the number, opened apart
    const census = within(card).getByRole('link', { name: es.admin.lawyers.census });
    expect(census).toHaveAttribute('href', BAR_CENSUS_URL);
    expect(census).toHaveAttribute('target', '_blank');
    expect(api.callsTo('GET /api/admin/lawyers')[0]?.query.get('verified')).toBe('false');
    await user.click(
      within(card).getByRole('button', { name: `${es.admin.lawyers.verify}: Irene Vega Montero` }),
    );
    expect(await screen.findByText(es.admin.lawyers.verified('Irene Vega Montero'))).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/lawyers/${LAWYER.id}/verify`)).toHaveLength(1);
  });

  it('rejects only with a reason, in a dialog', async () => {
    const api = mockApi({
      'GET /api/admin/lawyers': () => page([LAWYER]),
      [`POST /api/admin/lawyers/${LAWYER.id}/reject`]: () =>
        ok({ ...LAWYER, rejectedAt: '2026-11-22T10:00:00Z' }),
    });
    const user = userEvent.setup();
    renderWithApp(<LawyersQueue />);
    await user.click(
      await screen.findByRole('button', { name: `${es.admin.lawyers.reject}: Irene Vega Montero` }),
    );
    const dialog = screen.getByRole('dialog', { name: es.admin.lawyers.rejectTitle('Irene Vega Montero') });
    await user.click(within(dialog).getByRole('button', { name: es.admin.lawyers.reject }));
    expect(within(dialog).getByText(es.admin.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/lawyers/${LAWYER.id}/reject`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(es.admin.reason), 'Colegiado inexistente');
    await user.click(within(dialog).getByRole('button', { name: es.admin.lawyers.reject }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/admin/lawyers/${LAWYER.id}/reject`)[0]?.body).toEqual({
      reason: 'Colegiado inexistente',
    });
  });

  it('sorts and says when nobody is waiting', async () => {
    const api = mockApi({ 'GET /api/admin/lawyers': () => page([]) });
    const user = userEvent.setup();
    renderWithApp(<LawyersQueue />);
    expect(await screen.findByText(es.admin.lawyers.empty)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(es.dashboard.sortBy), es.admin.lawyers.sortName);
    await waitFor(() => expect(api.callsTo('GET /api/admin/lawyers').at(-1)?.query.get('sort')).toBe('name'));
  });
});

describe('Usuarios', () => {
  it('searches, filters and sorts through the server, and bans with a reason', async () => {
    const api = mockApi({
      'GET /api/admin/users': () =>
        page([USER, { ...USER, id: 'x', name: 'Rafa', banned: true, banReason: 'Spam' }]),
      [`POST /api/admin/users/${USER.id}/ban`]: () =>
        ok({
          id: USER.id,
          role: 'USUARIO',
          banned: true,
          bannedAt: '2026-11-20T10:00:00.000Z',
          banReason: 'Insultos',
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<UsersPage />);
    const table = await screen.findByRole('table', { name: es.admin.sections.users });
    expect(within(table).getByText(es.admin.users.bannedBecause('Spam'))).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: `${es.admin.users.unban}: Rafa Santos Aguilar` }),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText(es.admin.users.search), 'lorena');
    await user.selectOptions(screen.getByLabelText(es.admin.users.role), es.admin.users.roles.USUARIO);
    await user.selectOptions(screen.getByLabelText(es.admin.users.state), es.admin.users.states.active);
    await user.click(within(table).getByRole('button', { name: new RegExp(`^${es.admin.users.name}`) }));
    await waitFor(() => {
      const query = api.callsTo('GET /api/admin/users').at(-1)?.query;
      expect(Object.fromEntries(query ?? [])).toMatchObject({
        search: 'lorena',
        role: 'USUARIO',
        state: 'active',
        sort: 'name',
        order: 'asc',
      });
    });
    expect(
      within(table).getByRole('columnheader', { name: new RegExp(es.admin.users.name) }),
    ).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: `${es.admin.users.ban}: Lorena Santos Aguilar` }));
    const dialog = screen.getByRole('dialog', { name: es.admin.users.banTitle('Lorena Santos Aguilar') });
    await user.type(within(dialog).getByLabelText(es.admin.reasonOptional), 'Insultos');
    await user.click(within(dialog).getByRole('button', { name: es.admin.users.ban }));
    await waitFor(() =>
      expect(api.callsTo(`POST /api/admin/users/${USER.id}/ban`)[0]?.body).toEqual({ reason: 'Insultos' }),
    );
    expect(await screen.findByText(es.admin.users.banned('Lorena Santos Aguilar'))).toBeInTheDocument();
  });
});

describe('Casos por validar', () => {
  const queued = (hoursAgo: number, title: string): QueuedCase => ({
    id: `c-${hoursAgo}`,
    code: `C${hoursAgo}`,
    title,
    description: `Descripción de ${title}`,
    status: 'PENDIENTE DE VALIDACIÓN',
    category: 'Por calificar',
    creationDate: new Date(Date.now() - hoursAgo * HOUR - 60_000).toISOString(),
    userId: 'u',
    userFullName: 'Ana Ortiz Campos',
  });

  it('measures the wait against the 24–48 h promise', () => {
    expect(waitingLevel(hoursWaiting(new Date(Date.now() - 3 * HOUR).toISOString()))).toBe('ok');
    expect(waitingLevel(25)).toBe('late');
    expect(waitingLevel(49)).toBe('overdue');
  });

  it('says "menos de 1 hora" for a case that has waited under an hour, never "0 horas"', async () => {
    mockApi({ 'GET /api/admin/cases': () => page([queued(0, 'Recién llegado'), queued(2, 'Multa')]) });
    renderWithApp(<CasesQueue />);
    const table = await screen.findByRole('table', { name: es.admin.sections.cases });
    const fresh = within(table)
      .getByText(/Recién llegado/)
      .closest('tr') as HTMLElement;
    expect(within(fresh).getByText('menos de 1 hora')).toBeInTheDocument();
    expect(table).not.toHaveTextContent('0 horas');
    expect(within(table).getByText('2 horas')).toBeInTheDocument();
  });

  it('highlights the late ones, and approves a case only with one of the 15 categories', async () => {
    const api = mockApi({
      'GET /api/admin/cases': () =>
        page([queued(50, 'Herencia bloqueada'), queued(30, 'Despido'), queued(2, 'Multa')]),
      'POST /api/admin/cases/c-30/approve': () =>
        ok(makeCase({ id: 'c-30', status: 'PENDIENTE DE ASIGNACIÓN' })),
    });
    const user = userEvent.setup();
    renderWithApp(<CasesQueue />);
    const table = await screen.findByRole('table', { name: es.admin.sections.cases });
    expect(api.callsTo('GET /api/admin/cases')[0]?.query.get('status')).toBe('PENDIENTE DE VALIDACIÓN');
    expect(within(table).getByText(es.admin.cases.overdue, { exact: false })).toBeInTheDocument();
    expect(within(table).getByText(es.admin.cases.late, { exact: false })).toBeInTheDocument();
    expect(
      within(table)
        .getByText(/Herencia bloqueada/)
        .closest('tr')?.className,
    ).toMatch(/rowOverdue/);

    await user.click(within(table).getByRole('button', { name: `${es.admin.cases.review}: #C30` }));
    const dialog = screen.getByRole('dialog', { name: es.admin.cases.reviewTitle('C30') });
    expect(within(dialog).getByText('Descripción de Despido')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: es.admin.cases.approve }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(es.admin.cases.categoryRequired);
    expect(within(dialog).getAllByRole('option')).toHaveLength(16);
    await user.selectOptions(within(dialog).getByLabelText(es.admin.cases.category), 'Laboral');
    await user.click(within(dialog).getByRole('button', { name: es.admin.cases.approve }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/cases/c-30/approve')[0]?.body).toEqual({
        category: 'Abogado Laboral',
      }),
    );
    expect(await screen.findByText(es.admin.cases.approved('C30'))).toBeInTheDocument();
  });

  it('discards a case with an optional reason', async () => {
    const api = mockApi({
      'GET /api/admin/cases': () => page([queued(5, 'Consulta sin datos')]),
      'POST /api/admin/cases/c-5/discard': () => ok({}),
    });
    const user = userEvent.setup();
    renderWithApp(<CasesQueue />);
    await user.click(await screen.findByRole('button', { name: `${es.admin.cases.review}: #C5` }));
    await user.click(screen.getByRole('button', { name: es.admin.cases.discard }));
    const dialog = screen.getByRole('dialog', { name: es.admin.cases.discardTitle('C5') });
    await user.type(within(dialog).getByLabelText(es.admin.reasonOptional), 'Faltan datos del caso');
    await user.click(within(dialog).getByRole('button', { name: es.admin.cases.discard }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/cases/c-5/discard')[0]?.body).toEqual({
        reason: 'Faltan datos del caso',
      }),
    );
  });
});

describe('Registro de auditoría', () => {
  it('lists who did what to whom and why, newest first, and flips the order', async () => {
    const entry: AuditEntry = {
      id: 'a1',
      createdAt: '2026-11-22T18:11:00.000Z',
      adminId: 'adm',
      adminName: 'Administración L4L',
      action: 'user.ban',
      targetType: 'user',
      targetId: USER.id,
      targetLabel: 'Lorena Santos Aguilar',
      reason: 'Mensajes ofensivos',
    };
    const api = mockApi({ 'GET /api/admin/audit': () => page([entry]) });
    const user = userEvent.setup();
    renderWithApp(<AuditPage />);
    const table = await screen.findByRole('table', { name: es.admin.sections.audit });
    const row = within(table).getByText('Lorena Santos Aguilar').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Administración L4L');
    expect(row).toHaveTextContent(es.admin.audit.actions['user.ban'] ?? '');
    expect(row).toHaveTextContent('Mensajes ofensivos');
    expect(api.callsTo('GET /api/admin/audit')[0]?.query.get('order')).toBe('desc');
    await user.click(within(table).getByRole('button', { name: new RegExp(`^${es.admin.audit.when}`) }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/audit').at(-1)?.query.get('order')).toBe('asc'));
    expect(screen.queryByRole('button', { name: /editar|borrar/i })).not.toBeInTheDocument();
  });
});
