import { COOKIE_CONSENT_KEY } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { COOKIE_BANNER_SPACE, CookieBanner } from './cookie-banner.tsx';

function renderBanner() {
  render(
    <MemoryRouter>
      <CookieBanner />
    </MemoryRouter>,
  );
  return screen.queryByRole('region', { name: es.cookies.label });
}

describe('CookieBanner', () => {
  it('explains the cookies and links to the cookie policy until a choice is made', () => {
    const banner = renderBanner();
    expect(banner).toHaveTextContent(es.cookies.text);
    expect(screen.getByRole('link', { name: es.cookies.moreInfo })).toHaveAttribute(
      'href',
      '/politica-de-cookies',
    );
  });

  it.each([
    [es.cookies.accept, 'true'],
    [es.cookies.reject, 'false'],
  ])('"%s" stores %s and hides the banner', async (button, stored) => {
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe(stored);
    expect(screen.queryByRole('region', { name: es.cookies.label })).not.toBeInTheDocument();
  });

  it('tells the dialogs how much of the screen it covers while shown, and nothing once answered', async () => {
    const space = () => document.documentElement.style.getPropertyValue(COOKIE_BANNER_SPACE);
    renderBanner();
    // jsdom lays nothing out: the banner's top is at 0, so it covers the whole window's height
    expect(space()).toBe(`${window.innerHeight}px`);
    await userEvent.click(screen.getByRole('button', { name: es.cookies.accept }));
    expect(space()).toBe('');
  });

  it('stays hidden once the visitor has chosen', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'false');
    expect(renderBanner()).toBeNull();
  });
});
