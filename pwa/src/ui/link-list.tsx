import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A place in the app and the words of its link. */
export type LinkItem = readonly [to: string, text: string];

/** A list of links in the app (a footer column, a menu); `children` are more items after them. */
export function LinkList({ links, id, className, children }: { links: readonly LinkItem[]; id?: string; className?: string; children?: ReactNode }) {
  return (
    <ul id={id} className={className}>
      {links.map(([to, text]) => (
        <li key={text}>
          <Link to={to}>{text}</Link>
        </li>
      ))}
      {children}
    </ul>
  );
}
