import { afterEach, describe, expect, it } from 'vitest';
import { fontParts } from './web-fonts';

afterEach(() => {
  document.body.innerHTML = '';
});

const words = (count: number) => 'word '.repeat(count).trim();
const texts = (parts: Element[]) => parts.map((part) => part.textContent);

describe('fontParts', () => {
  it('keeps a page of little text whole', () => {
    document.body.innerHTML = `<header><a href="/">Home</a></header><main><p>${words(10)}</p></main>`;
    expect(fontParts(document.body, 200)).toEqual([document.body]);
  });

  it('splits a long page into its sections, each at most the limit, every text in one part', () => {
    document.body.innerHTML = `<header>Menu</header><main>
      <section id="a"><h2>A</h2><p>${words(30)}</p></section>
      <section id="b"><h2>B</h2><p>${words(30)}</p><p>${words(30)}</p></section>
    </main><footer>Footer</footer>`;
    const parts = fontParts(document.body, 200);
    expect(parts.map((part) => part.id || part.tagName)).toEqual(['HEADER', 'a', 'H2', 'P', 'P', 'FOOTER']);
    expect(texts(parts).join('')).toEqual(
      [...document.body.querySelectorAll('header, #a, #b h2, #b p, footer')]
        .map((e) => e.textContent)
        .join(''),
    );
  });

  it('keeps an element with text of its own whole, however long', () => {
    document.body.innerHTML = `<p>${words(100)} <a href="#x">link</a> ${words(100)}</p><figure><svg></svg></figure>`;
    expect(fontParts(document.body, 200)).toEqual([
      document.querySelector('p'),
      document.querySelector('figure'),
    ]);
  });
});
