import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { tagTone } from './status-colors';

/**
 * A status shown as a tag in its status colour, readable at WCAG AA: pale tint, darkened text. Use it for every
 * colour-coded status (房间状态 and the like) instead of `<Tag color>` with hand-set text colours.
 */
export function StatusTag({ color, children }: { color: string; children: ReactNode }) {
  const tone = tagTone(color);
  return (
    <Tag variant="outlined" style={tone}>
      {children}
    </Tag>
  );
}
