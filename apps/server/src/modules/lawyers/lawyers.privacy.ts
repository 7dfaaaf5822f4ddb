import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { academicExperiences, lawyerProfiles, workExperiences } from '../../db/schema/index.ts';
import { erasedLawyerSlug } from './lawyer-slugs.ts';

/** docs/domain.md, Privacy rights: what the lawyers feature exports of a lawyer, and erases. */
export const lawyersPrivacy = {
  /** The lawyer's sheet with their academic and work experience; null for someone without one. */
  async exportFor(userId: string, db: Db) {
    const [profile] = await db
      .select({
        description: lawyerProfiles.description,
        categories: lawyerProfiles.categories,
        province: lawyerProfiles.province,
        barAssociation: lawyerProfiles.lawyerAssociation,
        barNumber: lawyerProfiles.membershipNumber,
        priceHourCents: lawyerProfiles.priceHourCents,
        priceFirstVisitCents: lawyerProfiles.priceFirstVisitCents,
        firstVisitFree: lawyerProfiles.firstVisitFree,
        verifiedAt: lawyerProfiles.verifiedAt,
      })
      .from(lawyerProfiles)
      .where(eq(lawyerProfiles.userId, userId));
    if (!profile) return null;
    const academic = await db
      .select({
        center: academicExperiences.center,
        title: academicExperiences.title,
        startDate: academicExperiences.startDate,
        endDate: academicExperiences.endDate,
      })
      .from(academicExperiences)
      .where(eq(academicExperiences.lawyerId, userId));
    const work = await db
      .select({
        company: workExperiences.company,
        position: workExperiences.position,
        startDate: workExperiences.startDate,
        endDate: workExperiences.endDate,
      })
      .from(workExperiences)
      .where(eq(workExperiences.lawyerId, userId));
    return { ...profile, academicExperience: academic, workExperience: work };
  },

  /**
   * The lawyer leaves the directory and the verification queue: the sheet is emptied and marked rejected
   * with `reason`, so no listing, profile page or new case reaches them; their experience goes.
   */
  async eraseFor(userId: string, tx: Db, reason: string) {
    await tx
      .update(lawyerProfiles)
      .set({
        description: '',
        lawyerAssociation: '',
        membershipNumber: '',
        searchText: '',
        // the page's address spelt the name: a new one that names nobody, at once
        slug: erasedLawyerSlug(userId),
        featured: false,
        verifiedAt: null,
        rejectedAt: new Date(),
        rejectionReason: reason,
        updatedAt: new Date(),
      })
      .where(eq(lawyerProfiles.userId, userId));
    await tx.delete(academicExperiences).where(eq(academicExperiences.lawyerId, userId));
    await tx.delete(workExperiences).where(eq(workExperiences.lawyerId, userId));
  },
};
