import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter } from '../router.tsx';

/**
 * The SPA, started inside the landing page's document when the visitor leaves it through the app (after
 * signing in, or a signed-in visitor sent to the dashboard): the session lives in memory, and without
 * lasting consent a page load would end it (ADR 0003), so the landing page never reloads to get here.
 * The router reads the address the landing page has just set.
 */
export function SpaInPlace() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
