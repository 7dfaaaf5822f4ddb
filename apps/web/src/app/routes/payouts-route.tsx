import { ROLE } from '@l4l/shared/constants/roles';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { Navigate, useParams } from 'react-router';
import { InvoicingConsentSwitch } from '../../features/invoices/components/invoicing-consent.tsx';
import { PayoutsPage } from '../../features/payouts/components/payouts-page.tsx';
import { SandboxOnboardingPage } from '../../features/payouts/components/sandbox-onboarding-page.tsx';
import { paths } from '../../lib/paths.ts';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** 'Cobros' (/dashboard/cobros), lawyers only, with the invoices feature's consent switch at its foot. */
export function PayoutsRoute() {
  const user = useRequiredUser();
  useDocumentTitle(moneyWebEs.payouts.title);
  if (!user) return null;
  if (user.role !== ROLE.ABOGADO) return <Navigate to={paths.home} replace />;
  return <PayoutsPage consent={<InvoicingConsentSwitch profilePath={paths.profile} />} />;
}

/** The sandbox's onboarding form (/payout/sandbox/{id}), which returns to 'Cobros' once the account is on. */
export function SandboxOnboardingRoute() {
  const user = useRequiredUser();
  const { accountId } = useParams();
  useDocumentTitle(moneyWebEs.sandbox.title);
  if (!user || !accountId) return null;
  return (
    <SandboxOnboardingPage
      accountId={accountId}
      holder={`${user.name} ${user.surname}`.trim()}
      donePath={paths.payouts}
    />
  );
}
