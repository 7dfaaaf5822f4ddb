import { Link, useLocation, useNavigate } from 'react-router';
import type { Navigation } from './navigation.tsx';

/** The SPA's navigation for the components it shares with the landing page's entry (lib/navigation.tsx). */
export const routerNavigation: Navigation = {
  usePathname: () => useLocation().pathname,
  useNavigate,
  Link,
};
