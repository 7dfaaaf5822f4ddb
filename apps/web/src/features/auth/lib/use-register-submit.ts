import { es } from '@l4l/shared/texts/es/account';
import type { UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client.ts';
import { loginToast, toast } from '../../../lib/toast.ts';
import { useCheckRegistration } from '../api/check-registration.ts';
import { isSignIn, useLogin } from '../api/login.ts';
import { type LawyerRegistrationInput, useRegisterLawyer } from '../api/register-lawyer.ts';
import { type UserRegistrationInput, useRegisterUser } from '../api/register-user.ts';
import { loginErrorMessage } from './login-error.ts';
import {
  fixFieldsMessage,
  formFieldOf,
  type RegisterFormValues,
  type RegisterStep,
  STEP_ORDER,
  stepOfField,
} from './register-form.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

type Options = {
  form: UseFormReturn<RegisterFormValues>;
  isLawyer: boolean;
  setStep: (step: RegisterStep) => void;
  onSwitchToLogin: () => void;
};

/**
 * What the registration wizard asks the server: the mail and password check of step 3, and the account
 * itself. A refusal puts the server's messages beside their fields and goes back to the first step that has
 * one (docs/product.md, Registration).
 */
export function useRegisterSubmit({ form, isLawyer, setStep, onSwitchToLogin }: Options) {
  const registerUser = useRegisterUser();
  const registerLawyer = useRegisterLawyer();
  const login = useLogin();
  const checkRegistration = useCheckRegistration();
  const completeSignIn = useCompleteSignIn();
  const { setError, getValues } = form;

  /** Places the server's per-field messages and shows the first step that has one; answers the fields placed. */
  const showServerFields = (fields: Readonly<Record<string, string>>) => {
    let first: RegisterStep | null = null;
    const placed: string[] = [];
    for (const [path, message] of Object.entries(fields)) {
      const field = formFieldOf(path);
      if (!field) continue;
      setError(field, { message });
      placed.push(field);
      const fieldStep = stepOfField(field);
      if (!first || STEP_ORDER.indexOf(fieldStep) < STEP_ORDER.indexOf(first)) first = fieldStep;
    }
    if (first) setStep(first);
    return placed;
  };

  /**
   * A refused registration says what to do: a taken mail goes back to it; the fields the server names are
   * marked and the toast names them; a photo it cannot read is marked on the photo; anything else shows the
   * server's own Spanish text.
   */
  const onRefused = (error: unknown, existsMessage: string) => {
    if (!isApiError(error)) return toast.error(es.register.failed);
    if (error.status === 409) {
      toast.error(existsMessage);
      setError('mail', { message: existsMessage });
      return setStep('credentials');
    }
    const placed = showServerFields(error.fields);
    if (placed.length > 0) return toast.error(fixFieldsMessage(placed));
    if (isLawyer && (error.status === 413 || error.status === 415)) {
      setError('lawyerPhoto', { message: error.message });
      setStep('lawyer');
      return toast.error(fixFieldsMessage(['lawyerPhoto']));
    }
    toast.error(error.status > 0 && error.status < 500 ? error.message : es.register.failed);
  };

  const submitUser = (values: UserRegistrationInput) =>
    registerUser.mutate(values, {
      onSuccess: () => {
        toast.success(es.register.created);
        // docs/product.md, Registration: a new client is signed in straight away
        login.mutate(
          { email: values.mail, password: values.password },
          {
            // a new client never owes a second factor: the answer is the session
            onSuccess: (answer) => (isSignIn(answer) ? completeSignIn(answer) : undefined),
            onError: (error) => {
              loginToast.error(loginErrorMessage(error));
              onSwitchToLogin();
            },
          },
        );
      },
      onError: (error) => onRefused(error, es.validation.userExists),
    });

  const submitLawyer = (values: LawyerRegistrationInput) =>
    registerLawyer.mutate(values, {
      onSuccess: () => {
        toast.success(es.register.created);
        setStep('pending');
      },
      onError: (error) => onRefused(error, es.register.lawyerExists),
    });

  /**
   * Step 3 asks the server before going on: a taken mail or a common password is refused here, beside its
   * field. A check that cannot answer (offline, too many) does not hold the person back: the registration
   * itself checks again.
   */
  const credentialsAccepted = async (): Promise<boolean> => {
    const { mail, password } = getValues();
    try {
      await checkRegistration.mutateAsync({ mail: mail.trim().toLowerCase(), password });
      return true;
    } catch (error) {
      if (!isApiError(error) || error.status !== 400) return true;
      return showServerFields(error.fields).length === 0;
    }
  };

  return {
    submitUser,
    submitLawyer,
    credentialsAccepted,
    busy: registerUser.isPending || registerLawyer.isPending || login.isPending,
    checking: checkRegistration.isPending,
  };
}
