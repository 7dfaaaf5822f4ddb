import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { es } from '@l4l/shared/texts/es';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHAT_LAWYER, message } from '../../../test/chat-fixtures.tsx';
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
