import { es } from '@l4l/shared/texts/es';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal.tsx';

/** A screen whose ordinary button (not a Radix trigger) opens the dialog, as every screen of the app does. */
function Screen({ withField = true }: { withField?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Cambiar tu contraseña">
        {withField ? <input aria-label="Contraseña actual" /> : <p>Sin campos</p>}
        <button type="button">Guardar</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('starts on its first field, keeps Tab inside and gives the focus back to its opener on Escape', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar tu contraseña' });
    expect(screen.getByLabelText('Contraseña actual')).toHaveFocus();

    // the field, Guardar, the close button, and round again
    await user.tab();
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: es.buttons.close })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Contraseña actual')).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('gives the focus back after the close button too', async () => {
    const user = userEvent.setup();
    render(<Screen withField={false} />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: es.buttons.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
