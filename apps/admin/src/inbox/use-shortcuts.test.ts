import { describe, expect, it } from 'vitest';
import { typingIn } from './use-shortcuts.ts';

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
