/**
 * Google Identity Services (https://developers.google.com/identity/gsi/web): loads Google's script once
 * and draws its own sign-in button, which hands back an ID token (a "credential") for POST /api/auth/google.
 * Google's button is used rather than ours because Google only issues ID tokens through its own controls.
 */
const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

type CredentialResponse = { credential?: string };
type GoogleAccountsId = {
  initialize: (config: {
    client_id: string;
    callback: (response: CredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
    use_fedcm_for_button?: boolean;
  }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let loading: Promise<GoogleAccountsId> | null = null;

export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => {
      const api = window.google?.accounts?.id;
      if (api) resolve(api);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => {
      // let a later attempt try again (e.g. after the connection comes back)
      loading = null;
      script.remove();
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

export async function renderGoogleButton(
  container: HTMLElement,
  clientId: string,
  onCredential: (credential: string) => void,
  context: 'signin' | 'signup',
): Promise<void> {
  const api = await loadGoogleIdentity();
  api.initialize({
    client_id: clientId,
    ux_mode: 'popup',
    context,
    callback: (response) => {
      if (response.credential) onCredential(response.credential);
    },
  });
  api.renderButton(container, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    text: 'continue_with',
    shape: 'rectangular',
    logo_alignment: 'center',
    locale: 'es',
    width: Math.min(400, Math.max(200, Math.floor(container.clientWidth || 320))),
  });
}
