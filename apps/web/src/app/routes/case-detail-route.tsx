import { es } from '@l4l/shared/texts/es/app';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { caseQueryOptions } from '../../features/cases/api/get-case.ts';
import { CaseDetail } from '../../features/cases/components/case-detail.tsx';
import { CaseDocuments } from '../../features/documents/components/case-documents.tsx';
import { DisputeAction } from '../../features/payouts/components/dispute-action.tsx';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CaseProposalSlot, CaseRatingPrompt } from '../case-actions.tsx';

/**
 * The case detail, at its own URL /dashboard/casos/:caseId and at the first web client's
 * /dashboard/casos/informacion-del-caso with navigation state {caseId} (docs/product.md, Routes). A finished case's
 * client finds the rating prompt under the timeline, and beside a closure request the money feature's dispute.
 */
export function CaseDetailRoute() {
  const user = useRequiredUser();
  const { caseId: fromUrl } = useParams();
  const state = useLocation().state as { caseId?: unknown } | null;
  const queryClient = useQueryClient();
  const fromState = typeof state?.caseId === 'string' && state.caseId ? state.caseId : null;
  useDocumentTitle(es.caseDetail.dataTitle);
  if (!user) return null;
  return (
    <CaseDetail
      caseId={fromUrl ?? fromState}
      viewer={user}
      closureSlot={(item) => (
        <DisputeAction
          caseId={item.id}
          disputeOpen={item.disputeOpen}
          onOpened={() =>
            void queryClient.invalidateQueries({ queryKey: caseQueryOptions(item.id).queryKey })
          }
        />
      )}
      documentsSlot={(item) => <CaseDocuments caseId={item.id} viewerId={user.id} />}
      proposalSlot={(item) => <CaseProposalSlot item={item} />}
      ratingSlot={(item) =>
        item.lawyerId ? (
          <CaseRatingPrompt caseId={item.id} lawyerId={item.lawyerId} alreadyRated={item.ratingId !== null} />
        ) : null
      }
    />
  );
}
