import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/account';
import * as Popover from '@radix-ui/react-popover';
import { type ComponentProps, type ReactNode, useState } from 'react';
import picker from '../form/picker.module.css';
import styles from './category-select.module.css';

export type CategoryPopoverProps = {
  /** The trigger's id, class and accessible name, drawn by CategorySelect. */
  trigger: ComponentProps<'button'>;
  /** What the trigger shows: the summary of the choice and the chevron. */
  children: ReactNode;
  defaultOpen: boolean;
  labelId: string;
  value: readonly string[];
  options: readonly string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
};

/**
 * CategorySelect's list once it is used: native checkboxes keep it usable with any assistive technology;
 * Radix Popover handles positioning, Escape and focus return. At most 450 px tall (docs/domain.md, Limits).
 */
export function CategoryPopover({
  trigger,
  children,
  defaultOpen,
  labelId,
  value,
  options,
  onChange,
  onBlur,
}: CategoryPopoverProps) {
  const [open, setOpen] = useState(defaultOpen);

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
      <Popover.Trigger {...trigger}>{children}</Popover.Trigger>
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
