import { PROFESSIONAL_TITLES } from '@l4l/shared/constants/categories';
import { LIMITS } from '@l4l/shared/constants/limits';
import { formatPhone } from '@l4l/shared/format';
import type {
  LawyerProfileUpdate,
  LawyerSheet as LawyerSheetData,
  lawyerProfileUpdateSchema,
} from '@l4l/shared/schemas/lawyers';
import { es } from '@l4l/shared/texts/es/profile';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { AccountActions } from '../../../components/account-actions/account-actions.tsx';
import {
  BarAssociationField,
  BarNumberField,
} from '../../../components/bar-association-field/bar-association-field.tsx';
import { Button } from '../../../components/button/button.tsx';
import { CategorySelect } from '../../../components/category-select/category-select.tsx';
import {
  Field,
  FormMessage,
  PhoneField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/form/field.tsx';
import { ChevronLeftIcon } from '../../../components/icons/icons.tsx';
import { ProvinceSelect } from '../../../components/province-select/province-select.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { schemaResolver } from '../../../lib/schema-resolver.ts';
import { type SessionUser, useSession } from '../../../lib/session.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLawyerDetail } from '../api/get-lawyer-detail.ts';
import { useLawyerSheet } from '../api/get-lawyer-sheet.ts';
import { lawyerProfileUpdateSchema as loadProfileUpdateSchema } from '../api/schemas.ts';
import { useUpdateLawyerProfile } from '../api/update-lawyer-profile.ts';
import { ExperienceEditor } from './experience-editor.tsx';
import styles from './lawyer-sheet.module.css';
import { PricesPanel } from './prices-panel.tsx';

type SheetForm = z.input<typeof lawyerProfileUpdateSchema>;

const toForm = (sheet: LawyerSheetData): SheetForm => ({
  name: sheet.name,
  surname: sheet.surname,
  mail: sheet.mail,
  phoneNumber: formatPhone(sheet.phoneNumber),
  description: sheet.description,
  // the server only stores known categories and provinces
  categories: sheet.categories as SheetForm['categories'],
  province: sheet.province as SheetForm['province'],
  // not given yet: the lawyer is asked to choose (the schema refuses an empty choice)
  barNumber: sheet.barNumber ?? '',
  barAssociation: (sheet.barAssociation ?? '') as SheetForm['barAssociation'],
  professionalTitle: sheet.professionalTitle ?? 'Abogado',
});

type LawyerSheetProps = {
  user: SessionUser;
  /** Composed by the app: the avatar (with its editor), the password modal and the ratings panel. */
  avatar: ReactNode;
  onRenewPassword: () => void;
  ratings: ReactNode;
};

/** docs/product.md, Profile (lawyer): 'Ficha de Abogado', 'Precios', ratings and both experience lists. */
export function LawyerSheet({ user, avatar, onRenewPassword, ratings }: LawyerSheetProps) {
  const sheet = useLawyerSheet(user.id);
  if (sheet.isPending) {
    return (
      <div className={styles.state}>
        <Spinner size="lg" />
      </div>
    );
  }
  if (sheet.isError) {
    return (
      <div className={styles.state}>
        <FormMessage>{es.lawyerProfile.sheetLoadError}</FormMessage>
        <Button variant="secondary" onClick={() => sheet.refetch()}>
          {es.common.retry}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      {/* the nav bar is hidden on /profile (docs/product.md, Dashboard): this is the way back */}
      <Link to={paths.home} className={styles.back}>
        <ChevronLeftIcon size={18} />
        {es.nav.backToHome}
      </Link>
      <div className={styles.columns}>
        <SheetForm sheet={sheet.data} avatar={avatar} onRenewPassword={onRenewPassword} />
        <div className={styles.side}>
          <PricesPanel sheet={sheet.data} />
          {ratings}
        </div>
      </div>
      <Experience lawyerId={user.id} />
    </div>
  );
}

function Experience({ lawyerId }: { lawyerId: string }) {
  // the saved entries come with the public profile of the lawyer
  const detail = useLawyerDetail(lawyerId);
  if (detail.isPending) return <Spinner />;
  if (detail.isError || !detail.data) return <FormMessage>{es.lawyerProfile.loadError}</FormMessage>;
  return (
    <div className={styles.experience}>
      <ExperienceEditor kind="education" lawyerId={lawyerId} entries={detail.data.academicExperiences} />
      <ExperienceEditor kind="experience" lawyerId={lawyerId} entries={detail.data.workExperiences} />
    </div>
  );
}

/** Name, surname, mail and phone, as in Mi Perfil. */
function IdentityFields({
  register,
  errors,
}: {
  register: UseFormRegister<SheetForm>;
  errors: FieldErrors<SheetForm>;
}) {
  return (
    <>
      <TextField
        label={es.profile.name}
        autoComplete="given-name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={es.profile.surname}
        autoComplete="family-name"
        error={errors.surname?.message}
        {...register('surname')}
      />
      <TextField
        label={es.profile.mail}
        type="email"
        autoComplete="email"
        error={errors.mail?.message}
        {...register('mail')}
      />
      <PhoneField label={es.profile.phone} error={errors.phoneNumber?.message} {...register('phoneNumber')} />
    </>
  );
}

/** Where the lawyer practises: their categories and their province. */
function PracticeFields({
  control,
  errors,
}: {
  control: Control<SheetForm, unknown, LawyerProfileUpdate>;
  errors: FieldErrors<SheetForm>;
}) {
  return (
    <>
      <Field label={es.lawyerProfile.categories} error={errors.categories?.message}>
        {(controlProps, labelId) => (
          <Controller
            control={control}
            name="categories"
            render={({ field }) => (
              <CategorySelect
                {...controlProps}
                labelId={labelId}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
      </Field>
      <Field label={es.lawyerProfile.province} error={errors.province?.message}>
        {(controlProps) => (
          <Controller
            control={control}
            name="province"
            render={({ field }) => (
              <ProvinceSelect
                {...controlProps}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
      </Field>
    </>
  );
}

function SheetForm({
  sheet,
  avatar,
  onRenewPassword,
}: {
  sheet: LawyerSheetData;
  avatar: ReactNode;
  onRenewPassword: () => void;
}) {
  const { updateUser } = useSession();
  const update = useUpdateLawyerProfile(sheet.id);
  const { register, control, handleSubmit, watch, setError, formState } = useForm<
    SheetForm,
    unknown,
    LawyerProfileUpdate
  >({ resolver: schemaResolver(loadProfileUpdateSchema), values: toForm(sheet), mode: 'onTouched' });
  const { errors } = formState;
  const description = watch('description') ?? '';

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast.success(es.profile.profileUpdated);
        updateUser({
          name: saved.name,
          surname: saved.surname,
          mail: saved.mail,
          phoneNumber: saved.phoneNumber,
        });
      },
      onError: (error) => {
        toast.error(es.profile.profileUpdateFailed);
        if (!isApiError(error)) return;
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in values) setError(field as keyof SheetForm, { message });
        }
      },
    }),
  );

  return (
    <section className={styles.card} aria-labelledby="sheet-title">
      <header className={styles.header}>
        {avatar}
        <h1 id="sheet-title" className={styles.title}>
          {es.lawyerProfile.sheetTitle}
        </h1>
      </header>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.fields}>
          <IdentityFields register={register} errors={errors} />
          <TextAreaField
            className={styles.wide}
            label={es.lawyerProfile.description}
            rows={5}
            maxLength={LIMITS.descriptionMax}
            aside={es.register.descriptionCounter(description.length, LIMITS.descriptionMax)}
            error={errors.description?.message}
            {...register('description')}
          />
          <PracticeFields control={control} errors={errors} />
          <BarAssociationField error={errors.barAssociation?.message} {...register('barAssociation')} />
          <BarNumberField error={errors.barNumber?.message} {...register('barNumber')} />
          <SelectField
            label={es.trust.professionalTitle}
            hint={es.trust.professionalTitleHint}
            error={errors.professionalTitle?.message}
            {...register('professionalTitle')}
          >
            {PROFESSIONAL_TITLES.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </SelectField>
        </div>
        <div className={styles.actions}>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner size="sm" label={es.common.sending} /> : null}
            {es.buttons.saveChanges}
          </Button>
          <Button variant="secondary" onClick={onRenewPassword}>
            {es.buttons.renewPassword}
          </Button>
        </div>
      </form>
      <AccountActions />
    </section>
  );
}
