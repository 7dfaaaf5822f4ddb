import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import type { ChatListItem, ChatMessage } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../lib/session.tsx';
import { makeCase } from '../../../test/case-fixtures.ts';
import { fail, hang, mockApi, ok, type Route } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { ChatConnectionContext, type ChatConnectionValue } from '../hooks/chat-connection.tsx';
import { ChatPage } from './chat-page.tsx';

const LAWYER: SessionUser = {
  id: '9b2f7c8e-3c1a-4e5b-8f6d-2a7c9e1b4d30',
  username: 'LucíaGarcía',
  role: 'ABOGADO',
  mail: 'lucia@example.com',
  name: 'Lucía',
  surname: 'García Fernández',
  phoneNumber: '698765432',
  photoUrl: null,
};
const CASE_ID = 'b5f5cc21-0d3e-4c4a-9f60-7a1c2e9b7f11';
const OTHER_CASE_ID = 'e3d2c1b0-9a8f-4e7d-8c6b-5a4f3e2d1c0b';
const CHAT: ChatListItem = {
  id: 'c0a8f7e2-5b1d-4c3e-9a2f-6d4b8e1c7a90',
  userId: CLIENT.id,
  lawyerId: LAWYER.id,
  userName: 'Ana Martín Ruiz',
  lawyerName: 'Lucía García Fernández',
  userImgUrl: null,
  lawyerImgUrl: null,
  lastMessage: 'Hola',
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  unread: 2,
};

let sequence = 0;
function message(partial: Partial<ChatMessage>): ChatMessage {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    chatId: CHAT.id,
    senderId: LAWYER.id,
    senderName: 'Lucía García Fernández',
    senderImg: null,
    text: 'Hola',
    timestamp: `2026-11-20T10:${String(sequence % 60).padStart(2, '0')}:00.000Z`,
    userId: CLIENT.id,
    lawyerId: LAWYER.id,
    type: MESSAGE_TYPE.TEXT,
    proposalId: null,
    caseId: CASE_ID,
    proposalAmount: null,
    clientMessageId: null,
    ...partial,
  };
}

const historyPath = `GET /api/chat/${CLIENT.id}/${LAWYER.id}`;

function renderChat({
  viewer = CLIENT,
  counterpartId = LAWYER.id as string | null,
  chats = [CHAT],
  messages = [] as ChatMessage[],
  routes = {} as Record<string, Route>,
  connection = {} as Partial<ChatConnectionValue>,
} = {}) {
  const api = mockApi({
    [`GET /api/chat/getchats/${viewer.id}`]: () => ok(chats),
    [historyPath]: () => ok({ chat: CHAT, messages }),
    [`GET /api/users/${LAWYER.id}/presence`]: () =>
      ok({ online: false, lastConnection: new Date(Date.now() - 5 * 60_000).toISOString() }),
    [`GET /api/users/${CLIENT.id}/presence`]: () => ok({ online: false, lastConnection: null }),
    ...routes,
  });
  const sendMessage = vi.fn<ChatConnectionValue['sendMessage']>(() => Promise.resolve());
  const value: ChatConnectionValue = {
    state: 'connected',
    sendMessage,
    setOpenChat: () => {},
    ...connection,
  };
  renderWithApp(
    <ChatConnectionContext.Provider value={value}>
      <ChatPage
        viewer={viewer}
        counterpartId={counterpartId}
        linkTo={(id) => `/chat?with=${id}`}
        onBack={() => {}}
      />
    </ChatConnectionContext.Provider>,
  );
  return { api, sendMessage, user: userEvent.setup() };
}

const log = () => screen.getByRole('log');

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
    expect(within(thread).getByRole('button', { name: es.buttons.accept })).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: es.buttons.reject })).toBeInTheDocument();
    expect(within(thread).getByRole('img', { name: es.chat.imageLabel })).toHaveAttribute(
      'src',
      '/uploads/chat/contrato.png',
    );
    expect(within(thread).getByText(es.chat.caseLabel('B5F5CC21'))).toBeInTheDocument();
    expect(within(thread).getByText('Hemos recibido tu pago.')).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: es.chat.confirmClosure })).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: es.buttons.cancel })).toBeInTheDocument();
    expect(within(thread).getByText('El caso se ha cerrado.')).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: es.chat.rateWith(5) })).toBeInTheDocument();
    expect(within(thread).getByText('Aviso para los dos.')).toBeInTheDocument();
  });

  it('shows the lawyer no client buttons and none of the client-only kinds', async () => {
    renderChat({
      viewer: LAWYER,
      counterpartId: CLIENT.id,
      messages: [
        message({
          type: MESSAGE_TYPE.PROPOSAL,
          text: 'Mi propuesta',
          proposalId: 'p-1',
          proposalAmount: 300,
        }),
        message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, text: 'Confirma el cierre.' }),
        message({ senderId: null, type: MESSAGE_TYPE.RATING_PROMPT, text: '¿Qué tal ha ido?' }),
        message({ senderId: null, type: MESSAGE_TYPE.CLIENT_NOTICE, text: 'Hemos recibido tu pago.' }),
      ],
    });
    await screen.findByText('Mi propuesta');
    const thread = log();
    expect(within(thread).queryByRole('button')).not.toBeInTheDocument();
    expect(within(thread).queryByText('¿Qué tal ha ido?')).not.toBeInTheDocument();
    expect(within(thread).queryByText('Hemos recibido tu pago.')).not.toBeInTheDocument();
    expect(within(thread).getByText(es.chat.you)).toBeInTheDocument();
  });

  it('hides the buttons of a proposal that was already answered', async () => {
    renderChat({
      messages: [
        message({ type: MESSAGE_TYPE.PROPOSAL, proposalId: 'p-1', proposalAmount: 300 }),
        message({ senderId: null, type: MESSAGE_TYPE.NOTICE, proposalId: 'p-1', text: 'Rechazada.' }),
      ],
    });
    await screen.findByText('Rechazada.');
    expect(screen.queryByRole('button', { name: es.buttons.accept })).not.toBeInTheDocument();
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

  it('uploads an attached PNG and sends it as an image message', async () => {
    const { api, sendMessage, user } = renderChat({
      routes: { 'POST /api/uploads': () => ok({ imageUrl: '/uploads/chat/nuevo.png' }) },
    });
    await screen.findByLabelText(es.chat.messageLabel);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'nota.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('chat-image-input'), file);
    await waitFor(() =>
      expect(sendMessage).toHaveBeenCalledWith(expect.anything(), {
        type: MESSAGE_TYPE.IMAGE,
        text: '/uploads/chat/nuevo.png',
      }),
    );
    expect(api.callsTo('POST /api/uploads')).toHaveLength(1);
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

  it('Aceptar opens the payment link in a new window; a failure says so', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    let answer: Route = () => ok('https://pagos.example/checkout/1');
    const { user } = renderChat({
      messages: [message({ type: MESSAGE_TYPE.PROPOSAL, proposalId: 'p-1', proposalAmount: 300 })],
      routes: { 'POST /api/proposal/accept-proposal/p-1': (call) => answer(call) },
    });
    await user.click(await screen.findByRole('button', { name: es.buttons.accept }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pagos.example/checkout/1', '_blank'));
    answer = () => fail(409, 'INVALID_TRANSITION', 'No.');
    await user.click(screen.getByRole('button', { name: es.buttons.accept }));
    expect(await screen.findByText(es.proposals.acceptFailed)).toBeInTheDocument();
  });

  it('Rechazar rejects with the chat id and hides the buttons', async () => {
    const { api, user } = renderChat({
      messages: [message({ type: MESSAGE_TYPE.PROPOSAL, proposalId: 'p-1', proposalAmount: 300 })],
      routes: { [`POST /api/proposal/reject-proposal/p-1/${CHAT.id}`]: () => ok(null) },
    });
    await user.click(await screen.findByRole('button', { name: es.buttons.reject }));
    expect(await screen.findByText(es.proposals.rejected)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.buttons.accept })).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/proposal/reject-proposal/p-1/${CHAT.id}`)).toHaveLength(1);
  });

  it('a proposal without its id gives the error toast', async () => {
    const { api, user } = renderChat({
      messages: [message({ type: MESSAGE_TYPE.PROPOSAL, proposalId: null, proposalAmount: 300 })],
    });
    await user.click(await screen.findByRole('button', { name: es.buttons.accept }));
    expect(await screen.findByText(es.chat.noProposalId)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.includes('proposal'))).toHaveLength(0);
  });

  it("confirming the closure shows 'Cerrando...' and then 'Caso cerrado correctamente'", async () => {
    let finish: (response: Response) => void = () => {};
    const { user } = renderChat({
      messages: [message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, text: 'Confirma el cierre.' })],
      routes: {
        [`POST /api/cases/confirm-close-case/${CASE_ID}/${CHAT.id}`]: () =>
          new Promise<Response>((resolve) => {
            finish = resolve;
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: es.chat.confirmClosure }));
    expect(await screen.findByRole('button', { name: es.cases.closing })).toBeDisabled();
    finish(ok(null));
    const closed = await screen.findByText(es.cases.closed);
    // docs/product.md, Messages: an error-style toast
    expect(closed.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
    expect(screen.queryByRole('button', { name: es.buttons.cancel })).not.toBeInTheDocument();
  });

  it("a closure the server refuses shows its message; a fault 'Hubo un error inesperado al cerrar el caso.'", async () => {
    let answer: Route = () => fail(409, 'INVALID_TRANSITION', 'El caso ya no está activo.');
    const { user } = renderChat({
      messages: [message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, text: 'Confirma el cierre.' })],
      routes: { [`POST /api/cases/confirm-close-case/${CASE_ID}/${CHAT.id}`]: (call) => answer(call) },
    });
    await user.click(await screen.findByRole('button', { name: es.chat.confirmClosure }));
    expect(await screen.findByText('El caso ya no está activo.')).toBeInTheDocument();
    answer = () => fail(500, 'INTERNAL_ERROR', 'Error interno');
    await user.click(screen.getByRole('button', { name: es.chat.confirmClosure }));
    expect(await screen.findByText(es.cases.closeUnexpected)).toBeInTheDocument();
  });

  it('cancelling the closure request discards it', async () => {
    const { api, user } = renderChat({
      messages: [message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, text: 'Confirma el cierre.' })],
      routes: { [`POST /api/cases/discard-close-case/${CASE_ID}`]: () => ok(null) },
    });
    await user.click(await screen.findByRole('button', { name: es.buttons.cancel }));
    await waitFor(() => expect(api.callsTo(`POST /api/cases/discard-close-case/${CASE_ID}`)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: es.chat.confirmClosure })).not.toBeInTheDocument(),
    );
  });

  it('rates with the clicked stars, thanks, and then says the case is rated', async () => {
    const { api, user } = renderChat({
      messages: [message({ senderId: null, type: MESSAGE_TYPE.RATING_PROMPT, text: '¿Qué tal ha ido?' })],
      routes: { 'POST /api/rating/new-rating': () => ok(null) },
    });
    await user.click(await screen.findByRole('button', { name: es.chat.rateWith(4) }));
    expect(await screen.findByText(es.ratings.thanks)).toBeInTheDocument();
    expect(screen.getByText(es.ratings.alreadyRated)).toBeInTheDocument();
    expect(api.callsTo('POST /api/rating/new-rating')[0]?.body).toEqual({
      lawyerId: LAWYER.id,
      caseId: CASE_ID,
      stars: 4,
      title: '',
      description: '',
    });
  });

  it('shows no stars for a case the server says is already rated', async () => {
    renderChat({
      messages: [message({ senderId: null, type: MESSAGE_TYPE.RATING_PROMPT, text: '¿Qué tal ha ido?' })],
      routes: {
        [`GET /api/cases/user/case/${CASE_ID}`]: () =>
          ok(
            makeCase({ id: CASE_ID, status: 'FINALIZADO', ratingId: 'c1d2e3f4-0000-4000-8000-000000000001' }),
          ),
      },
    });
    expect(await screen.findByText(es.ratings.alreadyRated)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.chat.rateWith(5) })).not.toBeInTheDocument();
  });

  it("a 409 from the server also reads 'Ya has valorado este caso.'; a failure says so", async () => {
    let answer: Route = () => fail(500, 'INTERNAL_ERROR', 'Error interno');
    const { user } = renderChat({
      messages: [message({ senderId: null, type: MESSAGE_TYPE.RATING_PROMPT, text: '¿Qué tal ha ido?' })],
      routes: { 'POST /api/rating/new-rating': (call) => answer(call) },
    });
    await user.click(await screen.findByRole('button', { name: es.chat.rateWith(5) }));
    expect(await screen.findByText(es.ratings.failed)).toBeInTheDocument();
    answer = () => fail(409, 'CONFLICT', 'Ya existe.');
    await user.click(screen.getByRole('button', { name: es.chat.rateWith(5) }));
    expect(await screen.findAllByText(es.ratings.alreadyRated)).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: es.chat.rateWith(5) })).not.toBeInTheDocument();
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
