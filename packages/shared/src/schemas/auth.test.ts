import { describe, expect, it } from 'vitest';
import { es } from '../texts/es.ts';
import { adminLawyersQuerySchema } from './admin.ts';
import {
  lawyerRegistrationSchema,
  loginSchema,
  updatePasswordSchema,
  usernameOf,
  userProfileUpdateSchema,
  userRegistrationSchema,
} from './auth.ts';
import { firstVisitOf, priceSchema } from './common.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const user = {
  mail: ' Ana.Martin@Correo.ES ',
  password: 'Toga-Martillo-2024',
  name: ' Ana ',
  surname: 'Martín López',
  phoneNumber: '612 345 678',
};

describe('usernameOf', () => {
  it('joins name and surname without spaces', () => {
    expect(usernameOf('María José', ' de la Fuente ')).toBe('MaríaJosédelaFuente');
  });
});

describe('userRegistrationSchema', () => {
  it('normalises the mail, trims names, strips the phone and drops the extras (role, username, id)', () => {
    const parsed = userRegistrationSchema.parse({ ...user, role: 'ADMIN', username: 'x', id: '' });
    expect(parsed).toEqual({
      mail: 'ana.martin@correo.es',
      password: 'Toga-Martillo-2024',
      name: 'Ana',
      surname: 'Martín López',
      phoneNumber: '612345678',
    });
  });

  it('gives the messages of the validation rules', () => {
    const result = userRegistrationSchema.safeParse({
      mail: 'x@y',
      password: 'abc',
      phoneNumber: '61234567',
    });
    expect(messages(result)).toEqual({
      mail: 'El formato del correo electrónico no es correcto.',
      password:
        'La contraseña debe tener al menos 8 caracteres, una letra mayúscula, una minúscula y un número.',
      name: es.validation.required,
      surname: es.validation.required,
      phoneNumber: 'El formato del número de teléfono no es correcto.',
    });
  });

  it('accepts passwords of 8 to 128 characters with any other character', () => {
    for (const password of ['Abcdefg1', `Aa1${'ñ'.repeat(125)}`, 'Ünïcödé Pässwörd 9 €€€ 😀']) {
      expect(userRegistrationSchema.safeParse({ ...user, password }).success).toBe(true);
    }
    expect(userRegistrationSchema.safeParse({ ...user, password: `Aa1${'x'.repeat(126)}` }).success).toBe(
      false,
    );
  });
});

describe('lawyerRegistrationSchema', () => {
  const lawyer = {
    ...user,
    lawyerCategory: ['Abogado Civil', 'Abogado Civil', 'Abogado Laboral'],
    lawyerDescription: ' Laboralista. ',
    lawyerPrice: '45,5',
    province: 'Toda España',
    barNumber: '2.509',
    barAssociation: 'pamplona',
    lawyerPhoto: '',
  };

  it('converts the price, trims the description, removes repeated categories and an empty photo', () => {
    const parsed = lawyerRegistrationSchema.parse(lawyer);
    expect(parsed).toMatchObject({
      lawyerCategory: ['Abogado Civil', 'Abogado Laboral'],
      lawyerDescription: 'Laboralista.',
      lawyerPrice: 45.5,
      province: 'Toda España',
    });
    expect(parsed.lawyerPhoto).toBeUndefined();
  });

  it('gives the messages of the validation rules, the photo reusing the price one', () => {
    const result = lawyerRegistrationSchema.safeParse({
      ...lawyer,
      lawyerCategory: [],
      lawyerDescription: '',
      lawyerPrice: '',
      province: '',
      lawyerPhoto: 'foto.png',
    });
    expect(messages(result)).toEqual({
      lawyerCategory: es.validation.category,
      lawyerDescription: 'La descripción es obligatoria.',
      lawyerPrice: 'El precio es obligatorio.',
      province: es.validation.province,
      lawyerPhoto: 'El precio es obligatorio.',
    });
  });

  it('asks for the choice of first consultation, and the price of a paid one beside the other messages', () => {
    expect(messages(lawyerRegistrationSchema.safeParse({ ...lawyer, lawyerFirstVisitFree: null }))).toEqual({
      lawyerFirstVisitFree: es.validation.firstVisitChoice,
    });
    const paidWithoutPrice = lawyerRegistrationSchema.safeParse({
      ...lawyer,
      province: '',
      lawyerFirstVisitFree: false,
      lawyerPriceFirstVisit: '',
    });
    expect(messages(paidWithoutPrice)).toEqual({
      province: es.validation.province,
      lawyerPriceFirstVisit: es.validation.price,
    });
    expect(
      lawyerRegistrationSchema.parse({
        ...lawyer,
        lawyerFirstVisitFree: false,
        lawyerPriceFirstVisit: '30,5',
      }),
    ).toMatchObject({ lawyerFirstVisitFree: false, lawyerPriceFirstVisit: 30.5 });
    // without the choice the registration is taken, the first consultation kept as not given
    const unsaid = lawyerRegistrationSchema.parse(lawyer);
    expect(unsaid.lawyerFirstVisitFree).toBeUndefined();
    expect(unsaid.lawyerPriceFirstVisit).toBeUndefined();
  });

  it('accepts a data URL photo and refuses a 501-character description', () => {
    expect(
      lawyerRegistrationSchema.safeParse({ ...lawyer, lawyerPhoto: 'data:image/png;base64,iVBORw0KGgo=' })
        .success,
    ).toBe(true);
    expect(
      messages(lawyerRegistrationSchema.safeParse({ ...lawyer, lawyerDescription: 'x'.repeat(501) })),
    ).toEqual({
      lawyerDescription: es.validation.descriptionTooLong,
    });
  });
});

describe('firstVisitOf', () => {
  it('is free only when chosen (0 € is that choice), keeps a given price, and never invents 0', () => {
    expect(firstVisitOf(true, undefined)).toEqual({ free: true, priceCents: null });
    expect(firstVisitOf(true, 25)).toEqual({ free: true, priceCents: 2500 });
    expect(firstVisitOf(false, 0)).toEqual({ free: true, priceCents: null });
    expect(firstVisitOf(false, 30.5)).toEqual({ free: false, priceCents: 3050 });
    expect(firstVisitOf(undefined, undefined)).toEqual({ free: false, priceCents: null });
  });
});

describe('priceSchema', () => {
  it.each([
    [45, 45],
    [0, 0],
    [12.5, 12.5],
    ['12,50', 12.5],
    ['12.5', 12.5],
    [' 80 ', 80],
  ])('accepts %j as %d', (input, expected) => {
    expect(priceSchema.parse(input)).toBe(expected);
  });

  it.each([[-1], [1.234], ['1,234'], ['1.000,50'], ['12,'], ['abc'], [''], [null], [undefined], [2_000_000]])(
    'refuses %j with its Spanish message',
    (input) => {
      const result = priceSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(es.validation.price);
    },
  );
});

describe('other account schemas', () => {
  it('login takes the mail as `email`, normalised', () => {
    expect(loginSchema.parse({ email: 'ANA@L4L.ES', password: 'x' })).toEqual({
      email: 'ana@l4l.es',
      password: 'x',
    });
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: es.validation.email,
      password: es.validation.required,
    });
  });

  it('update-password needs the token and a policy-compliant password', () => {
    expect(messages(updatePasswordSchema.safeParse({ token: '', newPassword: 'corta' }))).toEqual({
      token: es.validation.resetAllRequired,
      newPassword: es.validation.password,
    });
  });

  it('the profile update allows an empty surname', () => {
    expect(userProfileUpdateSchema.parse({ ...user, surname: undefined })).toMatchObject({ surname: '' });
  });

  it('the admin lawyer list reads verified=true|false', () => {
    expect(adminLawyersQuerySchema.parse({ verified: 'false' })).toEqual({
      verified: false,
      page: 1,
      pageSize: 20,
      sort: 'createdAt',
    });
    expect(adminLawyersQuerySchema.parse({ verified: 'true', sort: 'name', order: 'asc' })).toEqual({
      verified: true,
      page: 1,
      pageSize: 20,
      sort: 'name',
      order: 'asc',
    });
    expect(adminLawyersQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20, sort: 'createdAt' });
  });
});
