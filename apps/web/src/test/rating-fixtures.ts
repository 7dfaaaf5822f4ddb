import type { Rating } from '@l4l/shared/schemas/lawyers';
import { CLIENT } from './render.tsx';

/** A rating as GET /api/rating/... answers it: the demo client rated lawyer 'l1', no answer, shown. */
export function makeRating(overrides: Partial<Rating> = {}): Rating {
  return {
    id: 'r1',
    userId: CLIENT.id,
    lawyerId: 'l1',
    caseId: 'c1',
    userPhotoUrl: null,
    profileImage: null,
    userName: 'Ana Martín',
    lawyerName: 'Lucía Gómez',
    shortDescription: 'Muy profesional y cercana en todo…',
    title: 'Muy profesional',
    description: 'Me explicó cada paso de la herencia.',
    stars: 5,
    score: 5,
    date: '2026-03-07T10:00:00.000Z',
    reply: null,
    hidden: false,
    ...overrides,
  };
}
