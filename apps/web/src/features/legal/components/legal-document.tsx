import { es } from '@l4l/shared/texts/es/legal';
import { Fragment, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import styles from './legal-document.module.css';

type Table = { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] };
type Block = string | { list: readonly string[] } | { table: Table };
export type LegalText = {
  intro: readonly string[];
  sections: readonly { id: string; heading: string; blocks: readonly Block[] }[];
};

const DOCUMENTS = [
  { to: paths.legalNotice, label: es.legal.noticeTitle },
  { to: paths.privacy, label: es.legal.privacyTitle },
  { to: paths.cookies, label: es.legal.cookiesTitle },
] as const;

// the domain never ends in a dot, so a sentence's full stop stays outside the link
const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

/** Texts are plain strings (never HTML); an e-mail address inside one becomes a mailto link. */
function withMailLinks(text: string): ReactNode {
  return text.split(EMAIL).map((part, index) =>
    index % 2 === 1 ? (
      <a key={part + String(index)} href={`mailto:${part}`}>
        {part}
      </a>
    ) : (
      <Fragment key={part + String(index)}>{part}</Fragment>
    ),
  );
}

function renderBlock(block: Block, key: number) {
  if (typeof block === 'string') return <p key={key}>{withMailLinks(block)}</p>;
  if ('list' in block) {
    return (
      <ul key={key}>
        {block.list.map((item) => (
          <li key={item}>{withMailLinks(item)}</li>
        ))}
      </ul>
    );
  }
  return (
    // the table scrolls sideways on a phone: its box takes the keyboard focus, so arrows can scroll it
    <section
      key={key}
      className={styles.tableWrap}
      aria-label={block.table.caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className={styles.table}>
        <caption>{block.table.caption}</caption>
        <thead>
          <tr>
            {block.table.head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={cell} scope="row">
                    <code>{cell}</code>
                  </th>
                ) : (
                  <td key={cell}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One of the three legal pages (docs/product.md, Legal pages and cookie banner): the document, its table of contents and the other two. */
export function LegalDocument({
  title,
  text,
  children,
}: {
  title: string;
  text: LegalText;
  children?: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <aside className={styles.aside}>
        <nav aria-label={es.legal.documentsNav} className={styles.docNav}>
          <p className={styles.asideTitle}>{es.legal.documentsNav}</p>
          <ul>
            {DOCUMENTS.map((doc) => (
              <li key={doc.to}>
                <NavLink to={doc.to} className={({ isActive }) => (isActive ? styles.current : undefined)}>
                  {doc.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={es.legal.contents} className={styles.toc}>
          <p className={styles.asideTitle}>{es.legal.contents}</p>
          <ol>
            {text.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading.replace(/^\d+\.\s*/, '')}</a>
              </li>
            ))}
          </ol>
        </nav>
      </aside>
      <article className={styles.document}>
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.updated}>{es.legal.updated}</p>
        </header>
        {text.intro.map((paragraph) => (
          <p key={paragraph} className={styles.intro}>
            {withMailLinks(paragraph)}
          </p>
        ))}
        {children}
        {text.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            className={styles.section}
            aria-labelledby={`${section.id}-h`}
          >
            <h2 id={`${section.id}-h`}>{section.heading}</h2>
            {section.blocks.map(renderBlock)}
          </section>
        ))}
      </article>
    </div>
  );
}
