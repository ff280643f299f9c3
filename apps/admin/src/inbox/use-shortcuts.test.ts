import { describe, expect, it } from 'vitest';
import { keptForText, typingIn } from './use-shortcuts.ts';

const element = (html: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder.firstElementChild;
};

describe('typingIn', () => {
  it('is true in fields and editable text, where j, k, e and / are letters', () => {
    for (const html of [
      '<input>',
      '<textarea></textarea>',
      '<select></select>',
      '<div contenteditable="true"></div>',
    ])
      expect(typingIn(element(html)), html).toBe(true);
  });

  it('is false on buttons, rows, the page itself and no target', () => {
    for (const html of ['<button>Archive</button>', '<div tabindex="0">Row</div>', '<a href="/">Link</a>'])
      expect(typingIn(element(html)), html).toBe(false);
    expect(typingIn(document)).toBe(false);
    expect(typingIn(null)).toBe(false);
  });
});

describe('keptForText', () => {
  it('keeps Escape for a reply being written, and lets it leave a one-line field', () => {
    expect(keptForText('Escape', element('<textarea></textarea>'))).toBe(true);
    expect(keptForText('e', element('<textarea></textarea>'))).toBe(true);
    expect(keptForText('Escape', element('<input>'))).toBe(false);
    expect(keptForText('j', element('<input>'))).toBe(true);
    expect(keptForText('Escape', element('<button>Archive</button>'))).toBe(false);
  });
});
