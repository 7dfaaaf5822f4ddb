import { COOKIE_CONSENT_KEY } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LandingApp } from './app/landing/landing-app.tsx';
import { renderLanding } from './landing-prerender.tsx';
import { mockApi } from './test/mock-api.ts';
import { withoutBrowser } from './test/without-browser.ts';

const renderWithoutBrowser = () => withoutBrowser(renderLanding);

/** landing.html as built, hydrated as landing-main.tsx does; the mismatches React recovered from. */
async function hydrateBuiltPage() {
  const container = document.createElement('div');
  container.innerHTML = renderWithoutBrowser();
  document.body.append(container);
  const mismatches: unknown[] = [];
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <LandingApp />
      </StrictMode>,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  return { container, mismatches, unmount: () => act(() => root?.unmount()) };
}

describe('landing.html rendered at build time (landing-prerender.tsx, ADR 0022)', () => {
  let page: Awaited<ReturnType<typeof hydrateBuiltPage>> | undefined;
  beforeEach(() => {
    mockApi();
    window.history.replaceState(null, '', '/');
  });
  afterEach(async () => {
    await page?.unmount();
    page?.container.remove();
    page = undefined;
  });

  it('holds the landing as a first visit sees it: header, hero and cookie banner, no modal', () => {
    const container = document.createElement('div');
    container.innerHTML = renderWithoutBrowser();
    document.body.append(container);
    const view = within(container);
    expect(view.getByRole('heading', { level: 1, name: es.brand.slogan })).toBeInTheDocument();
    expect(view.getAllByRole('button', { name: es.buttons.login }).length).toBeGreaterThan(0);
    expect(view.getByRole('region', { name: es.cookies.label })).toBeInTheDocument();
    expect(view.queryByRole('dialog')).not.toBeInTheDocument();
    container.remove();
  });

  it('hydrates without a mismatch and then works: the login button opens its modal', async () => {
    page = await hydrateBuiltPage();
    expect(page.mismatches).toEqual([]);
    const [login] = within(page.container).getAllByRole('button', { name: es.buttons.login });
    if (!login) throw new Error('no login button');
    await act(async () => login.click());
    // the modal's code loads when it first opens
    expect(
      await screen.findByRole('dialog', { name: es.login.title }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('hydrated at /login, opens the login modal after hydrating, without a mismatch', async () => {
    window.history.replaceState(null, '', '/login');
    page = await hydrateBuiltPage();
    expect(page.mismatches).toEqual([]);
    // the modal's code loads when it first opens
    expect(
      await screen.findByRole('dialog', { name: es.login.title }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('for a returning visitor who accepted cookies, hydrates the same page, then hides the banner', async () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
    page = await hydrateBuiltPage();
    expect(page.mismatches).toEqual([]);
    await waitFor(() =>
      expect(within(page!.container).queryByRole('region', { name: es.cookies.label })).toBeNull(),
    );
  });
});
