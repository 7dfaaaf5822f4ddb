import { paths } from '../../../lib/paths.ts';

/** The public profile has a real URL (shareable, survives reload), unlike the navigation-state route. */
export const lawyerProfilePath = (lawyerId: string) => `${paths.lawyers}/${encodeURIComponent(lawyerId)}`;
