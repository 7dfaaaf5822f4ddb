import { DEFAULT_PROFESSIONAL_TITLE } from '@l4l/shared/constants/categories';
import { ROLE } from '@l4l/shared/constants/roles';
import type { LawyerRegistration, RegistrationCheck, UserRegistration } from '@l4l/shared/schemas/auth';
import { usernameOf } from '@l4l/shared/schemas/auth';
import { eurosToCents, firstVisitOf } from '@l4l/shared/schemas/common';
import { searchableText } from '@l4l/shared/search';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { storeAvatar } from '../../lib/image-processing.ts';
import { dataUrlBytes } from '../../lib/images.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Storage } from '../../lib/storage/index.ts';
import type { AfterCommit, transactional } from '../../lib/transaction.ts';
import type { Account, AuthRepository } from './auth.repository.ts';
import type { createEmailVerification } from './email-verification.ts';
import { assertUncommonPassword, isCommonPassword } from './password-policy.ts';

const userExists = () => new AppError('USER_EXISTS');

/**
 * Registration (docs/api/http.md, Auth): a client account, signed in at once, and a lawyer account with its
 * profile and photo, waiting for an administrator. Both refuse a common password and a taken mail, and
 * mail the link that verifies the address.
 */
export function createRegistration<SignedIn>({
  repository,
  transaction,
  storage,
  emailVerification,
  openSession,
}: {
  repository: AuthRepository;
  transaction: ReturnType<typeof transactional<AuthRepository>>;
  /** where the registration photo is kept (app.storage) */
  storage: Storage;
  emailVerification: ReturnType<typeof createEmailVerification>;
  /** signs the new client in (sign-in.ts) */
  openSession: (account: Account, remember: boolean) => Promise<SignedIn>;
}) {
  /** The account fields every registration shares; refuses a common password and a taken mail. */
  async function newAccount(input: UserRegistration) {
    assertUncommonPassword(input.password, 'password');
    if (await repository.mailTaken(input.mail)) throw userExists();
    return {
      mail: input.mail,
      name: input.name,
      surname: input.surname,
      username: usernameOf(input.name, input.surname),
      phoneNumber: input.phoneNumber,
    };
  }

  /** Inserts in one transaction; a mail taken meanwhile (unique index) is the same 409. */
  async function insertAccount<T>(
    work: (tx: AuthRepository, txDb: Db, afterCommit: AfterCommit) => Promise<T>,
  ): Promise<T> {
    try {
      return await transaction(work);
    } catch (err) {
      if (isUniqueViolation(err)) throw userExists();
      throw err;
    }
  }

  return {
    /**
     * (+) What a registration with this mail and password would refuse, said before the wizard's later
     * steps: a 400 naming each field (a common password, a taken mail), nothing when both would do. It
     * tells no more than the registration's own 409 (ADR 0004, Registration checks).
     */
    async checkRegistration(input: RegistrationCheck): Promise<void> {
      const fields: Record<string, string> = {};
      if (isCommonPassword(input.password)) fields.password = es.validation.passwordCommon;
      if (await repository.mailTaken(input.mail)) fields.mail = es.validation.userExists;
      if (Object.keys(fields).length > 0) throw validationError(fields);
    },

    /**
     * A client account; the client is signed in at once (ADR 0003: registration sets the cookie too) and
     * is mailed the link that verifies the address (docs/domain.md, Mail verification).
     */
    async registerUser(input: UserRegistration): Promise<SignedIn> {
      const fields = await newAccount(input);
      const passwordHash = await hashPassword(input.password);
      const account = await insertAccount(async (tx, txDb, afterCommit) => {
        const user = await tx.insertUser({ ...fields, role: ROLE.USUARIO, passwordHash });
        await emailVerification.sendVerificationLink(tx, txDb, afterCommit, user);
        return { ...user, lawyerVerifiedAt: null, lawyerRejectedAt: null, lawyerRejectionReason: null };
      });
      return openSession(account, input.remember ?? false);
    },

    /**
     * A lawyer account, unverified until an administrator verifies it, so no session yet; the address is
     * mailed its verification link meanwhile.
     */
    async registerLawyer(input: LawyerRegistration): Promise<{ id: string }> {
      const fields = await newAccount(input);
      // the photo's bytes are checked (413/415) before any costly work
      const photoBytes = input.lawyerPhoto ? dataUrlBytes(input.lawyerPhoto) : undefined;
      const photo = photoBytes ? await storeAvatar(storage, photoBytes) : undefined;
      const firstVisit = firstVisitOf(input.lawyerFirstVisitFree, input.lawyerPriceFirstVisit);
      try {
        const passwordHash = await hashPassword(input.password);
        return await insertAccount(async (tx, txDb, afterCommit) => {
          const user = await tx.insertUser({
            ...fields,
            role: ROLE.ABOGADO,
            passwordHash,
            photoUrl: photo?.url ?? null,
          });
          await tx.insertLawyerProfile({
            userId: user.id,
            description: input.lawyerDescription,
            categories: input.lawyerCategory,
            province: input.province,
            lawyerAssociation: input.barAssociation,
            membershipNumber: input.barNumber,
            professionalTitle: input.professionalTitle ?? DEFAULT_PROFESSIONAL_TITLE,
            priceHourCents: eurosToCents(input.lawyerPrice),
            priceFirstVisitCents: firstVisit.priceCents,
            firstVisitFree: firstVisit.free,
            searchText: searchableText(input.name, input.surname),
          });
          if (photo) {
            await tx.insertUpload({
              ownerId: user.id,
              url: photo.url,
              mime: photo.mime,
              bytes: photo.bytes,
              purpose: 'avatar',
            });
          }
          await emailVerification.sendVerificationLink(tx, txDb, afterCommit, user);
          return { id: user.id };
        });
      } catch (err) {
        await photo?.remove();
        throw err;
      }
    },
  };
}
