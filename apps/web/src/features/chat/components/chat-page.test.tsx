import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import type { ProposalStatus } from '@l4l/shared/constants/proposals';
import { es } from '@l4l/shared/texts/es';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CHAT_CASE_ID as CASE_ID,
  CHAT,
  historyPath,
  CHAT_LAWYER as LAWYER,
  log,
  message,
  OTHER_CASE_ID,
  renderChat as renderChatWith,
} from '../../../test/chat-fixtures.tsx';
import { stubUploads } from '../../../test/fake-upload.ts';
import { hang, ok } from '../../../test/mock-api.ts';
import { CLIENT } from '../../../test/render.tsx';
import { applyIncomingMessage } from '../lib/chat-cache.ts';
import type { ChatCaseActions } from './message-item.tsx';

/** Stand-ins for the actions app/ composes in (app/case-actions.test.tsx tests the real ones). */
const caseActions: ChatCaseActions = {
  proposal: (m) => <button type="button">{`proposal ${m.proposalId}`}</button>,
  closureRequest: (m) => <button type="button">{`closure ${m.caseId}`}</button>,
  ratingPrompt: (m) => <p>{`rating ${m.caseId}`}</p>,
  ownProposal: (m) => <button type="button">{`manage ${m.proposalId}`}</button>,
  counterOffer: (m) => <button type="button">{`counter ${m.proposalId}`}</button>,
};
/** Hands the page's query client to the test: what the chat socket writes incoming messages into. */
function QueryClientProbe({ onClient }: { onClient: (client: QueryClient) => void }) {
  onClient(useQueryClient());
  return null;
}

const renderChat = (options: Omit<Parameters<typeof renderChatWith>[0], 'caseActions'> = {}) =>
  renderChatWith({ caseActions, ...options });

describe('ChatPage', () => {
  it('says so when there is no chat yet', async () => {
    renderChat({ chats: [], counterpartId: null });
    expect(await screen.findAllByText(es.chat.empty)).not.toHaveLength(0);
    expect(screen.getByRole('heading', { name: es.chat.title })).toBeInTheDocument();
  });

  it('lists the counterpart with the last message and unread count, and opens the conversation', async () => {
    renderChat({ messages: [] });
    const list = screen.getByRole('navigation', { name: es.chat.listLabel });
    const link = await within(list).findByRole('link', { name: /Lucía García Fernández/ });
    expect(link).toHaveAttribute('href', `/chat?with=${LAWYER.id}`);
    expect(link).toHaveAttribute('aria-current', 'true');
    expect(within(link).getByText('Hola')).toBeInTheDocument();
    // docs/product.md, Private chat (the header): name, 'Visto por última vez' and the time; heading 'ESTAMOS PARA TI'
    expect(await screen.findByText(es.chat.noMessages)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lucía García Fernández' })).toBeInTheDocument();
    expect(await screen.findByText(/hace 5 minutos/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(es.chat.lastSeen))).toBeInTheDocument();
    expect(screen.getByText(es.chat.heading)).toBeInTheDocument();
    expect(screen.getByText(es.chat.safetyNote)).toBeInTheDocument();
    // opening it read it: the unread count goes
    await waitFor(() => expect(within(link).queryByText(es.chat.unreadCount(2))).not.toBeInTheDocument());
  });

  it("says 'Desconocido' when the counterpart never connected", async () => {
    renderChat({ viewer: LAWYER, counterpartId: CLIENT.id });
    expect(await screen.findByText(new RegExp(es.chat.unknown))).toBeInTheDocument();
  });

  it('renders every kind for the client, text as text, grouped by sender, the platform as L4L', async () => {
    renderChat({
      messages: [
        message({
          senderId: CLIENT.id,
          senderName: 'Ana Martín Ruiz',
          text: '<b>hola</b> <img src=x onerror=alert(1)>',
        }),
        message({ text: 'Buenos días, Ana.' }),
        message({ text: 'Te envío mi propuesta.' }),
        message({
          type: MESSAGE_TYPE.PROPOSAL,
          text: 'Divorcio completo',
          proposalId: 'p-1',
          proposalAmount: 1234.5,
          proposalStatus: 'PENDIENTE',
        }),
        message({ type: MESSAGE_TYPE.IMAGE, text: '/uploads/chat/contrato.png' }),
        message({
          senderId: null,
          senderName: null,
          type: MESSAGE_TYPE.PROPOSAL_ACCEPTED,
          text: 'Propuesta aceptada.',
          proposalId: 'p-2',
          proposalAmount: 1234.5,
        }),
        message({
          senderId: null,
          senderName: null,
          type: MESSAGE_TYPE.CLIENT_NOTICE,
          text: 'Hemos recibido tu pago.',
        }),
        // another case of the pair, still waiting for the client's answer (this one's closure comes next)
        message({
          type: MESSAGE_TYPE.CLOSURE_REQUEST,
          text: 'He terminado, confirma el cierre.',
          caseId: OTHER_CASE_ID,
        }),
        message({
          senderId: null,
          senderName: null,
          type: MESSAGE_TYPE.CLOSURE_CONFIRMED,
          text: 'El caso se ha cerrado.',
        }),
        message({
          senderId: null,
          senderName: null,
          type: MESSAGE_TYPE.RATING_PROMPT,
          text: '¿Qué tal ha ido?',
        }),
        message({ senderId: null, senderName: null, type: MESSAGE_TYPE.NOTICE, text: 'Aviso para los dos.' }),
      ],
    });
    await screen.findByText('Buenos días, Ana.');
    const thread = log();
    // never HTML: the markup shows as typed
    expect(within(thread).getByText('<b>hola</b> <img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(thread.querySelector('b')).toBeNull();
    // one name label per group: lawyer ×4, platform ×2, lawyer, platform ×3
    expect(within(thread).getAllByText('Lucía García Fernández')).toHaveLength(2);
    expect(within(thread).getAllByText(es.chat.platform, { selector: 'p' })).toHaveLength(2);
    // proposal card and the green banner, as '1.234,50 €'
    expect(within(thread).getAllByText('1.234,50 €')).toHaveLength(2);
    // the pending proposal, the open closure request and the rating prompt hold app/'s actions
    expect(within(thread).getByRole('button', { name: 'proposal p-1' })).toBeInTheDocument();
    expect(within(thread).getByRole('img', { name: es.chat.imageLabel })).toHaveAttribute(
      'src',
      '/uploads/chat/contrato.png',
    );
    // the paid banner and the proposal card both name the case
    expect(within(thread).getAllByText(es.chat.caseLabel('B5F5CC21'))).toHaveLength(2);
    expect(within(thread).getByText('Hemos recibido tu pago.')).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: `closure ${OTHER_CASE_ID}` })).toBeInTheDocument();
    // a closed case is good news: the green banner, like a paid one, never the error style
    expect(
      within(thread).getByText('El caso se ha cerrado.').closest('[data-kind="closed"]')?.className,
    ).toMatch(/success/);
    expect(within(thread).getByText(`rating ${CASE_ID}`)).toBeInTheDocument();
    expect(within(thread).getByText('Aviso para los dos.')).toBeInTheDocument();
  });

  it("shows the lawyer none of the client's buttons, only their own proposal's, and none of the client-only kinds", async () => {
    renderChat({
      viewer: LAWYER,
      counterpartId: CLIENT.id,
      messages: [
        message({
          type: MESSAGE_TYPE.PROPOSAL,
          text: 'Mi propuesta',
          proposalId: 'p-1',
          proposalAmount: 300,
          proposalStatus: 'PENDIENTE',
        }),
        message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, text: 'Confirma el cierre.' }),
        message({ senderId: null, type: MESSAGE_TYPE.RATING_PROMPT, text: '¿Qué tal ha ido?' }),
        message({ senderId: null, type: MESSAGE_TYPE.CLIENT_NOTICE, text: 'Hemos recibido tu pago.' }),
      ],
    });
    await screen.findByText('Mi propuesta');
    const thread = log();
    // their own open proposal: 'Cambiar precio' and 'Retirar' (ChatCaseActions.ownProposal), nothing else
    expect(
      within(thread)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['manage p-1']);
    expect(within(thread).queryByText('¿Qué tal ha ido?')).not.toBeInTheDocument();
    expect(within(thread).queryByText('Hemos recibido tu pago.')).not.toBeInTheDocument();
    expect(within(thread).getByText(es.chat.you)).toBeInTheDocument();
  });

  it("shows a proposal's buttons while the server says it is open (PENDIENTE, ACEPTADA), not once settled", async () => {
    const card = (proposalId: string, proposalStatus: ProposalStatus) =>
      message({
        type: MESSAGE_TYPE.PROPOSAL,
        text: proposalId,
        proposalId,
        proposalAmount: 300,
        proposalStatus,
      });
    renderChat({
      messages: [
        card('p-1', 'PENDIENTE'),
        card('p-2', 'ACEPTADA'),
        card('p-3', 'RECHAZADA'),
        card('p-4', 'PAGADA'),
      ],
    });
    await screen.findByText('p-4');
    const thread = log();
    expect(within(thread).getByRole('button', { name: 'proposal p-1' })).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: 'proposal p-2' })).toBeInTheDocument();
    expect(within(thread).queryByRole('button', { name: 'proposal p-3' })).not.toBeInTheDocument();
    expect(within(thread).queryByRole('button', { name: 'proposal p-4' })).not.toBeInTheDocument();
  });

  it('judges a card without a status (an answer from before the field) by the notice that answered it', async () => {
    const { proposalStatus: _absent, ...card } = message({
      type: MESSAGE_TYPE.PROPOSAL,
      proposalId: 'p-1',
      proposalAmount: 300,
    });
    renderChat({
      messages: [
        card,
        message({ type: MESSAGE_TYPE.PROPOSAL, text: 'Otra', proposalId: 'p-2', proposalAmount: 200 }),
        message({ senderId: null, type: MESSAGE_TYPE.NOTICE, proposalId: 'p-1', text: 'Rechazada.' }),
      ],
    });
    await screen.findByText('Rechazada.');
    expect(screen.queryByRole('button', { name: 'proposal p-1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'proposal p-2' })).toBeInTheDocument();
  });

  it("reads the history again when a proposal's notice arrives live, and the card follows the server", async () => {
    const pending = message({
      type: MESSAGE_TYPE.PROPOSAL,
      proposalId: 'p-1',
      proposalAmount: 300,
      proposalStatus: 'PENDIENTE',
    });
    const notice = message({
      senderId: null,
      type: MESSAGE_TYPE.NOTICE,
      proposalId: 'p-1',
      text: 'Rechazada.',
    });
    let served = [pending];
    let queryClient: QueryClient | undefined;
    const { api } = renderChat({
      routes: { [historyPath]: () => ok({ chat: CHAT, messages: served }) },
      beside: <QueryClientProbe onClient={(client) => (queryClient = client)} />,
    });
    expect(await screen.findByRole('button', { name: 'proposal p-1' })).toBeInTheDocument();
    expect(api.callsTo(historyPath)).toHaveLength(1);

    // the client rejected it elsewhere (another tab): the server's card is RECHAZADA, the notice comes live
    served = [{ ...pending, proposalStatus: 'RECHAZADA' }, notice];
    act(() => {
      if (queryClient) applyIncomingMessage(queryClient, CLIENT.id, notice, CHAT.id);
    });
    expect(await screen.findByText('Rechazada.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'proposal p-1' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo(historyPath)).toHaveLength(2);
  });

  it('Enter sends, Shift+Enter breaks the line, blank text is never sent', async () => {
    const { sendMessage, user } = renderChat();
    const box = await screen.findByLabelText(es.chat.messageLabel);
    await user.type(box, '   {Enter}');
    expect(sendMessage).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, 'Primera línea{Shift>}{Enter}{/Shift}segunda');
    expect(box).toHaveValue('Primera línea\nsegunda');
    expect(sendMessage).not.toHaveBeenCalled();
    await user.type(box, '{Enter}');
    expect(sendMessage).toHaveBeenCalledWith(
      expect.objectContaining({ userId: CLIENT.id, lawyerId: LAWYER.id }),
      { type: MESSAGE_TYPE.TEXT, text: 'Primera línea\nsegunda' },
    );
    await waitFor(() => expect(box).toHaveValue(''));
    expect(box).toHaveAttribute('maxLength', '4000');
  });

  it('gives the text back and says why when the server refuses it', async () => {
    const { user } = renderChat({
      connection: { sendMessage: () => Promise.reject(new Error(es.chat.tooManyMessages)) },
    });
    const box = await screen.findByLabelText(es.chat.messageLabel);
    await user.type(box, 'Hola{Enter}');
    expect(await screen.findByText(es.chat.tooManyMessages)).toBeInTheDocument();
    expect(box).toHaveValue('Hola');
  });

  it("shows 'Reconectando...' and holds the send while the connection is down", async () => {
    renderChat({ connection: { state: 'reconnecting' } });
    expect(await screen.findByText(es.chat.reconnecting)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: es.chat.send })).toBeDisabled();
  });

  it('uploads an attached PNG with its progress bar and sends it as an image message', async () => {
    const sent = stubUploads(() => ({ data: { imageUrl: '/uploads/chat/nuevo.png' } }));
    try {
      const { sendMessage, user } = renderChat();
      await screen.findByLabelText(es.chat.messageLabel);
      const file = new File([new Uint8Array([137, 80, 78, 71])], 'nota.png', { type: 'image/png' });
      await user.upload(screen.getByTestId('chat-image-input'), file);
      expect(await screen.findByRole('progressbar', {}, { timeout: 3_000 })).toHaveAttribute('value', '50');
      await waitFor(() =>
        expect(sendMessage).toHaveBeenCalledWith(expect.anything(), {
          type: MESSAGE_TYPE.IMAGE,
          text: '/uploads/chat/nuevo.png',
        }),
      );
      expect(sent.map((upload) => upload.url)).toEqual(['/api/uploads']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends a picture dropped on the conversation as an image, and any other file as a case document', async () => {
    const sent = stubUploads((url) =>
      url === '/api/uploads'
        ? { data: { imageUrl: '/uploads/chat/soltada.png' } }
        : {
            data: {
              id: 'd-1',
              caseId: CASE_ID,
              name: 'contrato.pdf',
              mime: 'application/pdf',
              size: 4,
              uploadedBy: CLIENT.id,
              uploaderName: 'Ana Martín Ruiz',
              createdAt: '2026-11-20T10:05:00.000Z',
            },
          },
    );
    try {
      const { sendMessage } = renderChat({
        messages: [message({ type: MESSAGE_TYPE.PROPOSAL_ACCEPTED, caseId: CASE_ID, text: 'Pagado' })],
      });
      await screen.findByLabelText(es.chat.messageLabel);
      const conversation = screen.getByTestId('chat-conversation');
      const drop = (file: File) => {
        const dataTransfer = { files: [file], types: ['Files'] };
        fireEvent.dragOver(conversation, { dataTransfer });
        fireEvent.drop(conversation, { dataTransfer });
      };

      fireEvent.dragOver(conversation, { dataTransfer: { files: [], types: ['Files'] } });
      expect(screen.getByText(es.chat.dropFile)).toBeInTheDocument();
      drop(new File([new Uint8Array([137, 80, 78, 71])], 'foto.png', { type: 'image/png' }));
      expect(screen.queryByText(es.chat.dropFile)).not.toBeInTheDocument();
      expect(await screen.findByRole('progressbar', {}, { timeout: 3_000 })).toHaveAttribute('value', '50');
      await waitFor(() =>
        expect(sendMessage).toHaveBeenCalledWith(expect.anything(), {
          type: MESSAGE_TYPE.IMAGE,
          text: '/uploads/chat/soltada.png',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());

      drop(new File(['%PDF'], 'contrato.pdf', { type: 'application/pdf' }));
      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]?.url).toBe(`/api/cases/${CASE_ID}/documents`);
      expect(sent[1]?.body).toBeInstanceOf(FormData);
      await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
      // the document's chat message comes from the server through the connection, not from the page
      expect(sendMessage).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses an attachment that is not JPG or PNG', async () => {
    const { api } = renderChat();
    await screen.findByLabelText(es.chat.messageLabel);
    const file = new File(['GIF89a'], 'animado.gif', { type: 'image/gif' });
    // the picker's accept filter is only a hint: a file dropped in by other means is checked too
    fireEvent.change(screen.getByTestId('chat-image-input'), { target: { files: [file] } });
    expect(await screen.findByText(es.chat.imageTypeNotAllowed)).toBeInTheDocument();
    expect(api.callsTo('POST /api/uploads')).toHaveLength(0);
  });

  it('loads older messages with before = the oldest id', async () => {
    const newest = Array.from({ length: 50 }, (_, index) => message({ text: `Mensaje ${index + 1}` }));
    const older = [message({ text: 'El primero de todos' })];
    const { api, user } = renderChat({
      routes: {
        [historyPath]: (call) => ok({ chat: CHAT, messages: call.query.get('before') ? older : newest }),
      },
    });
    await user.click(await screen.findByRole('button', { name: es.chat.loadOlder }));
    expect(await screen.findByText('El primero de todos')).toBeInTheDocument();
    expect(api.callsTo(historyPath).at(-1)?.query.get('before')).toBe(newest[0]?.id);
    expect(log()).toBeInTheDocument();
  });

  it('waits with a spinner while the history loads', async () => {
    renderChat({ routes: { [historyPath]: hang } });
    expect(await screen.findByText(es.chat.loadingMessages)).toBeInTheDocument();
  });
});

describe('ChatPage: proposals taken back and counter-offers', () => {
  /** The client's stand-in says whether 'Pedir otro precio' would be offered. */
  const withCounterFlag: ChatCaseActions = {
    ...caseActions,
    proposal: (m, { canCounter }) => (
      <button type="button">{`proposal ${m.proposalId}${canCounter ? ' +contraoferta' : ''}`}</button>
    ),
  };
  const card = (proposalId: string, proposalStatus: ProposalStatus, proposalAmount = 400) =>
    message({
      type: MESSAGE_TYPE.PROPOSAL,
      text: `Texto de ${proposalId}`,
      proposalId,
      proposalAmount,
      proposalStatus,
      caseTitle: 'Despido sin preaviso',
    });

  it('shows a withdrawn or replaced proposal as such, its old price struck, with no buttons, and the current one in full', async () => {
    renderChatWith({
      caseActions: withCounterFlag,
      messages: [
        card('p-1', 'SUSTITUIDA', 400),
        message({ senderId: null, type: MESSAGE_TYPE.NOTICE, proposalId: 'p-1', text: 'Nuevo precio.' }),
        card('p-2', 'PENDIENTE', 350),
        card('p-3', 'RETIRADA', 200),
      ],
    });
    await screen.findByText('Nuevo precio.');
    const thread = log();
    const superseded = within(thread).getByRole('article', { name: es.chat.proposalSupersededTitle });
    expect(within(superseded).getByText('400 €').tagName).toBe('DEL');
    expect(within(superseded).getByText('Despido sin preaviso')).toBeInTheDocument();
    // history stays readable, but without the old terms nor any action
    expect(within(superseded).queryByText('Texto de p-1')).not.toBeInTheDocument();
    expect(within(superseded).queryByRole('button')).not.toBeInTheDocument();
    const withdrawn = within(thread).getByRole('article', { name: es.chat.proposalWithdrawnTitle });
    expect(within(withdrawn).getByText('200 €').tagName).toBe('DEL');
    // the one current proposal is the only full card, with the client's answers
    const current = within(thread).getAllByRole('article', { name: es.chat.proposalTitle });
    expect(current).toHaveLength(1);
    expect(within(current[0] as HTMLElement).getByText('Texto de p-2')).toBeInTheDocument();
    expect(
      within(thread)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['proposal p-2 +contraoferta']);
  });

  it('offers the client a counter-offer on a pending proposal only, once; the card says where it stands', async () => {
    renderChatWith({
      caseActions: withCounterFlag,
      messages: [
        card('p-1', 'PENDIENTE'),
        message({
          senderId: CLIENT.id,
          senderName: 'Ana Martín Ruiz',
          type: MESSAGE_TYPE.COUNTER_OFFER,
          text: '¿Lo dejamos en 320 €?',
          proposalId: 'p-1',
          proposalAmount: 320,
          proposalStatus: 'PENDIENTE',
          platformFee: 32,
        }),
        card('p-2', 'ACEPTADA'),
      ],
    });
    await screen.findByText('¿Lo dejamos en 320 €?');
    const thread = log();
    // asked already on p-1; p-2 is being paid: no counter-offer on either
    expect(
      within(thread)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['proposal p-1', 'proposal p-2']);
    const counter = within(thread).getByRole('article', { name: es.chat.counterOfferOwnTitle });
    expect(within(counter).getByText(es.chat.counterOfferAmount)).toBeInTheDocument();
    expect(within(counter).getByText('320 €')).toBeInTheDocument();
    expect(within(counter).getByText(es.chat.counterOfferWaiting)).toBeInTheDocument();
    // the fee is the lawyer's business
    expect(within(counter).queryByText(es.chat.platformFee)).not.toBeInTheDocument();
  });

  it('gives the lawyer the one-click answer while the proposal is pending, and says when it was answered', async () => {
    const counterOffer = (proposalId: string, proposalStatus: ProposalStatus) =>
      message({
        senderId: CLIENT.id,
        senderName: 'Ana Martín Ruiz',
        type: MESSAGE_TYPE.COUNTER_OFFER,
        text: `Contraoferta a ${proposalId}`,
        proposalId,
        proposalAmount: 320,
        proposalStatus,
        platformFee: 32,
        platformFeeVat: 6.72,
        platformFeeTotal: 38.72,
        lawyerReceives: 281.28,
      });
    renderChatWith({
      caseActions: withCounterFlag,
      viewer: LAWYER,
      counterpartId: CLIENT.id,
      messages: [
        counterOffer('p-1', 'SUSTITUIDA'),
        counterOffer('p-2', 'PENDIENTE'),
        counterOffer('p-3', 'RECHAZADA'),
      ],
    });
    await screen.findByText('Contraoferta a p-3');
    const thread = log();
    const cards = within(thread).getAllByRole('article', { name: es.chat.counterOfferTitle });
    expect(cards).toHaveLength(3);
    const [answered, open, closed] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(answered).getByText(es.chat.counterOfferAnswered)).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'counter p-2' })).toBeInTheDocument();
    // the lawyer reads what they would receive at that price
    // the fee as its invoice bills it, with its IVA, and what is left for the lawyer, as the server sent them
    expect(within(open).getByText(es.chat.platformFee)).toBeInTheDocument();
    expect(within(open).getByText('32 € + 6,72 € IVA = 38,72 €')).toBeInTheDocument();
    expect(within(open).getByText('281,28 €')).toBeInTheDocument();
    expect(within(closed).getByText(es.chat.counterOfferClosed)).toBeInTheDocument();
    expect(within(thread).getAllByRole('button')).toHaveLength(1);
  });
});
