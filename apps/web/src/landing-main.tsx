import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingApp } from './app/landing/landing-app.tsx';

// landing.html: a hard load of '/', '/login' or '/registro' (ADR 0008); every other page is main.tsx's SPA
const root = document.getElementById('root');
if (!root) throw new Error('landing.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <LandingApp />
  </StrictMode>,
);
