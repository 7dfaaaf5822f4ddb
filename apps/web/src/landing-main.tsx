import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingApp } from './app/landing/landing-app.tsx';

// landing.html: a hard load of '/', '/login' or '/registro' (ADR 0008); every other page is main.tsx's SPA.
// Loaded by landing-boot.ts after the first paint.
const root = document.getElementById('root');
if (!root) throw new Error('landing.html has no #root element');

const app = (
  <StrictMode>
    <LandingApp />
  </StrictMode>
);
// the built page carries the landing already (landing-prerender.tsx); the dev server's does not
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
