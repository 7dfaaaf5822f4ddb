import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingApp } from './app/landing/landing-app.tsx';

/**
 * landing.html's content as a first visit sees it, rendered when the app is built (vite.config.ts): the
 * page paints from its HTML, before any script, and landing-main.tsx hydrates it (ADR 0022).
 */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingApp />
    </StrictMode>,
  );
}
