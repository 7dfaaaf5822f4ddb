import { es } from '@l4l/shared/texts/es/app';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ChatPage } from '../../features/chat/components/chat-page.tsx';
import { useSendCaseDocument } from '../../features/documents/api/case-documents.ts';
import { chatWithPath, paths } from '../../lib/paths.ts';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { chatCaseActions, chatCasesPanel } from '../case-actions.tsx';

/** The query parameter naming who the open conversation is with. */
export const CHAT_WITH_PARAM = 'with';

/**
 * /dashboard/chat — 'Chat Privado' (docs/product.md, Private chat).
 *
 * Deep links: `/dashboard/chat?with=<counterpartId>` opens the conversation with that person — the
 * counterpart's user id: a client links with the lawyer's id, a lawyer with the client's (docs/domain.md, Roles: the
 * lawyer loads the chat by the client's id). Build it with `chatWithPath()` from lib/paths ('Ir al Chat'
 * on the case detail, 'Chat' on the case cards). Navigation state `{ with: counterpartId }` works too,
 * and `/chat?with=...` redirects here.
 *
 * The open conversation lives in the URL, so the browser's back button returns to the list on a phone
 * and a conversation can be bookmarked.
 */
export function ChatRoute() {
  const user = useRequiredUser();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const uploadDocument = useSendCaseDocument();
  useDocumentTitle(es.chat.title);
  if (!user) return null;
  const fromState = (location.state as { with?: unknown } | null)?.with;
  const counterpartId =
    searchParams.get(CHAT_WITH_PARAM) ?? (typeof fromState === 'string' && fromState ? fromState : null);
  return (
    <ChatPage
      viewer={user}
      counterpartId={counterpartId}
      caseActions={chatCaseActions}
      casesPanel={chatCasesPanel(user.id)}
      uploadDocument={uploadDocument}
      linkTo={chatWithPath}
      onBack={() => navigate(paths.chat)}
    />
  );
}

/** docs/product.md, Routes names '/chat' too: an alias that keeps the query and the navigation state. */
export function LegacyChatRedirect() {
  const location = useLocation();
  return <Navigate to={{ pathname: paths.chat, search: location.search }} state={location.state} replace />;
}
