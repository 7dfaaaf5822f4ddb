import { LIMITS } from '@l4l/shared/constants/limits';
import { PROVINCES } from '@l4l/shared/constants/provinces';
import * as Select from '@radix-ui/react-select';
import type { ComponentProps, ReactNode } from 'react';
import picker from '../form/picker.module.css';
import { CheckIcon } from '../icons/icons.tsx';
import styles from './province-select.module.css';

export type ProvinceListProps = {
  /** The trigger's id, class and accessible name, drawn by ProvinceSelect. */
  trigger: ComponentProps<'button'>;
  placeholder: ReactNode;
  /** The chevron, as ProvinceSelect draws it. */
  icon: ReactNode;
  defaultOpen: boolean;
  value: string;
  onChange: (province: string) => void;
  onBlur?: () => void;
};

/**
 * ProvinceSelect once it is used: Radix Select gives the listbox semantics, typeahead ('Mad' → Madrid) and
 * keyboard use, in a list at most 230 px tall (docs/domain.md, Limits).
 */
export function ProvinceList({
  trigger,
  placeholder,
  icon,
  defaultOpen,
  value,
  onChange,
  onBlur,
}: ProvinceListProps) {
  return (
    <Select.Root
      value={value || undefined}
      defaultOpen={defaultOpen}
      onValueChange={onChange}
      onOpenChange={(open) => {
        if (!open) onBlur?.();
      }}
    >
      <Select.Trigger {...trigger}>
        <Select.Value placeholder={placeholder} />
        <Select.Icon className={styles.icon}>{icon}</Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          className={`${picker.panel} ${styles.content}`}
          position="popper"
          sideOffset={6}
          collisionPadding={12}
          style={{
            maxHeight: `min(${LIMITS.provincesDropdownPx}px, var(--radix-select-content-available-height))`,
          }}
        >
          <Select.Viewport className={styles.viewport}>
            {PROVINCES.map((province) => (
              <Select.Item key={province} value={province} className={styles.item}>
                <Select.ItemText>{province}</Select.ItemText>
                <Select.ItemIndicator className={styles.indicator}>
                  <CheckIcon size={16} />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
