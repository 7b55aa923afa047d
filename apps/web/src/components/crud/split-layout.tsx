import type { ReactNode } from 'react';
import './crud.css';

/** A side panel (tree filter, position list) beside the main content; stacked on phones. */
export function SplitLayout({
  side,
  children,
  sideWidth,
}: {
  side: ReactNode;
  children: ReactNode;
  sideWidth?: number;
}) {
  return (
    <div className="crud-split">
      <aside className="crud-split-side" style={sideWidth ? { flexBasis: sideWidth } : undefined}>
        {side}
      </aside>
      <div className="crud-split-main">{children}</div>
    </div>
  );
}
