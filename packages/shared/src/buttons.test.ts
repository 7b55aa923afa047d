import { describe, expect, it } from 'vitest';
import { buttonKeys, screensWithExactButtons } from './buttons';

describe('exact button lists from the domain files', () => {
  it('offers only what the domain file lists where it lists it', () => {
    expect(buttonKeys.qygl_qyzl!.map((b) => b.key)).toEqual(['edit']);
    expect(buttonKeys.yggl_gwqx!.map((b) => b.key)).toEqual(['add', 'edit', 'del']);
    expect(buttonKeys.sfgl_sfbb!.map((b) => b.key)).toEqual(['export', 'print', 'confirm']);
    // Screens without a list keep the standard six.
    expect(buttonKeys.fcgl_xqgl!.map((b) => b.key).slice(0, 6)).toEqual([
      'add',
      'edit',
      'del',
      'export',
      'import',
      'view',
    ]);
  });

  it('labels every listed key in Chinese', () => {
    for (const screen of screensWithExactButtons) {
      for (const b of buttonKeys[screen]!) expect(b.title, `${screen}:${b.key}`).not.toBe(b.key);
    }
  });
});
