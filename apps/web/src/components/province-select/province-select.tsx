import { es } from '@l4l/shared/texts/es/account';
import { onDemand } from '../../lib/on-demand.ts';
import type { ControlProps } from '../form/field.tsx';
import picker from '../form/picker.module.css';
import { usePickerOnDemand } from '../form/picker-on-demand.ts';
import { ChevronDownIcon } from '../icons/icons.tsx';
import styles from './province-select.module.css';

type ProvinceSelectProps = ControlProps & {
  value: string;
  onChange: (province: string) => void;
  onBlur?: () => void;
  placeholder?: string;
};

const list = onDemand(() => import('./province-list.tsx'));

/** Radix Select opens its list on these keys; the shell does the same. */
const OPEN_KEYS = ['ArrowDown', 'ArrowUp'];

/**
 * 'Toda España' and the 52 provinces (docs/domain.md, Categories and provinces): a combobox whose list (province-list.tsx) loads when it is
 * about to be used.
 */
export function ProvinceSelect({
  id,
  value,
  onChange,
  onBlur,
  placeholder = es.register.provincePlaceholder,
  ...aria
}: ProvinceSelectProps) {
  const { loaded, openAtMount, shell } = usePickerOnDemand(list, id, OPEN_KEYS);
  const trigger = { id, className: picker.trigger, ...aria };
  const shownPlaceholder = <span className={picker.placeholder}>{placeholder}</span>;
  const icon = <ChevronDownIcon size={18} className={picker.chevron} />;
  if (!loaded) {
    // the closed Radix Select trigger, attribute for attribute
    return (
      <button
        {...trigger}
        {...shell}
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="none"
        data-placeholder={value ? undefined : ''}
      >
        <span style={{ pointerEvents: 'none' }}>{value || shownPlaceholder}</span>
        <span aria-hidden="true" className={styles.icon}>
          {icon}
        </span>
      </button>
    );
  }
  const { ProvinceList } = loaded;
  return (
    <ProvinceList
      trigger={trigger}
      placeholder={shownPlaceholder}
      icon={icon}
      defaultOpen={openAtMount}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
