import type { OptionType, Product } from '@aisle/sdk';
import { useState } from 'react';
import { Form } from 'react-router';
import { FieldAlert } from './field-parts.tsx';
import { SubmitButton } from './form.ts';

/** An option as the editor holds it: a choice's `name` is what shoppers read, `color` its swatch. */
export interface EditedOption {
  name: string;
  optionType: OptionType;
  choices: { name: string; color: string }[];
}

/** The options of a product as the editor starts them. */
export function editedOptions(product: Product): EditedOption[] {
  return (product.productOptions ?? []).map((o) => ({
    name: o.name ?? '',
    optionType: o.optionType ?? 'drop_down',
    choices: (o.choices ?? []).map((c) => ({
      name: c.description ?? c.value ?? '',
      color:
        o.optionType === 'color' && /^#[0-9a-f]{6}$/i.test(c.value ?? '') ? (c.value as string) : '#000000',
    })),
  }));
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
};

/**
 * Options and their choices: add, rename, reorder, remove; a colour option gives each choice a swatch.
 * Saving sends them all (`intent=options`): the server makes the variants, one per combination.
 */
export function OptionsEditor({ product, error }: { product: Product; error: string | undefined }) {
  const [options, setOptions] = useState(() => editedOptions(product));
  const setOption = (i: number, change: Partial<EditedOption>) =>
    setOptions((list) => list.map((o, j) => (j === i ? { ...o, ...change } : o)));
  return (
    <Form method="post" className="stack" noValidate>
      <input type="hidden" name="options" value={JSON.stringify(options)} />
      {options.length === 0 && <p className="muted">No options: the product is sold as one item.</p>}
      {options.map((option, i) => {
        const n = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; position is their identity
          <fieldset key={i} className="stack option-box" data-testid="option">
            <legend>Option {n}</legend>
            <div className="field-row">
              <div className="field">
                <label htmlFor={`option-${n}-name`}>Option {n} name</label>
                <input
                  id={`option-${n}-name`}
                  value={option.name}
                  onChange={(e) => setOption(i, { name: e.target.value })}
                />
              </div>
              <div className="field narrow">
                <label htmlFor={`option-${n}-type`}>Option {n} shown as</label>
                <select
                  id={`option-${n}-type`}
                  value={option.optionType}
                  onChange={(e) => setOption(i, { optionType: e.target.value as OptionType })}
                >
                  <option value="drop_down">List</option>
                  <option value="color">Colour swatches</option>
                </select>
              </div>
            </div>
            <ul className="plain-list">
              {option.choices.map((choice, c) => {
                const label = `Option ${n} choice ${c + 1}`;
                const setChoice = (change: Partial<EditedOption['choices'][number]>) =>
                  setOption(i, {
                    choices: option.choices.map((x, k) => (k === c ? { ...x, ...change } : x)),
                  });
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: choices are edited in place
                  <li key={c} className="choice-row">
                    <div className="field">
                      <label htmlFor={`${label}-name`}>{label}</label>
                      <input
                        id={`${label}-name`}
                        value={choice.name}
                        onChange={(e) => setChoice({ name: e.target.value })}
                      />
                    </div>
                    {option.optionType === 'color' && (
                      <div className="field narrow">
                        <label htmlFor={`${label}-color`}>{label} colour</label>
                        <input
                          id={`${label}-color`}
                          type="color"
                          value={choice.color}
                          onChange={(e) => setChoice({ color: e.target.value })}
                        />
                      </div>
                    )}
                    {c > 0 && (
                      <button
                        type="button"
                        className="button button-secondary"
                        onClick={() => setOption(i, { choices: move(option.choices, c, c - 1) })}
                      >
                        Move up<span className="visually-hidden"> {label}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => setOption(i, { choices: option.choices.filter((_, k) => k !== c) })}
                    >
                      Remove<span className="visually-hidden"> {label}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <div className="actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setOption(i, { choices: [...option.choices, { name: '', color: '#000000' }] })}
              >
                Add a choice to option {n}
              </button>
              {i > 0 && (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setOptions((l) => move(l, i, i - 1))}
                >
                  Move option {n} up
                </button>
              )}
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setOptions((l) => l.filter((_, j) => j !== i))}
              >
                Remove option {n}
              </button>
            </div>
          </fieldset>
        );
      })}
      <FieldAlert error={error} />
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            setOptions((l) => [
              ...l,
              { name: '', optionType: 'drop_down', choices: [{ name: '', color: '#000000' }] },
            ])
          }
        >
          Add an option
        </button>
        <SubmitButton name="intent" value="options" pendingText="Saving options…">
          Save options
        </SubmitButton>
      </div>
    </Form>
  );
}

/** The posted options checked: names and choices present and distinct. */
export function readOptions(raw: string): { options: EditedOption[] } | { problem: string } {
  let options: EditedOption[];
  try {
    options = JSON.parse(raw) as EditedOption[];
  } catch {
    return { problem: 'The page could not read the options. Reload it and try again.' };
  }
  const names = new Set<string>();
  for (const [i, o] of options.entries()) {
    const name = o.name.trim();
    if (!name) return { problem: `Give option ${i + 1} a name, such as Size or Colour.` };
    if (names.has(name.toLowerCase())) return { problem: `Two options are called “${name}”: rename one.` };
    names.add(name.toLowerCase());
    if (o.choices.length === 0) return { problem: `Add at least one choice to ${name}.` };
    const choices = new Set<string>();
    for (const [c, choice] of o.choices.entries()) {
      const value = choice.name.trim();
      if (!value) return { problem: `Name choice ${c + 1} of ${name}.` };
      if (choices.has(value.toLowerCase())) return { problem: `${name} has two choices called “${value}”.` };
      choices.add(value.toLowerCase());
    }
  }
  return { options };
}
