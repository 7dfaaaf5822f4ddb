import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './after-sign-in.ts';

describe('afterSignInPath', () => {
  const lawyerPage = '/dashboard/abogados/0b7c5a52-1d2e-4f3a-9b8c-7d6e5f4a3b2c';

  it('follows ?destino= to a dashboard page, for clients and lawyers', () => {
    const search = `?destino=${encodeURIComponent(lawyerPage)}`;
    expect(afterSignInPath('USUARIO', search)).toBe(lawyerPage);
    expect(afterSignInPath('ABOGADO', search)).toBe(lawyerPage);
  });

  it('goes to the dashboard without one, and an administrator always to the console', () => {
    expect(afterSignInPath('USUARIO', '')).toBe('/dashboard');
    expect(afterSignInPath('ADMIN', `?destino=${encodeURIComponent(lawyerPage)}`)).toBe('/admin');
  });

  it('never follows a destination outside the dashboard or off the site', () => {
    for (const wanted of [
      'https://otra.example/dashboard/x',
      '//otra.example/dashboard/x',
      '/dashboard',
      '/admin',
      '/dashboard/../admin',
      '/dashboard/\\otra.example',
      'javascript:alert(1)',
    ]) {
      expect(afterSignInPath('USUARIO', `?destino=${encodeURIComponent(wanted)}`), wanted).toBe('/dashboard');
    }
  });
});
