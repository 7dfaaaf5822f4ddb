import { describe, expect, it } from 'vitest';
import { renderDirectoryPage } from './directory-page.ts';

/** A listing whose count stopped at its limit (docs/decisions/0020-bounded-search-counts.md) says so, and claims no number. */
describe('a directory page over more lawyers than are counted', () => {
  const lawyer = {
    id: '00000000-0000-4000-8000-000000000001',
    fullName: 'Lucía García',
    name: 'Lucía',
    surname: 'García',
    description: 'Abogada civilista.',
    categories: ['Abogado Civil'],
    rating: 4.5,
    totalRatings: 2,
    province: 'Madrid',
    price: 60,
    priceFirstVisit: null,
    firstVisitFree: true,
    activeCases: 1,
    finishedCases: 3,
    lawyerPhoto: null,
    responseTime: null,
    professionalTitle: 'Abogada' as const,
    slug: 'lucia-garcia',
  };
  const render = (total: number, totalIsExact: boolean) =>
    renderDirectoryPage(
      {
        category: 'Abogado Civil',
        province: null,
        page: 1,
        listing: { lawyers: [lawyer], total, totalIsExact },
        provinces: ['Madrid'],
      },
      { publicUrl: 'https://l4l.example' },
    );

  it("says 'más de' in the description and the count, and leaves numberOfItems out", () => {
    const html = render(1000, false);
    expect(html).toContain('<p class="count">Más de 1000 abogados verificados</p>');
    expect(html).toContain('Abogados de derecho civil en España: más de 1000 abogados verificados con');
    expect(html).not.toContain('numberOfItems');
    expect(html).toContain('Página 1 de 50');
  });

  it('gives the exact number otherwise', () => {
    const html = render(42, true);
    expect(html).toContain('<p class="count">42 abogados verificados</p>');
    expect(html).toContain('"numberOfItems":42');
  });

  it("links to the signed-in directory's price and free-first-consultation filters for this category", () => {
    const html = render(42, true);
    expect(html).toContain(
      'href="/dashboard/inicio?categories=Abogado+Civil&amp;sort=price_asc" rel="nofollow">por precio por hora</a>',
    );
    expect(html).toContain(
      'href="/dashboard/inicio?categories=Abogado+Civil&amp;firstVisitFree=true" rel="nofollow">solo con primera consulta gratis</a>',
    );
  });
});
