import { Outlet } from 'react-router';
import { PublicFrame } from './public-frame.tsx';

/** The public pages of the SPA in their frame (the landing page's own entry uses the frame directly). */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
