import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { typeRightAfterCaretRead } from '../../test/type-after-caret-read.ts';
import { lazyComboboxFields } from './lazy-combobox.tsx';

// Decision 038: each test has its own loader of the real fields, held until the test lets it go, so
// it meets the look-alike and the handover, as a first visit does.
let lazy: ReturnType<typeof lazyComboboxFields>;
let arrive: () => void;
let loads: number;
beforeEach(() => {
  loads = 0;
  const gate = new Promise<void>((resolve) => (arrive = resolve));
  lazy = lazyComboboxFields(() => {
    loads += 1;
    return gate.then(() => import('./combobox-fields.tsx'));
  });
});

const PRIORITIES = [
  { value: 'low', label: 'Low' },
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High' },
];
const PEOPLE = ['Ola Nordmann', 'Kari Nordmann', 'Per Hansen'].map((name, i) => ({
  value: `t${i}`,
  label: name,
}));

/** The real Select renders its value into a hidden input; the look-alike has none. */
const realFields = (container: HTMLElement) => container.querySelectorAll('input[type="hidden"]').length;

describe('LazySelect', () => {
  it('paints the value as a closed combobox; an ArrowDown before the module opens the list with the value active', async () => {
    const onChange = vi.fn();
    const { container, user } = renderWithProviders(
      <lazy.LazySelect label="Priority" data={PRIORITIES} defaultValue="normal" onChange={onChange} />,
    );
    const field = screen.getByRole('combobox', { name: 'Priority' });
    expect(field).toHaveValue('Normal');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveAttribute('aria-haspopup', 'listbox');
    expect(loads).toBe(0);

    field.focus();
    await user.keyboard('{ArrowDown}');
    // The module is asked for once per kind of field (select, type-ahead), both at the first use.
    expect(loads).toBe(2);
    expect(realFields(container)).toBe(0);
    expect(screen.queryByRole('listbox')).toBeNull();
    arrive();
    const list = await screen.findByRole('listbox');
    expect(within(list).getByRole('option', { name: 'Normal' })).toHaveAttribute('data-combobox-selected');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('high', expect.objectContaining({ value: 'high' }));
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
  });

  it('keeps an early Enter from submitting the form and opens the list instead', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user } = renderWithProviders(
      <form onSubmit={onSubmit}>
        <lazy.LazySelect label="Priority" data={PRIORITIES} defaultValue="low" />
      </form>,
    );
    screen.getByRole('combobox', { name: 'Priority' }).focus();
    await user.keyboard('{Enter}');
    arrive();
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('opens after a click made before the module, and picks with the next', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <lazy.LazySelect label="Priority" data={PRIORITIES} value="low" onChange={onChange} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Priority' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    arrive();
    await user.click(await screen.findByRole('option', { name: 'High' }));
    expect(onChange).toHaveBeenCalledWith('high', expect.objectContaining({ value: 'high' }));
  });

  it('swaps on the click when the module arrives while the button is held', async () => {
    const { user } = renderWithProviders(<lazy.LazySelect label="Priority" data={PRIORITIES} />);
    const field = screen.getByRole('combobox', { name: 'Priority' });
    await user.pointer({ keys: '[MouseLeft>]', target: field });
    arrive();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Still the look-alike under the held button: the release's click lands on it and opens.
    expect(screen.getByRole('combobox', { name: 'Priority' })).toBe(field);
    await user.pointer({ keys: '[/MouseLeft]', target: field });
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });

  it('hands over what was typed into a searchable field before the module', async () => {
    const { user } = renderWithProviders(
      <lazy.LazySelect label="Technician" data={PEOPLE} searchable clearable placeholder="Unassigned" />,
    );
    const field = screen.getByRole('combobox', { name: 'Technician' });
    expect(field).toHaveAttribute('placeholder', 'Unassigned');
    await user.type(field, 'Nord');
    expect(field).toHaveValue('Nord');
    arrive();
    const list = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Ola Nordmann', 'Kari Nordmann']),
    );
    expect(screen.getByRole('combobox', { name: 'Technician' })).toHaveValue('Nord');
    expect(screen.getByRole('combobox', { name: 'Technician' })).toHaveFocus();
  });

  it("keeps what is typed between the module's arrival and the swap, and the caret (issue 31)", async () => {
    const { user } = renderWithProviders(<lazy.LazySelect label="Technician" data={PEOPLE} searchable />);
    const field = screen.getByRole('combobox', { name: 'Technician' });
    await user.type(field, 'No');
    typeRightAfterCaretRead(field as HTMLInputElement, 'Nord');
    arrive();
    const real = await screen
      .findByRole('listbox')
      .then(() => screen.getByRole('combobox', { name: 'Technician' }));
    await waitFor(() => expect(real).toHaveValue('Nord'));
    expect(real).toHaveFocus();
    expect((real as HTMLInputElement).selectionStart).toBe(4);
    await user.type(real, 'm');
    expect(real).toHaveValue('Nordm');
  });

  it('swaps every copy on the screen once the module is there; only the one in use takes the focus', async () => {
    const { container, user } = renderWithProviders(
      <>
        <lazy.LazySelect label="Priority" data={PRIORITIES} defaultValue="low" />
        <lazy.LazySelect label="Technician" data={PEOPLE} defaultValue="t1" searchable />
        <lazy.LazyAutocomplete label="Part" data={['Hinge']} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Technician' })).toHaveValue('Kari Nordmann');
    await user.click(screen.getByRole('combobox', { name: 'Priority' }));
    arrive();
    await screen.findByRole('listbox');
    await waitFor(() => expect(realFields(container)).toBe(2));
    // The type-ahead swaps too: the first use of either kind loads both.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Part' })).toHaveClass('mantine-Autocomplete-input'),
    );
    expect(loads).toBe(2);
    expect(screen.getByRole('combobox', { name: 'Technician' })).toHaveValue('Kari Nordmann');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveFocus();
  });
});

describe('preload', () => {
  it('swaps every look-alike ahead of use and moves no focus (a form calls it on its first focus)', async () => {
    const { container } = renderWithProviders(
      <>
        <input aria-label="Title" />
        <lazy.LazySelect label="Priority" data={PRIORITIES} defaultValue="high" />
        <lazy.LazyAutocomplete label="Part" data={['Hinge']} />
      </>,
    );
    const title = screen.getByRole('textbox', { name: 'Title' });
    title.focus();
    lazy.preload();
    expect(loads).toBe(2);
    arrive();
    await waitFor(() => expect(realFields(container)).toBe(1));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Part' })).toHaveClass('mantine-Autocomplete-input'),
    );
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveValue('High');
    expect(title).toHaveFocus();
  });
});

describe('LazyAutocomplete', () => {
  it('keeps the text typed before the module arrived, uncontrolled and controlled', async () => {
    const typed = vi.fn();
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <lazy.LazyAutocomplete
          label="Product"
          data={['Aquatron heater', 'Aquatron pump']}
          value={value}
          onChange={(next) => {
            setValue(next);
            typed(next);
          }}
        />
      );
    }
    const { user } = renderWithProviders(
      <>
        <lazy.LazyAutocomplete label="Part" data={['Hinge', 'Hose']} defaultValue="Ho" />
        <Controlled />
      </>,
    );
    const part = screen.getByRole('combobox', { name: 'Part' });
    expect(part).toHaveValue('Ho');
    await user.type(part, 's');
    await user.type(screen.getByRole('combobox', { name: 'Product' }), 'Aqua');
    expect(typed).toHaveBeenLastCalledWith('Aqua');
    arrive();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Part' })).toHaveValue('Hos'));
    expect(screen.getByRole('combobox', { name: 'Product' })).toHaveValue('Aqua');
    expect(screen.getByRole('combobox', { name: 'Product' })).toHaveFocus();
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(2);
  });
});
