import type { ComponentProps } from 'react';
import { AppLink } from '../../lib/navigation.tsx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'danger' | 'link';

type Look = { variant?: ButtonVariant; size?: 'md' | 'lg' | 'sm'; block?: boolean };

/** The class list of a button look, for the rare element that is neither a button nor a link. */
export function buttonClassName({ variant = 'primary', size = 'md', block = false }: Look, extra?: string) {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & Look) {
  // type defaults to "button": a bare <button> inside a form would submit it by accident
  return <button type={type} className={buttonClassName({ variant, size, block }, className)} {...props} />;
}

/** A link that looks like a button (navigation stays a link for screen readers and middle-click). */
export function ButtonLink({
  variant,
  size,
  block,
  className,
  ...props
}: ComponentProps<typeof AppLink> & Look) {
  return <AppLink className={buttonClassName({ variant, size, block }, className)} {...props} />;
}
