import { notificationTypesFor } from '@l4l/shared/constants/notifications';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { NotificationPreferences } from './notification-preferences.tsx';
import { NotificationsPage } from './notifications-page.tsx';

const t = es.notifications.centre;
const CASE_ID = '0f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b001';
const UNREAD = {
  id: '1f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b002',
  type: 'proposal.received',
  title: 'Nueva propuesta para «Herencia»',
  body: 'Lucía García te propone llevar tu caso «Herencia» por 250,00 €.',
  link: '/dashboard/chat?with=2f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b003',
  caseId: CASE_ID,
  createdAt: '2026-11-20T10:30:00.000Z',
  readAt: null,
};
const READ = {
  ...UNREAD,
  id: '3f8b1c7e-3a52-4e1b-9d7a-2c51f0a1b004',
  type: 'case.approved',
  title: 'Tu caso «Herencia» está publicado',
  body: 'Hemos revisado tu caso «Herencia» y ya está publicado.',
  link: `/dashboard/casos/${CASE_ID}`,
  readAt: '2026-11-19T12:00:00.000Z',
};

describe('NotificationsPage', () => {
  it('lists the notifications with their link, marks all read, one read, and filters the unread', async () => {
    let unread = 1;
    const api = mockApi({
      'GET /api/auth/me': () => ok(CLIENT),
      'GET /api/notifications': (call) =>
        json(200, {
          data: call.query.get('unread') === 'true' ? [UNREAD] : [UNREAD, READ],
          meta: { total: 2, page: 1, pageSize: 20, unread },
        }),
      [`POST /api/notifications/${UNREAD.id}/read`]: () => {
        unread = 0;
        return ok({ ...UNREAD, readAt: '2026-11-21T00:00:00.000Z' });
      },
      'POST /api/notifications/read-all': () => ok(null),
    });
    renderWithApp(<NotificationsPage />, { consent: 'true' });

    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('link')).toHaveAttribute('href', UNREAD.link);
    expect(within(first).getByRole('img', { name: t.unreadLabel })).toBeInTheDocument();
    expect(within(first).getByText(UNREAD.body)).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByRole('button', { name: t.markRead })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: t.markAllRead }));
    await waitFor(() => expect(api.callsTo('POST /api/notifications/read-all')).toHaveLength(1));
    await userEvent.click(within(first).getByRole('button', { name: t.markRead }));
    await waitFor(() => expect(api.callsTo(`POST /api/notifications/${UNREAD.id}/read`)).toHaveLength(1));

    await userEvent.click(screen.getByRole('checkbox', { name: t.onlyUnread }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/notifications').some((call) => call.query.get('unread') === 'true')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: t.markAllRead })).toBeDisabled());
  });
});

describe('NotificationPreferences', () => {
  it("shows the client's switches only, in order, and saves the one turned off", async () => {
    const clientTypes = notificationTypesFor('USUARIO');
    const api = mockApi({
      'GET /api/auth/me': () => ok(CLIENT),
      'GET /api/notifications/preferences': () =>
        ok({ email: Object.fromEntries(clientTypes.map((type) => [type, true])) }),
      'PUT /api/notifications/preferences': (call) => {
        const body = call.body as { email: Record<string, boolean> };
        return ok({
          email: { ...Object.fromEntries(clientTypes.map((type) => [type, true])), ...body.email },
        });
      },
    });
    renderWithApp(<NotificationPreferences />, { consent: 'true' });
    const switches = await screen.findAllByRole('switch');
    expect(switches.map((item) => item.closest('label')?.textContent)).toEqual(
      clientTypes.map((type) => es.notifications.typeLabels[type]),
    );
    expect(
      screen.queryByRole('switch', { name: es.notifications.typeLabels['payout.sent'] }),
    ).not.toBeInTheDocument();
    const payments = screen.getByRole('switch', { name: es.notifications.typeLabels['payment.completed'] });
    expect(payments).toBeChecked();
    await userEvent.click(payments);
    await waitFor(() => expect(api.callsTo('PUT /api/notifications/preferences')).toHaveLength(1));
    expect(api.callsTo('PUT /api/notifications/preferences')[0]?.body).toEqual({
      email: { 'payment.completed': false },
    });
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: es.notifications.typeLabels['payment.completed'] }),
      ).not.toBeChecked(),
    );
  });
});
