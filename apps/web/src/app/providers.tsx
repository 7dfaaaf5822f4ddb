import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session.tsx';

/** Everything the screens share: server state, the session and the one toast outlet (top centre, 3 s). */
export function AppProviders({ children, onSignedOut }: { children: ReactNode; onSignedOut?: () => void }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSignedOut={onSignedOut}>
        {children}
        <Toaster
          position="top-center"
          duration={LIMITS.toastMs}
          richColors
          closeButton
          containerAriaLabel={es.common.notifications}
          toastOptions={{ closeButtonAriaLabel: es.common.closeNotification }}
        />
      </SessionProvider>
    </QueryClientProvider>
  );
}
