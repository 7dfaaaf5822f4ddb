import { es } from '@l4l/shared/texts/es';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { CLIENT, LocationProbe, renderWithApp } from '../../test/render.tsx';
import { LawyerDetailRoute } from './lawyer-profile-route.tsx';

const ID = '0b6c1f0e-8a3a-4a5b-9d8e-2f3a4b5c6d7e';

describe('/dashboard/detail', () => {
  it('takes the navigation state {lawyerId} to the profile’s real URL', async () => {
    mockApi({ 'GET /api/auth/me': () => ok(CLIENT) });
    const { router } = renderWithApp(<LawyerDetailRoute />, {
      path: '/dashboard/detail',
      routes: [{ path: '/dashboard/abogados/:lawyerId', element: <LocationProbe /> }],
      consent: 'true',
    });
    await router.navigate('/dashboard/detail', { state: { lawyerId: ID } });
    expect(await screen.findByTestId('location')).toHaveTextContent(`/dashboard/abogados/${ID}`);
  });

  it('says that no id was given without one', () => {
    mockApi({ 'GET /api/auth/me': () => ok(CLIENT) });
    renderWithApp(<LawyerDetailRoute />, { path: '/dashboard/detail', consent: 'true' });
    expect(screen.getByText(es.lawyerProfile.noId)).toBeInTheDocument();
  });
});
