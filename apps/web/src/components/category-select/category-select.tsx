import { CATEGORIES, summarizeCategories } from '@l4l/shared/constants/categories';
import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import * as Popover from '@radix-ui/react-popover';
import { useId, useState } from 'react';
import type { ControlProps } from '../form/field.tsx';
import picker from '../form/picker.module.css';
import { ChevronDownIcon } from '../icons/icons.tsx';
import styles from './category-select.module.css';

type CategorySelectProps = ControlProps & {
  labelId: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  placeholder?: string;
  options?: readonly string[];
};

/**
 * Several categories at once (spec §2): a button showing at most two names and '(+n)' (spec §5), opening a
 * list of checkboxes at most 450 px tall (spec §9). Native checkboxes keep it usable with any assistive
 * technology; Radix Popover handles positioning, Escape and focus return.
 */
export function CategorySelect({
  id,
  labelId,
  value,
  onChange,
  onBlur,
  placeholder = es.register.categoriesPlaceholder,
  options = CATEGORIES,
  ...aria
}: CategorySelectProps) {
  const [open, setOpen] = useState(false);
  const valueId = useId();
  const summary = summarizeCategories(value, LIMITS.categorySummaryNames);

  const toggle = (category: string, checked: boolean) => {
    // keep the canonical order, whatever order the person clicked in
    const next = options.filter((option) => (option === category ? checked : value.includes(option)));
    onChange(next);
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onBlur?.();
      }}
    >
      <Popover.Trigger id={id} className={picker.trigger} aria-labelledby={`${labelId} ${valueId}`} {...aria}>
        <span id={valueId} className={summary ? styles.value : picker.placeholder}>
          {summary || placeholder}
        </span>
        <ChevronDownIcon size={18} className={picker.chevron} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={`${picker.panel} ${styles.content}`}
          // Radix gives the panel role="dialog": it takes the field's name, as the trigger does
          aria-labelledby={labelId}
          align="start"
          sideOffset={6}
          collisionPadding={12}
          style={{
            maxHeight: `min(${LIMITS.categoriesDropdownPx}px, var(--radix-popover-content-available-height))`,
          }}
        >
          {/* the div scrolls: Chrome will not scroll a fieldset that is itself a flex item */}
          <div className={styles.list}>
            <fieldset className={styles.fieldset}>
              <legend className="visually-hidden">{es.register.categories}</legend>
              {options.map((category) => (
                <label key={category} className={styles.option}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    checked={value.includes(category)}
                    onChange={(event) => toggle(category, event.currentTarget.checked)}
                  />
                  <span>{category}</span>
                </label>
              ))}
            </fieldset>
          </div>
          <div className={styles.footer}>
            <span className={styles.count} aria-live="polite">
              {es.common.selectedCount(value.length)}
            </span>
            <Popover.Close className={styles.done}>{es.common.done}</Popover.Close>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
