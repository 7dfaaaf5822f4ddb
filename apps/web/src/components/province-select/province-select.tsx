import { LIMITS } from '@l4l/shared/constants/limits';
import { PROVINCES } from '@l4l/shared/constants/provinces';
import { es } from '@l4l/shared/texts/es';
import * as Select from '@radix-ui/react-select';
import type { ControlProps } from '../form/field.tsx';
import picker from '../form/picker.module.css';
import { CheckIcon, ChevronDownIcon } from '../icons/icons.tsx';
import styles from './province-select.module.css';

type ProvinceSelectProps = ControlProps & {
  value: string;
  onChange: (province: string) => void;
  onBlur?: () => void;
  placeholder?: string;
};

/**
 * 'Toda España' and the 52 provinces (spec §3) in a list at most 230 px tall (spec §9). Radix Select gives
 * the listbox semantics, typeahead ('Mad' → Madrid) and keyboard use.
 */
export function ProvinceSelect({
  id,
  value,
  onChange,
  onBlur,
  placeholder = es.register.provincePlaceholder,
  ...aria
}: ProvinceSelectProps) {
  return (
    <Select.Root
      value={value || undefined}
      onValueChange={onChange}
      onOpenChange={(open) => {
        if (!open) onBlur?.();
      }}
    >
      <Select.Trigger id={id} className={picker.trigger} {...aria}>
        <Select.Value placeholder={<span className={picker.placeholder}>{placeholder}</span>} />
        <Select.Icon className={styles.icon}>
          <ChevronDownIcon size={18} className={picker.chevron} />
        </Select.Icon>
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
