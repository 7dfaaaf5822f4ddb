import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { CategorySelect } from '../category-select/category-select.tsx';
import { ProvinceSelect } from '../province-select/province-select.tsx';

function Pickers() {
  const [categories, setCategories] = useState<string[]>([]);
  const [province, setProvince] = useState('');
  return (
    <>
      <span id="categories-label">Especialidades</span>
      <CategorySelect
        id="categories"
        labelId="categories-label"
        value={categories}
        onChange={setCategories}
      />
      <label htmlFor="province">Provincia</label>
      <ProvinceSelect id="province" value={province} onChange={setProvince} />
    </>
  );
}

describe('pickers loaded on first use', () => {
  it('opens the category list on the first click, before its code was ever asked for', async () => {
    renderWithApp(<Pickers />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Especialidades/ }));
    const panel = await screen.findByRole('dialog', { name: 'Especialidades' });
    await user.click(await screen.findByRole('checkbox', { name: 'Abogado Fiscal' }));
    expect(screen.getByRole('checkbox', { name: 'Abogado Fiscal' })).toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Especialidades/ })).toHaveFocus();
    expect(screen.getByRole('button', { name: /Abogado Fiscal/ })).toBeInTheDocument();
  });

  it('keeps the focus on the province combobox when its code arrives, and opens it with the arrow key', async () => {
    renderWithApp(<Pickers />);
    const user = userEvent.setup();
    const shell = screen.getByRole('combobox', { name: 'Provincia' });
    expect(shell).toHaveAttribute('aria-expanded', 'false');
    shell.focus();
    // the real trigger replaces the shell and takes the focus
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Provincia' })).not.toBe(shell));
    expect(screen.getByRole('combobox', { name: 'Provincia' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });
});
