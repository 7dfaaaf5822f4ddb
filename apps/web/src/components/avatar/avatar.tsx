import styles from './avatar.module.css';

/** 'María José' + 'López' → 'ML'. */
export function initialsOf(name: string, surname = ''): string {
  const first = name.trim().charAt(0);
  const second = surname.trim().charAt(0) || name.trim().split(/\s+/)[1]?.charAt(0) || '';
  return `${first}${second}`.toUpperCase();
}

/** The person's photo, or their initials on ink when there is none. Decorative: the name is said nearby. */
export function Avatar({
  photoUrl,
  name,
  surname,
  size = 40,
}: {
  photoUrl?: string | null;
  name: string;
  surname?: string;
  size?: number;
}) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (photoUrl) {
    return <img className={styles.avatar} src={photoUrl} alt="" width={size} height={size} style={style} />;
  }
  return (
    <span className={`${styles.avatar} ${styles.initials}`} style={style} aria-hidden="true">
      {initialsOf(name, surname)}
    </span>
  );
}
