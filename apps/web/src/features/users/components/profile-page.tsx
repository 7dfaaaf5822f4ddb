import { LIMITS } from '@l4l/shared/constants/limits';
import { EMAIL_PATTERN } from '@l4l/shared/constants/mail';
import { ROLE } from '@l4l/shared/constants/roles';
import { formatPhone } from '@l4l/shared/format';
import type { UserProfile, UserProfileUpdate, userProfileUpdateSchema } from '@l4l/shared/schemas/auth';
import { es } from '@l4l/shared/texts/es/profile';
import { useEffect, useState } from 'react';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { AccountActions } from '../../../components/account-actions/account-actions.tsx';
import { AvatarEditor } from '../../../components/avatar-editor/avatar-editor.tsx';
import { Button } from '../../../components/button/button.tsx';
import { FormMessage, PasswordField, PhoneField, TextField } from '../../../components/form/field.tsx';
import { ChevronLeftIcon } from '../../../components/icons/icons.tsx';
import { MountOnceOpened } from '../../../components/modal/modal-on-demand.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/parse-answer.ts';
import { paths } from '../../../lib/paths.ts';
import { schemaResolver } from '../../../lib/schema-resolver.ts';
import { type SessionUser, useRequiredUser, useSession } from '../../../lib/session.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUserProfile } from '../api/get-user-profile.ts';
import { useUpdateUserProfile } from '../api/update-user-profile.ts';
import { useUploadUserPhoto } from '../api/upload-user-photo.ts';
import { ChangePasswordDialog } from './change-password-on-demand.ts';
import styles from './profile-page.module.css';

/** What the form holds: the schema's input (the phone still formatted, the surname maybe absent). */
type ProfileForm = z.input<typeof userProfileUpdateSchema>;

// loaded when the form is first checked, zod with it: the page is drawn without them (lib/schema-resolver.ts)
const profileUpdateSchema = lazySchema(() =>
  import('@l4l/shared/schemas/auth').then((module) => module.userProfileUpdateSchema),
);

const toForm = (profile: UserProfile): ProfileForm => ({
  name: profile.name,
  surname: profile.surname,
  mail: profile.mail,
  phoneNumber: formatPhone(profile.phoneNumber),
});

const ROLE_LABELS: Record<SessionUser['role'], string> = {
  [ROLE.USUARIO]: es.profile.roleUser,
  [ROLE.ABOGADO]: es.profile.roleLawyer,
  [ROLE.ADMIN]: es.profile.roleAdmin,
};

/** /profile — 'Mi Perfil' (docs/product.md, Profile). Lawyers see the same basic data until their full sheet exists. */
export function ProfilePage() {
  const user = useRequiredUser();
  if (!user) return null;
  return <Profile user={user} />;
}

function Profile({ user }: { user: SessionUser }) {
  const profile = useUserProfile(user.id);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const uploadPhoto = useUploadUserPhoto(user.id);

  useEffect(() => {
    if (profile.isError) toast.error(es.profile.loadError);
  }, [profile.isError]);

  return (
    <div className={styles.page}>
      <Link to={paths.home} className={styles.back}>
        <ChevronLeftIcon size={18} />
        {es.nav.backToHome}
      </Link>
      <section className={styles.card} aria-labelledby="profile-title">
        <header className={styles.header}>
          <AvatarEditor
            photoUrl={user.photoUrl ?? profile.data?.photoUrl ?? null}
            name={user.name}
            surname={user.surname}
            upload={(image, options) => uploadPhoto.mutateAsync({ image, options })}
          />
          <div>
            <h1 id="profile-title" className={styles.title}>
              {es.profile.title}
            </h1>
            <p className={styles.role}>{ROLE_LABELS[user.role]}</p>
          </div>
        </header>

        {profile.isPending ? (
          <div className={styles.loading}>
            <Spinner />
          </div>
        ) : null}
        {profile.isError ? (
          <div className={styles.loadError}>
            <FormMessage>{es.profile.loadError}</FormMessage>
            <Button variant="secondary" onClick={() => profile.refetch()}>
              {es.common.retry}
            </Button>
          </div>
        ) : null}
        {profile.data ? (
          <ProfileDetails
            userId={user.id}
            profile={profile.data}
            onRenewPassword={() => setPasswordOpen(true)}
          />
        ) : null}

        <AccountActions />
      </section>
      <MountOnceOpened open={passwordOpen}>
        <ChangePasswordDialog.Dialog open={passwordOpen} onOpenChange={setPasswordOpen} />
      </MountOnceOpened>
    </div>
  );
}

function ProfileDetails({
  userId,
  profile,
  onRenewPassword,
}: {
  userId: string;
  profile: UserProfile;
  onRenewPassword: () => void;
}) {
  const { updateUser } = useSession();
  const update = useUpdateUserProfile(userId);
  const [editing, setEditing] = useState(false);
  const { register, handleSubmit, watch, setError, reset, formState } = useForm<
    ProfileForm,
    unknown,
    UserProfileUpdate
  >({
    resolver: schemaResolver(profileUpdateSchema),
    values: toForm(profile),
    mode: 'onTouched',
  });
  const { errors } = formState;
  const [name, mail, phone, currentPassword] = watch(['name', 'mail', 'phoneNumber', 'currentPassword']);
  // a new sign-in mail needs the current password, and waits for its confirmation from the new address
  const mailChanged = editing && mail.trim().toLowerCase() !== profile.mail;
  // docs/domain.md, Validation rules: saving needs a name, a valid mail and a 9-digit phone
  const canSave =
    editing &&
    !update.isPending &&
    name.trim() !== '' &&
    EMAIL_PATTERN.test(mail.trim()) &&
    phone.replace(/\D/g, '').length === LIMITS.phoneDigits &&
    (!mailChanged || Boolean(currentPassword));

  const onSubmit = handleSubmit(({ currentPassword: password, ...values }) =>
    update.mutate(mailChanged ? { ...values, currentPassword: password } : values, {
      onSuccess: (saved) => {
        toast.success(es.profile.dataModified);
        if (saved.pendingMail) toast.info(es.profile.mailPending(saved.pendingMail));
        // the form shows what is in force: a new mail stays pending until it is confirmed
        reset(toForm(saved));
        updateUser({
          name: saved.name,
          surname: saved.surname,
          mail: saved.mail,
          phoneNumber: saved.phoneNumber,
        });
        setEditing(false);
      },
      onError: (error) => {
        toast.error(es.profile.dataModifyFailed);
        if (!isApiError(error)) return;
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in values) setError(field as keyof ProfileForm, { message });
        }
      },
    }),
  );

  const cancel = () => {
    reset(toForm(profile));
    setEditing(false);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <ProfileFields
        register={register}
        errors={errors}
        editing={editing}
        pendingMail={profile.pendingMail}
        mailChanged={mailChanged}
      />
      <div className={styles.actions}>
        {editing ? (
          <>
            <Button type="submit" disabled={!canSave}>
              {update.isPending ? <Spinner size="sm" label={es.common.sending} /> : null}
              {es.buttons.saveChanges}
            </Button>
            <Button variant="ghost" onClick={cancel}>
              {es.buttons.cancel}
            </Button>
          </>
        ) : (
          <Button onClick={() => setEditing(true)}>{es.buttons.modify}</Button>
        )}
        {/* docs/product.md, Profile: no password change while the data is being edited */}
        <Button
          variant="secondary"
          disabled={editing}
          onClick={onRenewPassword}
          className={styles.renew}
          {...ChangePasswordDialog.intent()}
        >
          {es.buttons.renewPassword}
        </Button>
      </div>
    </form>
  );
}

/**
 * The profile's fields, read-only until 'Modificar datos'; a changed mail asks for the current password, and a
 * new mail still waiting for its confirmation is said under the mail.
 */
function ProfileFields({
  register,
  errors,
  editing,
  pendingMail,
  mailChanged,
}: {
  register: UseFormRegister<ProfileForm>;
  errors: FieldErrors<ProfileForm>;
  editing: boolean;
  pendingMail: UserProfile['pendingMail'];
  mailChanged: boolean;
}) {
  return (
    <div className={styles.fields}>
      <TextField
        label={es.profile.name}
        autoComplete="given-name"
        readOnly={!editing}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={es.profile.surname}
        autoComplete="family-name"
        readOnly={!editing}
        error={errors.surname?.message}
        {...register('surname')}
      />
      <TextField
        label={es.profile.mail}
        type="email"
        autoComplete="email"
        readOnly={!editing}
        error={errors.mail?.message}
        hint={!editing && pendingMail ? es.profile.mailPending(pendingMail) : undefined}
        {...register('mail')}
      />
      {mailChanged ? (
        <PasswordField
          label={es.profile.currentPassword}
          hint={es.profile.currentPasswordForMail}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword', { shouldUnregister: true })}
        />
      ) : null}
      <PhoneField
        label={es.profile.phone}
        readOnly={!editing}
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
    </div>
  );
}
