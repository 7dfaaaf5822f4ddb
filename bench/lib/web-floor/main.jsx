/**
 * The smallest app on L4L's stack: React 19, React DOM and React Router 7's data router with the pieces the
 * real app's shell uses (createBrowserRouter, RouterProvider, a lazy route, Link, Navigate, Outlet,
 * ScrollRestoration, useNavigate, useLocation). bench/web.mjs builds it to show what the landing page's
 * JavaScript cannot go below on this stack.
 */
import { createRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useNavigate,
} from 'react-router';

function Layout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <main>
      <Link to="/">{pathname}</Link>
      <button type="button" onClick={() => navigate('/')}>
        inicio
      </button>
      <Outlet />
      <ScrollRestoration />
    </main>
  );
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', lazy: async () => ({ Component: (await import('./screen.jsx')).Screen }) },
      { path: '/inicio', element: <Navigate to="/" replace /> },
    ],
  },
]);

createRoot(document.getElementById('root')).render(<RouterProvider router={router} />);
