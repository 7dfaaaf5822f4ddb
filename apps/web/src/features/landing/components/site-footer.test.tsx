import { es } from '@l4l/shared/texts/es';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer.tsx';

describe('SiteFooter', () => {
  it('shows the current year, the three legal pages and the lawyer call to action', async () => {
    const onRegister = vi.fn();
    render(
      <MemoryRouter>
        <SiteFooter onRegister={onRegister} />
      </MemoryRouter>,
    );
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(String(new Date().getFullYear()));
    const legal = within(footer).getByRole('navigation', { name: es.footer.legal });
    expect(within(legal).getByRole('link', { name: es.footer.privacy })).toHaveAttribute(
      'href',
      '/politica-de-privacidad',
    );
    expect(within(legal).getByRole('link', { name: es.footer.cookies })).toHaveAttribute(
      'href',
      '/politica-de-cookies',
    );
    expect(within(legal).getByRole('link', { name: es.footer.legalNotice })).toHaveAttribute(
      'href',
      '/aviso-legal',
    );
    expect(within(footer).getByRole('link', { name: es.footer.about })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: es.footer.press })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: es.footer.terms })).toBeInTheDocument();

    expect(footer).toHaveTextContent(es.brand.lawyerCta);
    await userEvent.click(within(footer).getByRole('button', { name: es.landing.lawyerCtaButton }));
    expect(onRegister).toHaveBeenCalledOnce();
  });
});
