import { es } from '@l4l/shared/texts/es';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from './route-error-page.tsx';

function Broken(): never {
  throw new Error('boom');
}

describe('RouteErrorPage', () => {
  it('replaces a crashed screen with the last-resort text and a way home', async () => {
    // React logs the caught error; keep the test output readable
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: es.router.unexpected })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: es.router.backHome })).toHaveAttribute('href', '/');
  });
});
