import {
  type ComponentType,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
  useSyncExternalStore,
} from 'react';
// types only: this module is on the landing page, which loads no router (ADR 0008)
import type { LinkProps, To } from 'react-router';

export type NavigateOptions = { replace?: boolean };
export type Navigate = (to: string, options?: NavigateOptions) => void;

/**
 * How a shared component moves between pages without importing React Router: the SPA provides the router
 * (`lib/router-navigation.tsx`), the landing page's own entry (`landing.html`) the browser's history.
 * `usePathname` and `useNavigate` are hooks: a value never changes while the app runs.
 */
export type Navigation = {
  usePathname: () => string;
  useNavigate: () => Navigate;
  Link: ComponentType<LinkProps>;
};

/** `to` as an href: a path, or its parts as React Router takes them. */
function hrefOf(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
}

/** A page load: what leaving a page without a router means unless the page says otherwise. */
export function loadPage(url: URL, { replace = false }: NavigateOptions) {
  if (replace) window.location.replace(url);
  else window.location.assign(url);
}

/**
 * Navigation of a page without a router: pushState for the paths the page shows itself (`ownPaths`, e.g.
 * the landing's '/', '/login', '/registro', where the path only picks a modal), `leave` for any other
 * path (by default a page load). The back button works as in the SPA: popstate re-renders whoever reads
 * the path.
 */
export function createDocumentNavigation(
  ownPaths: readonly string[],
  leave: (url: URL, options: NavigateOptions) => void = loadPage,
): Navigation {
  const own = new Set(ownPaths);
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    window.addEventListener('popstate', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('popstate', listener);
    };
  };
  const readPathname = () => window.location.pathname;
  // a page rendered ahead (landing-prerender.tsx) is rendered at its first own path, and hydrated as such;
  // the path of the address bar follows at once
  const prerenderedPathname = () => ownPaths[0] ?? '/';

  const navigate: Navigate = (to, options = {}) => {
    const url = new URL(to, window.location.href);
    const here = window.location;
    if (url.origin !== here.origin) return loadPage(url, options);
    // a hash on this same page only scrolls, as a plain link would
    if (url.hash && url.pathname === here.pathname && url.search === here.search)
      return loadPage(url, options);
    if (!own.has(url.pathname) || url.hash) return leave(url, options);
    if (options.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    for (const listener of listeners) listener();
  };

  return {
    usePathname: () => useSyncExternalStore(subscribe, readPathname, prerenderedPathname),
    useNavigate: () => navigate,
    Link: DocumentLink,
  };
}

/**
 * A link without a router: a plain `<a>` whose plain click goes through the page's navigation (history for
 * its own paths, a page load otherwise), so a modal opens without reloading the landing page.
 */
function DocumentLink({
  to,
  onClick,
  // what only a router does with a link: a page load has nothing to keep
  replace: _replace,
  state: _state,
  reloadDocument: _reloadDocument,
  preventScrollReset: _preventScrollReset,
  relative: _relative,
  viewTransition: _viewTransition,
  discover: _discover,
  prefetch: _prefetch,
  defaultShouldRevalidate: _defaultShouldRevalidate,
  ...props
}: LinkProps) {
  const navigate = useAppNavigate();
  const href = hrefOf(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (event.defaultPrevented || !plain || (props.target && props.target !== '_self')) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handleClick} {...props} />;
}

/** Outside any provider (a test rendering one component, the router's error page): plain page loads. */
const NavigationContext = createContext<Navigation>(createDocumentNavigation([]));

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/** The current path; the component renders again when it changes. */
export function usePathname(): string {
  return useContext(NavigationContext).usePathname();
}

export function useAppNavigate(): Navigate {
  return useContext(NavigationContext).useNavigate();
}

/** A link that is the router's `Link` in the SPA and a plain `<a>` on the landing page. */
export function AppLink(props: LinkProps) {
  const { Link } = useContext(NavigationContext);
  return <Link {...props} />;
}
