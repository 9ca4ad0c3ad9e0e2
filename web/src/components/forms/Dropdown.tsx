import { Label, Field, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { CheckIcon, ChevronDownIcon } from '../icons/icons';

interface DropdownOption<V extends string> {
  value: V;
  label: string;
}

interface DropdownProps<V extends string> {
  label: string;
  /** Show the label for screen readers only. */
  srOnlyLabel?: boolean;
  value: V | null;
  options: readonly DropdownOption<V>[];
  onChange(value: V): void;
  placeholder?: string;
  /** Colours for a dark toolbar. */
  tone?: 'light' | 'dark';
  className?: string;
}

/** A Headless UI Listbox: a button showing the choice and a list of options under it. */
export function Dropdown<V extends string>({
  label,
  srOnlyLabel,
  value,
  options,
  onChange,
  placeholder = '',
  tone = 'light',
  className = '',
}: DropdownProps<V>) {
  const selected = options.find((option) => option.value === value);
  const button =
    tone === 'dark'
      ? 'bg-white/10 text-white ring-white/25 hover:bg-white/15 data-focus:ring-white'
      : 'bg-white text-ink-900 ring-ink-300 hover:bg-ink-50 data-focus:ring-brand-600';
  return (
    <Field className={`min-w-0 ${className}`}>
      <Label className={srOnlyLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-ink-800'}>
        {label}
      </Label>
      <Listbox value={value} onChange={(next: V | null) => next !== null && onChange(next)}>
        <ListboxButton
          className={`flex w-full min-w-0 items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium shadow-xs ring-1 ring-inset focus:outline-none data-focus:ring-2 ${button}`}
        >
          <span className="truncate">{selected?.label ?? placeholder}</span>
          <ChevronDownIcon className="size-5 shrink-0 opacity-70" />
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-50 max-h-72 w-(--button-width) min-w-48 overflow-auto rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-black/10 focus:outline-none"
        >
          {options.map((option) => (
            <ListboxOption
              key={option.value}
              value={option.value}
              className="group flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-ink-800 select-none data-focus:bg-brand-50 data-focus:text-brand-900"
            >
              <CheckIcon className="invisible size-4 shrink-0 text-brand-700 group-data-selected:visible" />
              <span className="truncate group-data-selected:font-semibold">{option.label}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
