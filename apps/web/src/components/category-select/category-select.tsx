import { CATEGORIES, summarizeCategories } from '@l4l/shared/constants/categories';
import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/account';
import { useId } from 'react';
import { onDemand } from '../../lib/on-demand.ts';
import type { ControlProps } from '../form/field.tsx';
import picker from '../form/picker.module.css';
import { usePickerOnDemand } from '../form/picker-on-demand.ts';
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

const popover = onDemand(() => import('./category-popover.tsx'));

/**
 * Several categories at once (docs/product.md, Home): a button showing at most two names and '(+n)', opening a
 * list of checkboxes (category-popover.tsx, loaded when the button is about to be used).
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
  const valueId = useId();
  const summary = summarizeCategories(value, LIMITS.categorySummaryNames);
  const { loaded, openAtMount, shell } = usePickerOnDemand(popover, id);
  const trigger = { id, className: picker.trigger, 'aria-labelledby': `${labelId} ${valueId}`, ...aria };
  const shown = (
    <>
      <span id={valueId} className={summary ? styles.value : picker.placeholder}>
        {summary || placeholder}
      </span>
      <ChevronDownIcon size={18} className={picker.chevron} />
    </>
  );
  if (!loaded) {
    return (
      <button {...trigger} {...shell} aria-haspopup="dialog">
        {shown}
      </button>
    );
  }
  const { CategoryPopover } = loaded;
  return (
    <CategoryPopover
      trigger={trigger}
      defaultOpen={openAtMount}
      labelId={labelId}
      value={value}
      options={options}
      onChange={onChange}
      onBlur={onBlur}
    >
      {shown}
    </CategoryPopover>
  );
}
