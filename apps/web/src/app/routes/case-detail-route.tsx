import { es } from '@l4l/shared/texts/es/app';
import { useLocation, useParams } from 'react-router';
import { CaseDetail } from '../../features/cases/components/case-detail.tsx';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CaseProposalAction, CaseRatingPrompt } from '../case-actions.tsx';

/**
 * The case detail, at its own URL /dashboard/casos/:caseId and at the first web client's
 * /dashboard/casos/informacion-del-caso with navigation state {caseId} (docs/product.md, Routes). A finished case's
 * client finds the rating prompt under the timeline.
 */
export function CaseDetailRoute() {
  const user = useRequiredUser();
  const { caseId: fromUrl } = useParams();
  const state = useLocation().state as { caseId?: unknown } | null;
  const fromState = typeof state?.caseId === 'string' && state.caseId ? state.caseId : null;
  useDocumentTitle(es.caseDetail.dataTitle);
  if (!user) return null;
  return (
    <CaseDetail
      caseId={fromUrl ?? fromState}
      viewer={user}
      proposalSlot={(item) => <CaseProposalAction item={item} />}
      ratingSlot={(item) =>
        item.lawyerId ? (
          <CaseRatingPrompt caseId={item.id} lawyerId={item.lawyerId} alreadyRated={item.ratingId !== null} />
        ) : null
      }
    />
  );
}
