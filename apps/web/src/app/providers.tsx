import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/public';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionProvider, type SessionUser } from '../lib/session.tsx';
import { useIdle } from '../lib/use-idle.ts';

// the toast library is not needed to paint the first screen: it loads once the browser is idle. A toast
// raised before that is not lost, sonner replays the active ones when its Toaster subscribes.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Everything the screens share: server state, the session and the one toast outlet (top centre, 3 s). */
export function AppProviders({
  children,
  onSignedOut,
  user,
}: {
  children: ReactNode;
  onSignedOut?: (to?: string) => void;
  /** the signed-in person, already known (lib/session.tsx) */
  user?: SessionUser;
}) {
  const [queryClient] = useState(createQueryClient);
  const idle = useIdle();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSignedOut={onSignedOut} user={user}>
        {children}
        {idle && (
          <Suspense fallback={null}>
            <Toaster
              position="top-center"
              duration={LIMITS.toastMs}
              richColors
              closeButton
              containerAriaLabel={es.common.notifications}
              toastOptions={{ closeButtonAriaLabel: es.common.closeNotification }}
            />
          </Suspense>
        )}
      </SessionProvider>
    </QueryClientProvider>
  );
}
