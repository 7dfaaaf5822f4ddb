import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { es } from '@l4l/shared/texts/es';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_LAWYER, message } from '../../../test/chat-fixtures.tsx';
import { CLIENT } from '../../../test/render.tsx';
import { MessageItem } from './message-item.tsx';

const noActions = {
  proposal: () => null,
  ownProposal: () => null,
  counterOffer: () => null,
  closureRequest: () => null,
  ratingPrompt: () => null,
};
const picture = (size: { width?: number | null; height?: number | null }) =>
  render(
    <MessageItem
      message={message({ type: MESSAGE_TYPE.IMAGE, text: '/uploads/chat/parte.png', ...size })}
      context={{ role: CHAT_LAWYER.role, own: false, settled: false }}
      caseActions={noActions}
    />,
  );

describe('MessageItem, a picture', () => {
  it('keeps its place before it loads: the stored width and height are on the img', () => {
    picture({ width: 480, height: 640 });
    const img = screen.getByRole('img', { name: es.chat.imageLabel });
    expect(img).toHaveAttribute('width', '480');
    expect(img).toHaveAttribute('height', '640');
  });

  it('gets a fixed box when its size was not kept (a picture stored before sizes were)', () => {
    picture({ width: null, height: null });
    const img = screen.getByRole('img', { name: es.chat.imageLabel });
    expect(img).not.toHaveAttribute('width');
    expect(img.className).toMatch(/unsized/);
  });
});

describe('MessageItem, in a conversation that renders again', () => {
  it('draws a message again only when it or how the viewer sees it changes', () => {
    const proposal = vi.fn(() => null);
    const actions = { ...noActions, proposal };
    const offer = message({ type: MESSAGE_TYPE.PROPOSAL, proposalAmount: 500 });
    const item = (context: { settled: boolean; countered?: boolean }, shown = offer) => (
      <MessageItem
        message={shown}
        context={{ role: CLIENT.role, own: false, ...context }}
        caseActions={actions}
      />
    );
    const { rerender } = render(item({ settled: false }));
    expect(proposal).toHaveBeenCalledTimes(1);
    // the conversation rendered again for another message: a new context object, the same values
    rerender(item({ settled: false }));
    expect(proposal).toHaveBeenCalledTimes(1);
    rerender(item({ settled: false, countered: true }));
    expect(proposal).toHaveBeenCalledTimes(2);
    rerender(item({ settled: false, countered: true }, { ...offer, text: 'Precio revisado' }));
    expect(proposal).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Precio revisado')).toBeInTheDocument();
  });
});
