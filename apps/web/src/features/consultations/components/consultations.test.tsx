import { consultationsWebEs as t } from '@l4l/shared/texts/consultations-web';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, json, mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { addDays, madridDayKey } from '../lib/madrid-time.ts';
import { AvailabilityEditor } from './availability-editor.tsx';
import { BookingPanel } from './booking-panel.tsx';
import { ConsultationRoom } from './consultation-room.tsx';
import { MyConsultations } from './my-consultations.tsx';

const LAWYER = '1b0c6a52-7d4e-4c55-9a0e-3c1f5b2d7e01';
const CLIENT = '2c1d7b63-8e5f-4d66-8b1f-4d2a6c3e8f02';
const tomorrow = addDays(madridDayKey(new Date()), 1);
/** 10:00 and 10:30 tomorrow in Madrid (winter or summer: the offset comes from Intl). */
function madridInstant(day: string, time: string): string {
  for (const offset of ['+01:00', '+02:00']) {
    const iso = `${day}T${time}:00${offset}`;
    if (
      new Intl.DateTimeFormat('es-ES', {
        timeZone: 'Europe/Madrid',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso)) === time
    )
      return iso;
  }
  throw new Error('no offset');
}
const SLOTS = [
  { start: madridInstant(tomorrow, '10:00'), end: madridInstant(tomorrow, '10:30') },
  { start: madridInstant(tomorrow, '10:30'), end: madridInstant(tomorrow, '11:00') },
];

const slotsAnswer = () => ({
  slots: SLOTS,
  slotMinutes: 30,
  modes: ['video', 'phone', 'office'],
  price: 0,
  free: true,
  bookable: true,
  timeZone: 'Europe/Madrid',
});

function consultation(overrides: Record<string, unknown> = {}) {
  return {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    status: 'RESERVADA',
    start: SLOTS[0]?.start,
    end: SLOTS[0]?.end,
    mode: 'phone',
    price: 45,
    note: 'Un contrato',
    role: 'client',
    lawyer: { id: LAWYER, name: 'Pilar', surname: 'Gómez Serrano' },
    client: { id: CLIENT, name: 'Marta', surname: 'Ruiz' },
    phone: '612 345 678',
    officeAddress: null,
    roomPath: '/dashboard/consultas/c0ffee00-0000-4000-8000-000000000001',
    cancelledBy: null,
    cancelReason: null,
    refunded: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => vi.useRealTimers());

describe('the availability editor', () => {
  it('loads the week, refuses overlapping ranges, and saves what the lawyer set', async () => {
    const saved = {
      weekly: [{ weekday: 1, from: '09:00', to: '14:00' }],
      slotMinutes: 30,
      exceptions: [],
      modes: ['video'],
      officeAddress: null,
    };
    const api = mockApi({
      'GET /api/lawyers/availability': () => ok(saved),
      'PUT /api/lawyers/availability': (call) => ok({ officeAddress: null, ...(call.body as object) }),
    });
    renderWithApp(<AvailabilityEditor />);
    const user = userEvent.setup();
    const monday = await screen.findByRole('button', { name: `${t.availability.addRange}: Lunes` });
    await user.click(monday);
    await user.click(screen.getByRole('button', { name: t.availability.save }));
    expect(await screen.findByText(t.availability.overlap)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/lawyers/availability')).toHaveLength(0);
    const froms = screen.getAllByLabelText(`Lunes: ${t.availability.from}`);
    const tos = screen.getAllByLabelText(`Lunes: ${t.availability.to}`);
    await user.selectOptions(froms[1] as HTMLElement, '16:00');
    await user.selectOptions(tos[1] as HTMLElement, '19:00');
    await user.click(screen.getByRole('radio', { name: t.availability.minutes(60) }));
    await user.click(screen.getByRole('checkbox', { name: t.modes.office }));
    await user.click(screen.getByRole('button', { name: t.availability.save }));
    expect(await screen.findByText(t.availability.noOffice)).toBeInTheDocument();
    await user.type(screen.getByLabelText(t.availability.officeAddress), 'Calle Mayor 1, Madrid');
    await user.click(screen.getByRole('button', { name: t.availability.save }));
    await waitFor(() => expect(api.callsTo('PUT /api/lawyers/availability')).toHaveLength(1));
    expect(api.callsTo('PUT /api/lawyers/availability')[0]?.body).toEqual({
      weekly: [
        { weekday: 1, from: '09:00', to: '14:00' },
        { weekday: 1, from: '16:00', to: '19:00' },
      ],
      slotMinutes: 60,
      exceptions: [],
      modes: ['video', 'office'],
      officeAddress: 'Calle Mayor 1, Madrid',
    });
  });
});

describe('the slot picker', () => {
  it('shows the free slots of the first day that has any, the offered modes, and books the chosen one', async () => {
    const api = mockApi({
      [`GET /api/lawyers/${LAWYER}/slots`]: () => ok({ ...slotsAnswer(), modes: ['video', 'phone'] }),
      'POST /api/consultations': () =>
        ok({ id: 'c1', status: 'RESERVADA', ...SLOTS[1], mode: 'phone', price: 0 }),
    });
    renderWithApp(<BookingPanel lawyerId={LAWYER} listPath="/dashboard/consultas" />);
    expect(await screen.findByText(t.booking.free)).toBeInTheDocument();
    const query = api.callsTo(`GET /api/lawyers/${LAWYER}/slots`)[0]?.query;
    expect(query?.get('from')).toBe(madridDayKey(new Date()));
    expect(query?.get('to')).toBe(addDays(madridDayKey(new Date()), 13));
    expect(screen.queryByRole('radio', { name: t.modes.office })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: t.booking.book }));
    expect(screen.getByText(t.booking.pickSlot)).toBeInTheDocument();
    const slots = within(screen.getByRole('group', { name: t.booking.slots }));
    await user.click(slots.getByRole('button', { name: '10:30' }));
    await user.click(screen.getByRole('radio', { name: t.modes.phone }));
    await user.type(screen.getByLabelText(t.booking.note), '  Una herencia ');
    await user.click(screen.getByRole('button', { name: t.booking.book }));
    await waitFor(() => expect(api.callsTo('POST /api/consultations')).toHaveLength(1));
    expect(api.callsTo('POST /api/consultations')[0]?.body).toEqual({
      lawyerId: LAWYER,
      start: SLOTS[1]?.start,
      mode: 'phone',
      note: 'Una herencia',
    });
  });

  it('shows the server’s refusal of a slot taken meanwhile', async () => {
    mockApi({
      [`GET /api/lawyers/${LAWYER}/slots`]: () => ok(slotsAnswer()),
      'POST /api/consultations': () => fail(409, 'CONFLICT', 'Ese hueco ya no está libre.'),
    });
    renderWithApp(<BookingPanel lawyerId={LAWYER} listPath="/dashboard/consultas" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '10:00' }));
    await user.click(screen.getByRole('button', { name: t.booking.book }));
    expect(await screen.findByText('Ese hueco ya no está libre.')).toBeInTheDocument();
  });
});

describe('a paid first visit', () => {
  it('shows its price and books through the checkout, opened like a proposal’s', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(window);
    const api = mockApi({
      [`GET /api/lawyers/${LAWYER}/slots`]: () =>
        ok({ ...slotsAnswer(), price: 45, free: false, bookable: true }),
      'POST /api/consultations': () =>
        ok({
          id: 'c-paid',
          status: 'PENDIENTE_PAGO',
          start: '2026-03-23T10:00:00+01:00',
          end: '2026-03-23T11:00:00+01:00',
          mode: 'video',
          price: 45,
          paymentUrl: 'https://l4l.example/payment/sandbox/sbx_x',
        }),
    });
    renderWithApp(<BookingPanel lawyerId={LAWYER} listPath="/dashboard/consultas" />);
    expect(await screen.findByText(t.booking.price('45 €'))).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '10:00' }));
    await user.click(screen.getByRole('button', { name: t.booking.bookAndPay }));
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://l4l.example/payment/sandbox/sbx_x', '_blank'),
    );
    expect(api.callsTo('POST /api/consultations')).toHaveLength(1);
    open.mockRestore();
  });
});

describe('Mis consultas', () => {
  it('lists a reserved phone consultation with the lawyer’s phone, and cancels it after a confirmation', async () => {
    const api = mockApi({
      'GET /api/consultations': () =>
        json(200, { data: [consultation()], meta: { total: 1, page: 1, pageSize: 20 } }),
      [`POST /api/consultations/${consultation().id}/cancel`]: () =>
        ok(consultation({ status: 'CANCELADA' })),
    });
    renderWithApp(<MyConsultations roomPath={(id) => `/dashboard/consultas/${id}`} />);
    const item = await screen.findByTestId('consultation-item');
    expect(item).toHaveTextContent(t.statuses.RESERVADA as string);
    expect(item).toHaveTextContent(t.list.with('Pilar Gómez Serrano'));
    expect(item).toHaveTextContent(t.list.phone('612 345 678'));
    expect(item).toHaveTextContent('45 €');
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: t.list.cancel }));
    const dialog = await screen.findByRole('dialog', { name: t.list.cancelTitle });
    await user.click(within(dialog).getByRole('button', { name: t.list.confirmCancel }));
    await waitFor(() =>
      expect(api.callsTo(`POST /api/consultations/${consultation().id}/cancel`)).toHaveLength(1),
    );
  });
});

describe('the room', () => {
  it('counts down until 10 minutes before the start', async () => {
    const start = new Date(Date.now() + 50 * 60_000).toISOString();
    const end = new Date(Date.now() + 80 * 60_000).toISOString();
    mockApi({ 'GET /api/consultations/c1': () => ok(consultation({ id: 'c1', start, end, mode: 'video' })) });
    renderWithApp(<ConsultationRoom consultationId="c1" viewerId={CLIENT} listPath="/dashboard/consultas" />);
    expect(await screen.findByRole('timer')).toHaveTextContent(/^Abre dentro de (39|40) min \d\d s$/);
    expect(screen.queryByRole('button', { name: t.room.join })).not.toBeInTheDocument();
  });

  it('says another person’s consultation does not exist', async () => {
    mockApi({ 'GET /api/consultations/c2': () => fail(404, 'NOT_FOUND', 'No encontrado') });
    renderWithApp(<ConsultationRoom consultationId="c2" viewerId={CLIENT} listPath="/dashboard/consultas" />);
    expect(await screen.findByText(t.room.notFound)).toBeInTheDocument();
  });

  it('opens in the window and tells when the camera is refused', async () => {
    const start = new Date(Date.now() + 5 * 60_000).toISOString();
    const end = new Date(Date.now() + 35 * 60_000).toISOString();
    mockApi({
      'GET /api/consultations/c3': () => ok(consultation({ id: 'c3', start, end, mode: 'video' })),
      'GET /api/consultations/c3/ice': () => ok({ iceServers: [{ urls: 'stun:stun.l.google.com:19302' }] }),
    });
    const refused = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(refused) },
    });
    renderWithApp(<ConsultationRoom consultationId="c3" viewerId={CLIENT} listPath="/dashboard/consultas" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: t.room.join }));
    expect(await screen.findByText(t.room.mediaDenied)).toBeInTheDocument();
    // STUN only: the page warns that strict networks may stop the call
    expect(screen.getByText(t.room.noTurn)).toBeInTheDocument();
    expect(screen.getByTestId('call-presence')).toHaveTextContent(t.room.otherAbsent('Pilar Gómez Serrano'));
  });
});
